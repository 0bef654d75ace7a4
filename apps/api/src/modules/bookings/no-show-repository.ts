import { NO_SHOW_RADIUS_METERS } from "@treiber/contract";
import { METERS_PER_DEGREE } from "@treiber/contract/geo";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { noShowPresses } from "../../db/schema.js";
import { greatCircleMetersSql } from "../../lib/great-circle-sql.js";
import { rowsOf } from "./bookings-repository.js";

const instant = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** The trip a no-show is recorded on, held (shared) so its End waits for the write. */
export async function lockNoShowTrip(tx: Tx, tripId: number) {
  const [row] = await rowsOf(
    tx,
    sql`select id, route_id, driver_id, status, started_at, ended_at from intermediate_routes
      where id = ${tripId} for share`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    routeId: row.route_id === null ? null : Number(row.route_id),
    driverId: Number(row.driver_id),
    status: String(row.status),
    startedAt: instant(row.started_at),
    endedAt: row.ended_at === null ? null : instant(row.ended_at),
  };
}

/** Whether the rider boarded the trip. */
export async function boardedTrip(tx: Tx, tripId: number, employeeId: number) {
  const rows = await rowsOf(
    tx,
    sql`select 1 from transport_services where intermediate_route_id = ${tripId}
      and employee_id = ${employeeId} and status = 'Boarded'`,
  );
  return rows.length > 0;
}

/** The rows of `alias` (trip_positions p, no_show_presses n) within NO_SHOW_RADIUS_METERS of the point. */
function nearPoint(alias: "p" | "n", point: { latitude: number; longitude: number }) {
  const dLat = NO_SHOW_RADIUS_METERS / METERS_PER_DEGREE;
  const dLng = dLat / Math.max(0.01, Math.cos((point.latitude * Math.PI) / 180));
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const distance = greatCircleMetersSql(
    { latitude: column("latitude"), longitude: column("longitude") },
    { latitude: sql`${point.latitude}::float8`, longitude: sql`${point.longitude}::float8` },
  );
  return sql`${column("latitude")} between ${point.latitude - dLat} and ${point.latitude + dLat}
    and ${column("longitude")} between ${point.longitude - dLng} and ${point.longitude + dLng}
    and ${distance} <= ${NO_SHOW_RADIUS_METERS}`;
}

/**
 * When the trip's bus first came within NO_SHOW_RADIUS_METERS of the point: its first recorded
 * position there or, earlier or without one, its driver's first refused «Ausente» there.
 */
export async function firstArrivalNear(
  tx: Tx,
  tripId: number,
  point: { latitude: number; longitude: number },
) {
  const [row] = await rowsOf(
    tx,
    sql`select least(
        (select min(p.recorded_at) from trip_positions p
          where p.intermediate_route_id = ${tripId} and ${nearPoint("p", point)}),
        (select min(n.pressed_at) from no_show_presses n
          where n.intermediate_route_id = ${tripId} and ${nearPoint("n", point)})
      ) as at`,
  );
  return row?.at === null || row?.at === undefined ? undefined : instant(row.at).getTime();
}

/** A refused «Ausente» within reach of the boarding point: the bus was there then (see firstArrivalNear). */
export async function rememberPress(
  conn: Db,
  press: { tripId: number; latitude: number; longitude: number; at: number },
) {
  await conn.insert(noShowPresses).values({
    intermediateRouteId: press.tripId,
    latitude: press.latitude,
    longitude: press.longitude,
    pressedAt: new Date(press.at),
  });
}
