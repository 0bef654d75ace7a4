import { HUB_EVENTS, type IncidentItem } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-events.js";
import { toIncidentItem } from "./incident-items.js";
import { incidentsByIds } from "./incident-repository.js";

/**
 * Webhooks' incident.opened / incident.closed (decision 0085): the message id is the incident's and
 * the change's, so an announcement repeated (or made by two instances) queues it once.
 */
async function queueIncidentWebhook(db: Db, item: IncidentItem) {
  const event = item.status === "OPEN" ? "opened" : item.status === "CLOSED" ? "closed" : undefined;
  if (!event) return;
  const data = {
    id: item.id,
    type: item.type,
    severity: item.severity,
    status: item.status,
    intermediateRouteId: item.intermediateRouteId,
    routeId: item.routeId,
    routeName: item.routeName,
    branchOfficeId: item.branchOfficeId,
    openedAt: item.openedAt,
    closedAt: item.closedAt,
    closeReason: item.closeReason,
  };
  await enqueueWebhookEvent(db, `incident.${event}`, data, { messageId: `msg_incident_${item.id}_${event}` });
}

/**
 * `ReceiveIncident` (the whole IncidentItem) to every admin, for the rows a write actually changed:
 * the database says which instance changed a row, so each change is announced once.
 */
export function createIncidentAnnouncer(db: Db, realtime: RealtimeBus) {
  return async (ids: readonly number[]) => {
    if (ids.length === 0) return;
    const rows = await incidentsByIds(db, [...ids]);
    for (const row of rows) {
      const item = toIncidentItem(row);
      await realtime.publish({
        audience: { kind: "admins" },
        target: HUB_EVENTS.receiveIncident,
        args: [item],
      });
      await queueIncidentWebhook(db, item);
    }
  };
}
export type IncidentAnnouncer = ReturnType<typeof createIncidentAnnouncer>;
