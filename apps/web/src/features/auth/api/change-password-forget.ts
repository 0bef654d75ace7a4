import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordForgetRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** PUT /api/v1/Auth/changePasswordForget { email, code, newPassword } */
export async function changePasswordForget(body: ChangePasswordForgetRequest): Promise<void> {
  await http.put(clientPath(API.auth.changePasswordForget), body);
}

export function useChangePasswordForget() {
  return useMutation({ mutationFn: changePasswordForget });
}
