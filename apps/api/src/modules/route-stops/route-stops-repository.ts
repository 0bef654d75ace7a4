import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  destinations,
  drivers,
  employees,
  routeDrivers,
  routeEmployees,
  routeStopRiders,
  routeStops,
  routes,
  shifts,
} from "../../db/schema.js";

type Conn = Db | Tx;

const hhmm = (value: string) => value.slice(0, 5);

/**
 * A route with what its stops are checked against: its shift (direction, time), its own seats and
 * the smallest vehicle among its drivers, and its destination's point (the workplace).
 */
export async function findRoutePlan(conn: Conn, routeId: number, options: { lock?: boolean } = {}) {
  const query = conn
    .select({
      id: routes.id,
      name: routes.name,
      updatedAt: routes.updatedAt,
      shiftId: routes.shiftId,
      shiftName: shifts.name,
      shiftTime: shifts.time,
      direction: shifts.direction,
      seats: routes.seats,
      vehicleSeats: sql<
        number | null
      >`(select min(${drivers.vehicleCapacity}) from ${routeDrivers} join ${drivers} on ${drivers.id} = ${routeDrivers.driverId} where ${routeDrivers.routeId} = ${routes.id})::int`,
      destinationLatitude: destinations.latitude,
      destinationLongitude: destinations.longitude,
    })
    .from(routes)
    .innerJoin(destinations, eq(destinations.id, routes.destinationId))
    .leftJoin(shifts, eq(shifts.id, routes.shiftId))
    .where(eq(routes.id, routeId));
  const [row] = options.lock ? await query.for("update", { of: routes }) : await query;
  if (!row) return undefined;
  return {
    ...row,
    shiftTime: row.shiftTime === null ? null : hhmm(row.shiftTime),
    direction: row.direction as "inbound" | "outbound" | null,
  };
}
export type RoutePlan = NonNullable<Awaited<ReturnType<typeof findRoutePlan>>>;

/** Whether the signed-in user is a driver assigned to the route. */
export async function isDriverOfRoute(conn: Conn, userId: number, routeId: number) {
  const [row] = await conn
    .select({ id: routeDrivers.driverId })
    .from(routeDrivers)
    .innerJoin(drivers, eq(drivers.id, routeDrivers.driverId))
    .where(and(eq(routeDrivers.routeId, routeId), eq(drivers.userId, userId)));
  return row !== undefined;
}

/** The route's riders (route_employees), by name. */
export function ridersOfRoute(conn: Conn, routeId: number) {
  return conn
    .select({ employeeId: employees.id, name: employees.name, lastname: employees.lastname })
    .from(routeEmployees)
    .innerJoin(employees, eq(employees.id, routeEmployees.employeeId))
    .where(eq(routeEmployees.routeId, routeId))
    .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
}

/** The routes' stops in position order, each with the employee ids of its riders. */
export async function stopsOfRoutes(conn: Conn, routeIds: number[]) {
  if (routeIds.length === 0) return [];
  const [stops, riders] = await Promise.all([
    conn
      .select({
        id: routeStops.id,
        routeId: routeStops.routeId,
        position: routeStops.position,
        name: routeStops.name,
        address: routeStops.address,
        latitude: routeStops.latitude,
        longitude: routeStops.longitude,
        plannedTime: routeStops.plannedTime,
      })
      .from(routeStops)
      .where(inArray(routeStops.routeId, routeIds))
      .orderBy(asc(routeStops.routeId), asc(routeStops.position)),
    conn
      .select({ stopId: routeStopRiders.stopId, employeeId: routeStopRiders.employeeId })
      .from(routeStopRiders)
      .where(inArray(routeStopRiders.routeId, routeIds))
      .orderBy(asc(routeStopRiders.employeeId)),
  ]);
  const ridersByStop = new Map<number, number[]>();
  for (const rider of riders) {
    ridersByStop.set(rider.stopId, [...(ridersByStop.get(rider.stopId) ?? []), rider.employeeId]);
  }
  return stops.map((stop) => ({
    ...stop,
    plannedTime: hhmm(stop.plannedTime),
    employeeIds: ridersByStop.get(stop.id) ?? [],
  }));
}

/** One route's stops in position order, each with the employee ids of its riders. */
export async function stopsOfRoute(conn: Conn, routeId: number) {
  return (await stopsOfRoutes(conn, [routeId])).map(({ routeId: _routeId, ...stop }) => stop);
}

/** Which of `employeeIds` are riders of the route. */
export async function membersOfRoute(conn: Conn, routeId: number, employeeIds: number[]) {
  if (employeeIds.length === 0) return new Set<number>();
  const rows = await conn
    .select({ employeeId: routeEmployees.employeeId })
    .from(routeEmployees)
    .where(and(eq(routeEmployees.routeId, routeId), inArray(routeEmployees.employeeId, employeeIds)));
  return new Set(rows.map((row) => row.employeeId));
}

export type StopValues = {
  position: number;
  name: string;
  address: string | null;
  latitude: number;
  longitude: number;
  plannedTime: string;
  employeeIds: number[];
};

/** Replaces every stop of the route (and their riders) with `stops`; the route gets a new version. */
export async function replaceStops(tx: Tx, routeId: number, stops: StopValues[], version: Date) {
  await tx.update(routes).set({ updatedAt: version }).where(eq(routes.id, routeId));
  await tx.delete(routeStops).where(eq(routeStops.routeId, routeId));
  if (stops.length === 0) return;
  const inserted = await tx
    .insert(routeStops)
    .values(
      stops.map((stop) => ({
        routeId,
        position: stop.position,
        name: stop.name,
        address: stop.address,
        latitude: stop.latitude,
        longitude: stop.longitude,
        plannedTime: stop.plannedTime,
      })),
    )
    .returning({ id: routeStops.id, position: routeStops.position });
  const idOf = new Map(inserted.map((row) => [row.position, row.id]));
  const riders = stops.flatMap((stop) =>
    stop.employeeIds.map((employeeId) => ({ routeId, employeeId, stopId: idOf.get(stop.position) ?? 0 })),
  );
  if (riders.length > 0) await tx.insert(routeStopRiders).values(riders);
}
