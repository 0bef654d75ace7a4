import { getErrorMessage } from "@treiber/client";
import type { SignInRequest, SignInResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/**
 * POST /api/v1/Auth/SignIn { email, password }. The sign-in form imports this module when it
 * submits (or when a field gets focus), so the HTTP client is not part of `/login`'s first load.
 */
export async function signInRequest(body: SignInRequest): Promise<SignInResponse> {
  const { data } = await http.post<SignInResponse>(clientPath(API.auth.signIn), body);
  return data;
}

/** The Spanish message of a failed sign-in (the server's, or the network's). */
export function signInErrorMessage(error: unknown): string {
  return getErrorMessage(error);
}
