import { WebSocket } from "ws";
import { closeWith, type HubContext } from "./hub-context.js";

/**
 * On shutdown: every connection gets Close with `allowReconnect` (the client comes back to another
 * instance), then waits up to 1 s for the sockets to close and terminates the rest.
 */
export async function closeAllConnections(hub: HubContext) {
  const open = [...hub.registry.connections];
  for (const connection of open) closeWith(hub, connection, "El servidor se está reiniciando", true);
  await new Promise<void>((resolve) => {
    const check = () => {
      if (open.every((c) => c.socket.readyState === WebSocket.CLOSED)) resolve();
      else if (Date.now() - started > 1_000) {
        for (const c of open) c.socket.terminate();
        resolve();
      } else setTimeout(check, 10);
    };
    const started = Date.now();
    check();
  });
}
