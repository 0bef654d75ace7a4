import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { drivers, routeDrivers, routeEmployees, routeStops, routes, users } from "../../db/schema.js";

/** Routes (any shift or status) whose name equals one of `names`, case-insensitive. */
export async function routesNamed(tx: Tx, names: string[]) {
  if (names.length === 0) return [];
  const lowered = names.map((name) => name.toLowerCase());
  return tx
    .select({ id: routes.id, name: routes.name })
    .from(routes)
    .where(inArray(sql`lower(${routes.name})`, lowered));
}

/**
 * Makes the route's riders exactly `employeeIds`. A rider taken off leaves the route's stop too
 * (route_stop_riders' foreign key, decision 0048).
 */
export async function setRouteRiders(tx: Tx, routeId: number, employeeIds: number[]) {
  const others = employeeIds.length > 0 ? notInArray(routeEmployees.employeeId, employeeIds) : undefined;
  await tx.delete(routeEmployees).where(and(eq(routeEmployees.routeId, routeId), others));
  if (employeeIds.length === 0) return;
  await tx
    .insert(routeEmployees)
    .values(employeeIds.map((employeeId) => ({ routeId, employeeId })))
    .onConflictDoNothing();
}

/** Makes the route's drivers exactly `driverIds`. */
export async function setRouteDrivers(tx: Tx, routeId: number, driverIds: number[]) {
  const others = driverIds.length > 0 ? notInArray(routeDrivers.driverId, driverIds) : undefined;
  await tx.delete(routeDrivers).where(and(eq(routeDrivers.routeId, routeId), others));
  if (driverIds.length === 0) return;
  await tx
    .insert(routeDrivers)
    .values(driverIds.map((driverId) => ({ routeId, driverId })))
    .onConflictDoNothing();
}

/** A route left out of an applied plan: no stops, no riders, inactive, a new version. */
export async function retireRoute(tx: Tx, routeId: number, version: Date) {
  await tx.delete(routeStops).where(eq(routeStops.routeId, routeId));
  await tx.delete(routeEmployees).where(eq(routeEmployees.routeId, routeId));
  await tx.update(routes).set({ status: "inactive", updatedAt: version }).where(eq(routes.id, routeId));
}

/** The drivers among `driverIds` whose user is active: who an applied plan tells (decision 0067). */
export async function driverUsersOf(tx: Tx, driverIds: number[]) {
  if (driverIds.length === 0) return [];
  return tx
    .select({ driverId: drivers.id, userId: drivers.userId, name: drivers.name, lastname: drivers.lastname })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(and(inArray(drivers.id, [...new Set(driverIds)]), eq(users.status, "active")));
}
