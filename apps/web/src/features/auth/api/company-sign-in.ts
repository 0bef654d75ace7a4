import { getErrorMessage } from "@treiber/client";
import type { SignInResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/**
 * POST /api/v1/Auth/oidc/session { code }: the one-time code the company account's sign-in left
 * in the login page's address, exchanged for Treiber's session. Loaded only when there is one.
 */
export async function companySessionRequest(code: string): Promise<SignInResponse> {
  const { data } = await http.post<SignInResponse>(clientPath(API.auth.oidcSession), { code });
  return data;
}

/** The Spanish message of a failed exchange (the server's, or the network's). */
export const companySessionErrorMessage = (error: unknown): string => getErrorMessage(error);
