import { type RawData, WebSocket } from "ws";
import type { SessionUser } from "../lib/auth-user.js";
import { TOO_MANY_CONNECTIONS } from "./close-reasons.js";
import { createConnection } from "./hub-connection.js";
import { closeWith, forget, type HubContext } from "./hub-context.js";
import type { HubMethod } from "./hub-methods.js";
import { createRecordReader, RecordTooLargeError } from "./hub-protocol.js";
import { handleRecord } from "./record-handler.js";

const textOf = (data: RawData) =>
  Array.isArray(data)
    ? Buffer.concat(data).toString("utf8")
    : Buffer.from(data as ArrayBuffer).toString("utf8");

/**
 * Registers an upgraded socket as a connection of `user` and reads its records. Over the cap of
 * sockets per user, the user's oldest socket gives way (a new tab or device wins).
 */
export function acceptConnection(
  hub: HubContext,
  deps: { methods: Map<string, HubMethod>; maxRecordLength: number; maxConnectionsPerUser: number },
  socket: WebSocket,
  user: SessionUser,
  id: string,
) {
  const connection = createConnection(socket, user, id);
  const own = hub.registry.ofUser(user.id);
  for (const oldest of own.slice(0, Math.max(0, own.length - deps.maxConnectionsPerUser + 1))) {
    forget(hub, oldest);
    closeWith(hub, oldest, TOO_MANY_CONNECTIONS);
  }
  hub.registry.add(connection);
  const read = createRecordReader(deps.maxRecordLength);

  socket.on("message", (data: RawData) => {
    connection.lastReceived = Date.now();
    let records: string[];
    try {
      records = read(textOf(data));
    } catch (error) {
      if (!(error instanceof RecordTooLargeError)) throw error;
      closeWith(hub, connection, "Mensaje demasiado grande");
      return;
    }
    for (const record of records) {
      if (socket.readyState !== WebSocket.OPEN) return;
      handleRecord(hub, deps.methods, connection, record);
    }
  });
  socket.on("close", () => forget(hub, connection));
  socket.on("error", () => forget(hub, connection));
}
