import type { Audience, RealtimeEvent } from "../realtime/realtime-bus.js";
import type { Connection } from "./hub-connection.js";
import type { HubContext } from "./hub-context.js";
import { invocationRecord } from "./hub-protocol.js";

/** Whether the event goes to every admin (the shared frame); "all but its author" does not. */
const hasAdmins = (audience: Audience): boolean =>
  (audience.kind === "admins" && audience.exceptUserId === undefined) ||
  (audience.kind === "many" && audience.audiences.some(hasAdmins));

/**
 * Delivers a realtime event to the matching local connections: once in the shared admin frame
 * when it goes to every admin, and as an own record to the others (an admin that is also in the
 * trip's group gets it once).
 */
export function deliverEvent(hub: HubContext, event: RealtimeEvent) {
  const { registry, coalescer } = hub;
  const toAdmins = registry.admins.size > 0 && hasAdmins(event.audience);
  const recipients = new Set<Connection>();
  registry.collect(event.audience, recipients);
  if (!toAdmins && recipients.size === 0) return;
  const record = invocationRecord(event.target, event.args);
  if (toAdmins) coalescer.sendToAdmins(record);
  for (const connection of recipients)
    if (connection.handshaken && !(toAdmins && registry.admins.has(connection)))
      coalescer.send(connection, record);
}
