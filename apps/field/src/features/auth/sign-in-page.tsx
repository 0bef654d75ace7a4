import { getErrorMessage } from "@treiber/client";
import { type FormEvent, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useSession } from "../../shared/session";
import { homePathFor } from "./home-path";
import { signIn } from "./sign-in";

const REQUIRED = "Este campo es requerido";

export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
      </form>
    </main>
  );
}
