import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { pendingLabel } from "../outbox/pending-indicator";
import { usePendingCount } from "../outbox/use-pending-count";
import { useSession } from "../session";
import { signOut } from "../sign-out";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * A full-height screen: green top bar with the title (one line, cut with "…"; the whole title on
 * hover and for screen readers) and "Salir", scrolling content, optional tab bar. `leaveWarning`:
 * what "Salir" must warn about on this screen (e.g. a trip in progress).
 */
export function Screen(props: {
  title: string;
  children: ReactNode;
  tabs?: ReactNode;
  leaveWarning?: string;
}) {
  const session = useSession();
  const [asking, setAsking] = useState(false);
  return (
    <div className="screen">
      <header className="top-bar">
        <h1 title={props.title}>{props.title}</h1>
        {session ? (
          <SignOutButton warning={props.leaveWarning} asking={asking} setAsking={setAsking} />
        ) : null}
      </header>
      <main className="content">{props.children}</main>
      {props.tabs}
      {asking ? <SignOutDialog warning={props.leaveWarning} onCancel={() => setAsking(false)} /> : null}
    </div>
  );
}

/**
 * "Salir". With actions still waiting to be sent, or a trip in progress, it asks first: waiting
 * actions stay on the phone and go out the next time this same account signs in (never with another
 * account's session).
 */
function SignOutButton(props: { warning?: string; asking: boolean; setAsking: (value: boolean) => void }) {
  const navigate = useNavigate();
  const pending = usePendingCount();
  const leave = async () => {
    await signOut();
    navigate("/login", { replace: true });
  };
  return (
    <button
      type="button"
      className="top-bar-action"
      onClick={() => (pending > 0 || props.warning ? props.setAsking(true) : void leave())}
    >
      Salir
    </button>
  );
}

function SignOutDialog(props: { warning?: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const pending = usePendingCount();
  const leave = async () => {
    props.onCancel();
    await signOut();
    navigate("/login", { replace: true });
  };
  return (
    <ConfirmDialog
      title={pending > 0 ? "¿Salir con acciones sin enviar?" : "¿Salir de Treiber App?"}
      confirmLabel="Salir"
      onConfirm={() => void leave()}
      onCancel={props.onCancel}
    >
      {props.warning ? <p>{props.warning}</p> : null}
      {pending > 0 ? (
        <p>
          Hay {pendingLabel(pending)}. Se guardan en este teléfono y se enviarán cuando vuelva a entrar con
          esta misma cuenta.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
