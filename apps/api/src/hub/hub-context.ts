import type { FastifyBaseLogger } from "fastify";
import type { ConnectionRegistry } from "./connection-registry.js";
import type { FrameCoalescer } from "./frame-coalescer.js";
import type { Connection } from "./hub-connection.js";
import { closeRecord } from "./hub-protocol.js";

/** What the hub's parts share: the connections, the writer and the log. */
export type HubContext = {
  registry: ConnectionRegistry;
  coalescer: FrameCoalescer;
  log: FastifyBaseLogger;
};

/** Drops a connection from the indexes and its queued records (its socket closed or is closing). */
export function forget(hub: HubContext, connection: Connection) {
  hub.coalescer.drop(connection);
  hub.registry.remove(connection);
}

/** Sends a Close record after what is pending, then closes the socket. */
export function closeWith(
  hub: HubContext,
  connection: Connection,
  error: string | undefined,
  allowReconnect = false,
) {
  hub.coalescer.send(connection, closeRecord(error, allowReconnect));
  hub.coalescer.flush(connection);
  connection.socket.close(1000);
}
