import type { SignInOptionsResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";

/**
 * GET /api/v1/Auth/signInOptions with `fetch`: the login page asks it on its first load, before
 * the HTTP client is loaded (decision 0029). No answer reads as "passwords only".
 */
export async function fetchSignInOptions(signal?: AbortSignal): Promise<SignInOptionsResponse> {
  try {
    const response = await fetch(API.auth.signInOptions.path, {
      signal,
      headers: { accept: "application/json" },
    });
    if (!response.ok) return { companySignIn: null };
    return (await response.json()) as SignInOptionsResponse;
  } catch {
    return { companySignIn: null };
  }
}

/** Where «Entrar con <nombre>» goes: the API sends the browser on to the identity provider. */
export const companySignInHref = (app: "web" | "field" = "web") => `${API.auth.oidcStart.path}?app=${app}`;
