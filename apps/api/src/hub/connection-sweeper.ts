import type { HubContext } from "./hub-context.js";
import type { HubTimings } from "./hub-options.js";
import { PING_RECORD } from "./hub-protocol.js";
import type { RightsRecheck } from "./rights-recheck.js";

/**
 * Every few seconds: drops sockets that never shook hands or went silent, pings the quiet ones,
 * and re-checks the rights of those whose access token expired (closed for good if they ended).
 */
export function startConnectionSweeper(
  hub: HubContext,
  timings: Pick<HubTimings, "handshakeTimeoutMs" | "idleTimeoutMs" | "pingIntervalMs">,
  rights: RightsRecheck,
) {
  const { handshakeTimeoutMs, idleTimeoutMs, pingIntervalMs } = timings;
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const connection of hub.registry.connections) {
        if (!connection.handshaken) {
          if (now - connection.openedAt > handshakeTimeoutMs) connection.socket.terminate();
          continue;
        }
        // No Close record: a silent client is probably gone; a live one reconnects on its own.
        if (now - connection.lastReceived > idleTimeoutMs) connection.socket.terminate();
        else if (now - connection.lastSent >= pingIntervalMs) hub.coalescer.send(connection, PING_RECORD);
        if (now >= connection.recheckAt) void rights.recheck(connection);
      }
    },
    Math.max(20, Math.min(pingIntervalMs, idleTimeoutMs, 5_000) / 3),
  );
  sweeper.unref();
  return () => clearInterval(sweeper);
}
