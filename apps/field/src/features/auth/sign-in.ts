import type { SignInRequest, SignInResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";
import { sessionStore } from "../../shared/session";

/** POST /api/v1/Auth/SignIn: stores the session (the same one the back office uses). */
export async function signIn(request: SignInRequest) {
  const { data } = await http.post<SignInResponse>(clientPath(API.auth.signIn), request);
  return sessionStore.signIn(data);
}
