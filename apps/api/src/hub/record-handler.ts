import type { Connection } from "./hub-connection.js";
import { closeWith, type HubContext } from "./hub-context.js";
import { invoke } from "./hub-invoker.js";
import type { HubMethod } from "./hub-methods.js";
import { completionRecord, type HubMessage, MessageType, toRecord } from "./hub-protocol.js";

/** The first record: `{"protocol":"json","version":1|2}`, answered `{}`; anything else closes. */
function handshake(hub: HubContext, connection: Connection, text: string) {
  let request: { protocol?: unknown; version?: unknown } | undefined;
  try {
    request = JSON.parse(text);
  } catch {
    request = undefined;
  }
  if (request?.protocol !== "json" || (request.version !== 1 && request.version !== 2)) {
    const protocol = String(request?.protocol ?? "").slice(0, 40);
    hub.coalescer.send(connection, toRecord({ error: `El protocolo '${protocol}' no está soportado` }));
    hub.coalescer.flush(connection);
    connection.socket.close(1000);
    return;
  }
  connection.handshaken = true;
  hub.coalescer.startShared(connection);
  hub.coalescer.send(connection, toRecord({}));
}

function parseMessage(text: string): HubMessage | undefined {
  try {
    const message = JSON.parse(text);
    if (typeof message !== "object" || message === null || typeof message.type !== "number") return undefined;
    return message;
  } catch {
    return undefined;
  }
}

/** Handles one whole record received on a connection: the handshake, then hub messages. */
export function handleRecord(
  hub: HubContext,
  methods: Map<string, HubMethod>,
  connection: Connection,
  text: string,
) {
  if (!connection.handshaken) return handshake(hub, connection, text);
  const message = parseMessage(text);
  if (!message) return closeWith(hub, connection, "Mensaje inválido");
  switch (message.type) {
    case MessageType.Invocation:
      // One invocation at a time per connection, in order (as SignalR servers do by default).
      connection.queue = connection.queue.then(() => invoke(hub, methods, connection, message));
      return;
    case MessageType.StreamInvocation:
      if (typeof message.invocationId === "string")
        hub.coalescer.send(
          connection,
          completionRecord(message.invocationId, { error: "Streaming no soportado" }),
        );
      return;
    case MessageType.Close:
      hub.coalescer.flush(connection);
      connection.socket.close(1000);
      return;
    default:
      // Ping, CancelInvocation, StreamItem and Completion need no answer.
      return;
  }
}
