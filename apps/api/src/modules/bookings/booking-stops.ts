import { greatCircleMeters } from "@treiber/contract/geo";
import type { Db, Tx } from "../../db/client.js";
import { stopsOfRoutes } from "../route-stops/route-stops-repository.js";
import type { Person } from "./booking-lists-repository.js";

export type StopRow = {
  id: number;
  routeId: number;
  position: number;
  name: string;
  plannedTime: string | null;
  latitude: number;
  longitude: number;
};

/** The routes' stops in order (stopsOfRoutes, decision 0065), and each rider's stop by `routeId:employeeId`. */
export async function stopsOf(conn: Db | Tx, routeIds: number[]) {
  const rows = await stopsOfRoutes(conn, routeIds);
  const riderStops = new Map<string, number>();
  for (const stop of rows)
    for (const employeeId of stop.employeeIds) riderStops.set(`${stop.routeId}:${employeeId}`, stop.id);
  const stops = rows.map(
    (stop): StopRow => ({
      id: stop.id,
      routeId: stop.routeId,
      position: stop.position,
      name: stop.name,
      plannedTime: stop.plannedTime,
      latitude: stop.latitude,
      longitude: stop.longitude,
    }),
  );
  return { stops, riderStops };
}

/**
 * A rider's stop on a route: their own (route_stop_riders); a rider who asked for a seat on a
 * route not theirs gets the stop nearest their home (else the first). An assigned rider without a
 * stop yet has none.
 */
export function stopFor(
  routeId: number,
  stops: readonly StopRow[],
  riderStops: ReadonlyMap<string, number>,
  person: Pick<Person, "employeeId" | "latitude" | "longitude">,
  assigned: boolean,
): StopRow | null {
  const own = riderStops.get(`${routeId}:${person.employeeId}`);
  const routeStops = stops.filter((stop) => stop.routeId === routeId);
  if (own !== undefined) return routeStops.find((stop) => stop.id === own) ?? null;
  if (assigned || routeStops.length === 0) return null;
  const { latitude, longitude } = person;
  if (latitude === null || longitude === null) return routeStops[0] ?? null;
  let best = routeStops[0] ?? null;
  let distance = Number.POSITIVE_INFINITY;
  for (const stop of routeStops) {
    const meters = greatCircleMeters({ latitude, longitude }, stop);
    if (meters < distance) [best, distance] = [stop, meters];
  }
  return best;
}
