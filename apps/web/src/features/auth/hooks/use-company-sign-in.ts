import type { SignInOptionsResponse } from "@treiber/contract";
import { companySignInErrorMessage } from "@treiber/contract/messages";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { landingPath } from "../../../shared/guards/guards";
import { signIn } from "../../../shared/session/session-store";
import { fetchSignInOptions } from "../api/sign-in-options";

/** `#oidc=<code>` or `#oidcError=<reason>`, as the company sign-in's callback leaves them. */
function readHash(hash: string) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return { code: params.get("oidc"), error: params.get("oidcError") };
}

/**
 * The login page's side of the company account (issue 39): whether to offer «Entrar con <nombre>»,
 * and, back from the provider, the session for the one-time code (taken out of the address at once)
 * or the reason it was refused.
 */
export function useCompanySignIn() {
  const navigate = useNavigate();
  const [options, setOptions] = useState<SignInOptionsResponse["companySignIn"]>(null);
  const [initial] = useState(() => readHash(window.location.hash));
  const [pending, setPending] = useState(initial.code !== null);
  const [failure, setFailure] = useState<string | null>(
    initial.error ? companySignInErrorMessage(initial.error) : null,
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchSignInOptions(controller.signal).then((answer) => setOptions(answer.companySignIn));
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!initial.code && !initial.error) return;
    // The code is used once: out of the address bar and the history before it is sent.
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    if (!initial.code) return;
    const code = initial.code;
    void (async () => {
      const { companySessionRequest, companySessionErrorMessage } = await import("../api/company-sign-in");
      try {
        const session = signIn(await companySessionRequest(code));
        await navigate(landingPath(session), { replace: true });
      } catch (error) {
        setFailure(companySessionErrorMessage(error));
        setPending(false);
      }
    })();
  }, [initial, navigate]);

  return { companySignIn: options, pending, failure };
}
