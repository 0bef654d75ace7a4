import { useOnlineStatus } from "../hooks/use-online-status";

/** A banner while the browser is offline; plain HTML and CSS (global.css), it is in the first chunk. */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="plain-offline-banner" role="alert" data-testid="offline-indicator">
      Sin conexión. Verifique su conexión a internet
    </div>
  );
}
