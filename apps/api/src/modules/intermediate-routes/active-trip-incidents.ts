import { type ActiveTrip, INCIDENT_SEVERITY, type IncidentType } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { unclosedIncidentsOf } from "./trip-list-repository.js";

type OpenIncident = NonNullable<ActiveTrip["openIncidents"]>[number];

const isIncidentType = (type: string): type is IncidentType => Object.hasOwn(INCIDENT_SEVERITY, type);

/**
 * Each trip's unclosed incidents with their severity (issue 33: the live map marks a bus with an
 * open critical incident, or a warning). Trips without any are absent from the map.
 */
export async function openIncidentsByTrip(db: Db, tripIds: number[]): Promise<Map<number, OpenIncident[]>> {
  const byTrip = new Map<number, OpenIncident[]>();
  for (const row of await unclosedIncidentsOf(db, tripIds)) {
    if (row.tripId === null || !isIncidentType(row.type)) continue;
    const incident = { id: row.id, type: row.type, severity: INCIDENT_SEVERITY[row.type] };
    byTrip.set(row.tripId, [...(byTrip.get(row.tripId) ?? []), incident]);
  }
  return byTrip;
}
