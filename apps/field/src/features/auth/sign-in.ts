import type { SignInRequest, SignInResponse } from "@treiber/contract";
import { http } from "../../shared/http";
import { sessionStore } from "../../shared/session";

/** POST /api/v1/Auth/SignIn: stores the session (the same one the back office uses). */
export async function signIn(request: SignInRequest) {
  const { data } = await http.post<SignInResponse>("/Auth/SignIn", request);
  return sessionStore.signIn(data);
}
