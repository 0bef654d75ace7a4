import type { SignInOptionsResponse, SignInResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";
import { sessionStore } from "../../shared/session";

/** GET /api/v1/Auth/signInOptions: «Entrar con <nombre>» when the company account is configured. */
export async function fetchSignInOptions(): Promise<SignInOptionsResponse["companySignIn"]> {
  try {
    const { data } = await http.get<SignInOptionsResponse>(clientPath(API.auth.signInOptions));
    return data.companySignIn;
  } catch {
    return null;
  }
}

/** Where «Entrar con <nombre>» goes: the API sends the phone on to the identity provider. */
export const COMPANY_SIGN_IN_HREF = `${API.auth.oidcStart.path}?app=field`;

/** POST /api/v1/Auth/oidc/session: the one-time code back from the provider, for the session. */
export async function companySignIn(code: string) {
  const { data } = await http.post<SignInResponse>(clientPath(API.auth.oidcSession), { code });
  return sessionStore.signIn(data);
}

/** `#oidc=<code>` or `#oidcError=<reason>` as the callback leaves them, taken out of the address. */
export function takeCompanySignInHash(): { code: string | null; error: string | null } {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const found = { code: params.get("oidc"), error: params.get("oidcError") };
  if (found.code || found.error) {
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }
  return found;
}
