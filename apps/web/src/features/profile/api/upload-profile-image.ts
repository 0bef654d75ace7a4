import { useMutation } from "@tanstack/react-query";
import { API, apiPath, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { getSession, updateSession } from "../../../shared/session/session-store";

export const PROFILE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** PUT /api/v1/ProfileImage/{userId}: the image bytes as the body (the server checks the content). */
export async function uploadProfileImage(userId: number, file: File): Promise<void> {
  await http.put(clientPath(API.profileImage.upload, { userId }), file, {
    headers: { "Content-Type": file.type },
  });
}

export function useUploadProfileImage(userId: number) {
  return useMutation({
    mutationFn: (file: File) => uploadProfileImage(userId, file),
    onSuccess: () => {
      const session = getSession();
      if (session)
        updateSession({
          user: { ...session.user, image: `${apiPath(API.profileImage.get, { userId })}?v=${Date.now()}` },
        });
    },
  });
}
