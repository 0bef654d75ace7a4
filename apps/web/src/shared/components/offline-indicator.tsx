import { Alert } from "antd";
import { useOnlineStatus } from "../hooks/use-online-status";

export function OfflineIndicator() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Alert
      banner
      type="warning"
      title="Sin conexión. Verifique su conexión a internet"
      data-testid="offline-indicator"
      style={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: 2000, textAlign: "center" }}
    />
  );
}
