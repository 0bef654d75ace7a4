import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { pendingLabel } from "../outbox/pending-indicator";
import { usePendingCount } from "../outbox/use-pending-count";
import { useSession } from "../session";
import { signOut } from "../sign-out";
import { ConfirmDialog } from "./confirm-dialog";

/** A full-height screen: green top bar with the title and "Salir", scrolling content, optional tab bar. */
export function Screen(props: { title: string; children: ReactNode; tabs?: ReactNode }) {
  const session = useSession();
  return (
    <div className="screen">
      <header className="top-bar">
        <h1>{props.title}</h1>
        {session ? <SignOutButton /> : null}
      </header>
      <main className="content">{props.children}</main>
      {props.tabs}
    </div>
  );
}

/**
 * "Salir". With actions still waiting to be sent it asks first: they stay on the phone and go
 * out the next time this same account signs in (never with another account's session).
 */
function SignOutButton() {
  const navigate = useNavigate();
  const pending = usePendingCount();
  const [asking, setAsking] = useState(false);
  const leave = async () => {
    setAsking(false);
    await signOut();
    navigate("/login", { replace: true });
  };
  return (
    <>
      <button
        type="button"
        className="top-bar-action"
        onClick={() => (pending > 0 ? setAsking(true) : void leave())}
      >
        Salir
      </button>
      {asking ? (
        <ConfirmDialog
          title="¿Salir con acciones sin enviar?"
          confirmLabel="Salir"
          onConfirm={() => void leave()}
          onCancel={() => setAsking(false)}
        >
          <p>
            Hay {pendingLabel(pending)}. Se guardan en este teléfono y se enviarán cuando vuelva a entrar con
            esta misma cuenta.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
