import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** PUT /api/v1/Auth/changePassword { currentPassword, newPassword } */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await http.put(clientPath(API.auth.changePassword), body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
