import { useMutation } from "@tanstack/react-query";
import type { SignInRequest, SignInResponse } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";

/** POST /api/v1/Auth/SignIn { email, password } */
export async function signInRequest(body: SignInRequest): Promise<SignInResponse> {
  const { data } = await http.post<SignInResponse>("/Auth/SignIn", body);
  return data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signInRequest });
}
