import { DATABASE_BUSY_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE, databaseFault } from "../lib/db-errors.js";
import { HttpError } from "../lib/http-error.js";
import type { Connection } from "./hub-connection.js";
import type { HubContext } from "./hub-context.js";
import { type HubCaller, HubError, type HubMethod } from "./hub-methods.js";
import { completionRecord, type HubMessage } from "./hub-protocol.js";

/** What the client reads of an unexpected error: the database's state when that was the cause. */
function serverErrorMessage(error: unknown): string {
  const fault = databaseFault(error);
  if (fault === "unavailable") return DATABASE_UNAVAILABLE_MESSAGE;
  if (fault === "busy") return DATABASE_BUSY_MESSAGE;
  return "Ocurrió un error en el servidor";
}

/**
 * Runs one Invocation with the connection as caller and answers with a Completion when the client
 * asked for one (an `invocationId`): the result, the message of a HubError or a 4xx, or a generic
 * error (logged) for anything else.
 */
export async function invoke(
  hub: HubContext,
  methods: Map<string, HubMethod>,
  connection: Connection,
  message: HubMessage,
) {
  const invocationId = typeof message.invocationId === "string" ? message.invocationId : undefined;
  const reply = (outcome: { result: unknown } | { error: string }) => {
    if (invocationId !== undefined) hub.coalescer.send(connection, completionRecord(invocationId, outcome));
  };
  if (typeof message.target !== "string" || !Array.isArray(message.arguments)) {
    reply({ error: "Invocación inválida" });
    return;
  }
  const method = methods.get(message.target.toLowerCase());
  if (!method) {
    reply({ error: `Unknown hub method '${message.target.slice(0, 100)}'` });
    return;
  }
  const caller: HubCaller = {
    user: connection.user,
    joinGroup: (name) => hub.registry.joinGroup(connection, name),
    leaveGroup: (name) => hub.registry.leaveGroup(connection, name),
  };
  try {
    const result = await method(caller, message.arguments);
    reply({ result: result ?? null });
  } catch (error) {
    if (error instanceof HubError || (error instanceof HttpError && error.statusCode < 500)) {
      reply({ error: error.message });
    } else {
      hub.log.error({ err: error, target: message.target }, "hub: error en un método");
      reply({ error: serverErrorMessage(error) });
    }
  }
}
