import "./pending-indicator.css";
import { appOutbox } from "./app-outbox";
import { useOnline } from "./use-online";
import { useOutbox } from "./use-outbox";

export function pendingLabel(count: number): string {
  return count === 1 ? "1 pendiente de enviar" : `${count} pendientes de enviar`;
}

/** "Sin conexión" / "N pendientes de enviar", and the actions the server refused (with its message). */
export function PendingIndicator() {
  const online = useOnline();
  const { pending, rejected } = useOutbox();
  if (online && pending === 0 && rejected.length === 0) return null;
  return (
    <div className="outbox-status" role="status" aria-live="polite">
      {online && pending === 0 ? null : (
        <p className={online ? "outbox-pending" : "outbox-offline"}>
          {online ? null : <strong>Sin conexión</strong>}
          {pending > 0 ? <span>{pendingLabel(pending)}</span> : null}
        </p>
      )}
      {rejected.map((action) => (
        <p key={action.id} className="outbox-rejected">
          <span>No se registró: {action.message}</span>
          <button
            type="button"
            className="outbox-dismiss"
            onClick={() => void appOutbox().dismissRejected(action.id)}
          >
            Entendido
          </button>
        </p>
      ))}
    </div>
  );
}
