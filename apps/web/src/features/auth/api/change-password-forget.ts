import { useMutation } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";

export interface ChangePasswordForgetBody {
  email: string;
  code: string;
  newPassword: string;
}

/** PUT /api/v1/Auth/changePasswordForget { email, code, newPassword } */
export async function changePasswordForget(body: ChangePasswordForgetBody): Promise<void> {
  await http.put("/Auth/changePasswordForget", body);
}

export function useChangePasswordForget() {
  return useMutation({ mutationFn: changePasswordForget });
}
