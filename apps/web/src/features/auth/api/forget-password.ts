import { useMutation } from "@tanstack/react-query";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** POST /api/v1/Auth/forgetPassword { email }: e-mails an 8-digit code when the account exists. */
export async function forgetPassword(email: string): Promise<void> {
  await http.post(clientPath(API.auth.forgetPassword), { email });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
