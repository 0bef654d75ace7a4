import { useMutation } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

/** PUT /api/v1/Auth/changePassword { currentPassword, newPassword } */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await http.put("/Auth/changePassword", body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
