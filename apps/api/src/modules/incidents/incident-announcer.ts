import { HUB_EVENTS } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import { toIncidentItem } from "./incident-items.js";
import { incidentsByIds } from "./incident-repository.js";

/**
 * `ReceiveIncident` (the whole IncidentItem) to every admin, for the rows a write actually changed:
 * the database says which instance changed a row, so each change is announced once.
 */
export function createIncidentAnnouncer(db: Db, realtime: RealtimeBus) {
  return async (ids: readonly number[]) => {
    if (ids.length === 0) return;
    const rows = await incidentsByIds(db, [...ids]);
    for (const row of rows) {
      await realtime.publish({
        audience: { kind: "admins" },
        target: HUB_EVENTS.receiveIncident,
        args: [toIncidentItem(row)],
      });
    }
  };
}
export type IncidentAnnouncer = ReturnType<typeof createIncidentAnnouncer>;
