import { INCIDENT_TYPES, type IncidentType, type TripIncident } from "@treiber/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { date, rowsOf } from "../reports/trip-scope.js";
import { personNameSql } from "./incident-report-repository.js";

const textOf = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Who acknowledged an incident: the person's full name (collaborator or driver), else the e-mail. */
const ACKNOWLEDGED_BY = sql`coalesce(e.name || ' ' || e.lastname, d.name || ' ' || d.lastname, u.email)`;

/** One trip's incidents, oldest first (the `incidents_trip_idx` index), as its trip sheet lists them. */
export async function tripIncidents(db: Db, intermediateRouteId: number): Promise<TripIncident[]> {
  const rows = await rowsOf(
    db,
    sql`select i.id, i.type, i.status, i.opened_at, i.closed_at, i.note, ${ACKNOWLEDGED_BY} as acknowledged_by,
        i.outcome, ${personNameSql(sql`i.person_user_id`)} as person_name,
        ${personNameSql(sql`i.closed_by_user_id`)} as closed_by
      from incidents i
        left join users u on u.id = i.acknowledged_by_user_id
        left join employees e on e.user_id = u.id
        left join drivers d on d.user_id = u.id
      where i.intermediate_route_id = ${intermediateRouteId}
      order by i.opened_at, i.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type as IncidentType,
    status: row.status as TripIncident["status"],
    openedAt: date(row.opened_at).toISOString(),
    closedAt:
      row.closed_at === null || row.closed_at === undefined ? null : date(row.closed_at).toISOString(),
    acknowledgedBy:
      row.acknowledged_by === null || row.acknowledged_by === undefined ? null : String(row.acknowledged_by),
    note: row.note === null || row.note === undefined ? null : String(row.note),
    personName: textOf(row.person_name),
    outcome: textOf(row.outcome) as TripIncident["outcome"],
    closedBy: textOf(row.closed_by),
  }));
}

/**
 * The incidents of the trip `ct.intermediate_route_id` (a lateral subquery for the cut's Detail):
 * `incidents` (count) and `incident_types` (the types, each once).
 */
export const cutTripIncidentsSql = sql`left join lateral (
    select count(*)::int as incidents, coalesce(array_agg(distinct i.type), '{}') as incident_types
    from incidents i where i.intermediate_route_id = ct.intermediate_route_id
  ) inc on true`;

/** Types as read from `incident_types` (a text[] or its literal), in INCIDENT_TYPES order. */
export function incidentTypesOf(value: unknown): IncidentType[] {
  const list = Array.isArray(value)
    ? value.map(String)
    : typeof value === "string"
      ? value
          .replace(/^\{|\}$/g, "")
          .split(",")
          .filter(Boolean)
      : [];
  return INCIDENT_TYPES.filter((type) => list.includes(type));
}
