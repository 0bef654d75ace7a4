import { companySignInLabel } from "@treiber/contract/messages";
import { companySignInHref } from "../api/sign-in-options";
import { useCompanySignIn } from "../hooks/use-company-sign-in";

/**
 * «Entrar con <nombre>» above the password form when the company account is configured (issue 39),
 * the message of a refused company sign-in, and the wait while its session is fetched.
 */
export function CompanySignInSection() {
  const { companySignIn, pending, failure } = useCompanySignIn();
  return (
    <>
      {failure ? (
        <div className="plain-alert-error" role="alert" data-testid="company-sign-in-error">
          {failure}
        </div>
      ) : null}
      {pending ? (
        <p className="plain-status" role="status">
          <span className="plain-spinner plain-spinner-small" aria-hidden="true" /> Entrando con la cuenta de
          la empresa…
        </p>
      ) : null}
      {companySignIn && !pending ? (
        <>
          <a className="plain-button plain-button-block plain-button-link" href={companySignInHref("web")}>
            {companySignInLabel(companySignIn.name)}
          </a>
          <div className="plain-divider" aria-hidden="true">
            o con su correo y contraseña
          </div>
        </>
      ) : null}
    </>
  );
}
