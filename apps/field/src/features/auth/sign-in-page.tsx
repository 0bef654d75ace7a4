import { getErrorMessage } from "@treiber/client";
import { companySignInErrorMessage, companySignInLabel } from "@treiber/contract/messages";
import { type FormEvent, useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useSession } from "../../shared/session";
import {
  COMPANY_SIGN_IN_HREF,
  companySignIn,
  fetchSignInOptions,
  takeCompanySignInHash,
} from "./company-sign-in";
import { homePathFor } from "./home-path";
import { signIn } from "./sign-in";

const REQUIRED = "Este campo es requerido";

export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [returned] = useState(takeCompanySignInHash);
  const [error, setError] = useState<string | null>(
    returned.error ? companySignInErrorMessage(returned.error) : null,
  );
  const [busy, setBusy] = useState(returned.code !== null);
  const [company, setCompany] = useState<{ name: string } | null>(null);

  useEffect(() => {
    void fetchSignInOptions().then(setCompany);
  }, []);

  // Back from the company's provider (issue 39): its one-time code for Treiber's session.
  useEffect(() => {
    if (!returned.code) return;
    companySignIn(returned.code)
      .then((signedIn) => navigate(homePathFor(signedIn.roles), { replace: true }))
      .catch((failure: unknown) => {
        setError(getErrorMessage(failure));
        setBusy(false);
      });
  }, [returned, navigate]);

  if (session) return <Navigate to={homePathFor(session.roles)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const signedIn = await signIn({ email: email.trim(), password });
      navigate(homePathFor(signedIn.roles), { replace: true });
    } catch (failure) {
      setError(getErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <main className="sign-in">
      <img className="sign-in-logo" src={`${import.meta.env.BASE_URL}icons/logo.svg`} alt="" />
      <h1>Treiber App</h1>
      <p className="muted">Rutas del chofer y código QR del colaborador</p>
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span>Correo electrónico</span>
          <input
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
        </label>
        <label className="field">
          <span>Contraseña</span>
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Ingresando…" : "Iniciar sesión"}
        </button>
        {company && !busy ? (
          <a className="button sign-in-company" href={COMPANY_SIGN_IN_HREF}>
            {companySignInLabel(company.name)}
          </a>
        ) : null}
      </form>
    </main>
  );
}
