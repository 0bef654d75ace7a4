import { useMutation } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";

export interface RegeneratePasswordResponse {
  userId: number;
  temporaryPassword: string;
  message: string;
}

/** PUT /api/v1/Auth/RegeneratePassword — the temporary password is shown only once. */
export async function regeneratePassword(body: { userId: number }): Promise<RegeneratePasswordResponse> {
  const { data } = await http.put<RegeneratePasswordResponse>("/Auth/RegeneratePassword", body);
  return data;
}

export function useRegeneratePassword() {
  return useMutation({ mutationFn: regeneratePassword });
}
