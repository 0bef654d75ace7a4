/**
 * Queries of the Treiber App's own screens: the driver's "Hoy" and the collaborator's "Mis rutas".
 * Each screen is a few set queries (routes, then their riders / days / drivers / trips in bulk).
 */
import { safeStopAddress, safeStopName } from "@treiber/contract";
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  days,
  destinations,
  drivers,
  employees,
  intermediateRoutes,
  profileImages,
  routeDays,
  routeDrivers,
  routeEmployees,
  routeNotScheduledEmployees,
  routeStopRiders,
  routeStops,
  routes,
  routesNotScheduled,
  shifts,
  suppliers,
  users,
} from "../../db/schema.js";

const destinationColumns = {
  destinationName: destinations.name,
  destinationLatitude: destinations.latitude,
  destinationLongitude: destinations.longitude,
};

/** Active scheduled routes of a driver that run on an ISO day (1 = Lunes … 7 = Domingo). */
export function driverRoutesOnDay(db: Db, driverId: number, dayId: number) {
  return db
    .select({
      routeId: routes.id,
      name: routes.name,
      description: routes.description,
      departureTime: routes.departureTime,
      direction: shifts.direction,
      shiftTime: shifts.time,
      ...destinationColumns,
    })
    .from(routeDrivers)
    .innerJoin(routes, eq(routes.id, routeDrivers.routeId))
    .innerJoin(routeDays, and(eq(routeDays.routeId, routes.id), eq(routeDays.dayId, dayId)))
    .innerJoin(destinations, eq(destinations.id, routes.destinationId))
    .leftJoin(shifts, eq(shifts.id, routes.shiftId))
    .where(and(eq(routeDrivers.driverId, driverId), eq(routes.status, "active")))
    .orderBy(asc(routes.departureTime), asc(routes.name), asc(routes.id));
}

/** Active not-scheduled routes of a driver scheduled in a range (the caller's day). */
export function driverRoutesNotScheduledIn(db: Db, driverId: number, range: { from: Date; to: Date }) {
  return db
    .select({
      routeNotScheduledId: routesNotScheduled.id,
      name: routesNotScheduled.name,
      description: routesNotScheduled.description,
      scheduledAt: routesNotScheduled.scheduledAt,
      ...destinationColumns,
    })
    .from(routesNotScheduled)
    .leftJoin(destinations, eq(destinations.id, routesNotScheduled.destinationId))
    .where(
      and(
        eq(routesNotScheduled.driverId, driverId),
        eq(routesNotScheduled.status, "active"),
        gte(routesNotScheduled.scheduledAt, range.from),
        lt(routesNotScheduled.scheduledAt, range.to),
      ),
    )
    .orderBy(asc(routesNotScheduled.scheduledAt), asc(routesNotScheduled.id));
}

const riderColumns = {
  id: employees.id,
  userId: employees.userId,
  name: employees.name,
  lastname: employees.lastname,
  codeEmployee: employees.codeEmployee,
  codeQr: employees.codeQr,
  imageEtag: profileImages.etag,
};

/** Active collaborators of scheduled routes and of not-scheduled routes, by name. */
export async function ridersOf(db: Db, routeIds: number[], routeNotScheduledIds: number[]) {
  const scheduled =
    routeIds.length === 0
      ? []
      : await db
          .select({ ...riderColumns, routeId: routeEmployees.routeId })
          .from(routeEmployees)
          .innerJoin(employees, eq(employees.id, routeEmployees.employeeId))
          .innerJoin(users, eq(users.id, employees.userId))
          .leftJoin(profileImages, eq(profileImages.userId, employees.userId))
          .where(and(inArray(routeEmployees.routeId, routeIds), eq(users.status, "active")))
          .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
  const notScheduled =
    routeNotScheduledIds.length === 0
      ? []
      : await db
          .select({ ...riderColumns, routeNotScheduledId: routeNotScheduledEmployees.routeNotScheduledId })
          .from(routeNotScheduledEmployees)
          .innerJoin(employees, eq(employees.id, routeNotScheduledEmployees.employeeId))
          .innerJoin(users, eq(users.id, employees.userId))
          .leftJoin(profileImages, eq(profileImages.userId, employees.userId))
          .where(
            and(
              inArray(routeNotScheduledEmployees.routeNotScheduledId, routeNotScheduledIds),
              eq(users.status, "active"),
            ),
          )
          .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
  return { scheduled, notScheduled };
}

/** Active riders by id (a plan of the day seats them on another route that date, issue 36). */
export function ridersByIds(db: Db, employeeIds: number[]) {
  if (employeeIds.length === 0) return Promise.resolve([]);
  return db
    .select(riderColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(profileImages, eq(profileImages.userId, employees.userId))
    .where(and(inArray(employees.id, employeeIds), eq(users.status, "active")));
}

/**
 * Trips of some routes: those in progress (whenever they started) and those started since `since`;
 * optionally only one driver's. Newest first.
 */
export function tripsOfRoutes(
  db: Db,
  routeIds: number[],
  routeNotScheduledIds: number[],
  options: { since?: Date; driverId?: number },
) {
  const ofRoutes: SQL[] = [];
  if (routeIds.length > 0) ofRoutes.push(inArray(intermediateRoutes.routeId, routeIds));
  if (routeNotScheduledIds.length > 0) {
    ofRoutes.push(inArray(intermediateRoutes.routeNotScheduledId, routeNotScheduledIds));
  }
  if (ofRoutes.length === 0) return Promise.resolve([]);
  const when = options.since
    ? or(eq(intermediateRoutes.status, "InProgress"), gte(intermediateRoutes.startedAt, options.since))
    : eq(intermediateRoutes.status, "InProgress");
  const filters: (SQL | undefined)[] = [or(...ofRoutes), when];
  if (options.driverId !== undefined) filters.push(eq(intermediateRoutes.driverId, options.driverId));
  return db
    .select({
      id: intermediateRoutes.id,
      routeId: intermediateRoutes.routeId,
      routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
      driverId: intermediateRoutes.driverId,
      status: intermediateRoutes.status,
      startedAt: intermediateRoutes.startedAt,
      lastLatitude: intermediateRoutes.lastLatitude,
      lastLongitude: intermediateRoutes.lastLongitude,
      lastPositionAt: intermediateRoutes.lastPositionAt,
    })
    .from(intermediateRoutes)
    .where(and(...filters))
    .orderBy(desc(intermediateRoutes.startedAt), desc(intermediateRoutes.id));
}

/** A collaborator's active scheduled routes. */
export function employeeRoutes(db: Db, employeeId: number) {
  return db
    .select({
      routeId: routes.id,
      name: routes.name,
      description: routes.description,
      departureTime: routes.departureTime,
      ...destinationColumns,
    })
    .from(routeEmployees)
    .innerJoin(routes, eq(routes.id, routeEmployees.routeId))
    .innerJoin(destinations, eq(destinations.id, routes.destinationId))
    .where(and(eq(routeEmployees.employeeId, employeeId), eq(routes.status, "active")))
    .orderBy(asc(routes.departureTime), asc(routes.name), asc(routes.id));
}

/** A collaborator's active not-scheduled routes from `since` on, with their driver. */
export function employeeRoutesNotScheduled(db: Db, employeeId: number, since: Date) {
  return db
    .select({
      routeNotScheduledId: routesNotScheduled.id,
      name: routesNotScheduled.name,
      description: routesNotScheduled.description,
      scheduledAt: routesNotScheduled.scheduledAt,
      driverId: routesNotScheduled.driverId,
      ...destinationColumns,
    })
    .from(routeNotScheduledEmployees)
    .innerJoin(routesNotScheduled, eq(routesNotScheduled.id, routeNotScheduledEmployees.routeNotScheduledId))
    .leftJoin(destinations, eq(destinations.id, routesNotScheduled.destinationId))
    .where(
      and(
        eq(routeNotScheduledEmployees.employeeId, employeeId),
        eq(routesNotScheduled.status, "active"),
        gte(routesNotScheduled.scheduledAt, since),
      ),
    )
    .orderBy(asc(routesNotScheduled.scheduledAt), asc(routesNotScheduled.id));
}

/**
 * A collaborator's own stop on each of some scheduled routes (at most one per route), named as
 * its co-riders see it: without a house number (issue 33).
 */
export async function stopsOfEmployee(db: Db, employeeId: number, routeIds: number[]) {
  if (routeIds.length === 0) return [];
  const rows = await db
    .select({
      routeId: routeStopRiders.routeId,
      position: routeStops.position,
      name: routeStops.name,
      address: routeStops.address,
      latitude: routeStops.latitude,
      longitude: routeStops.longitude,
      plannedTime: routeStops.plannedTime,
    })
    .from(routeStopRiders)
    .innerJoin(routeStops, eq(routeStops.id, routeStopRiders.stopId))
    .where(and(eq(routeStopRiders.employeeId, employeeId), inArray(routeStopRiders.routeId, routeIds)));
  return rows.map(({ position, ...stop }) => ({
    ...stop,
    name: safeStopName(stop.name, position),
    address: safeStopAddress(stop.address),
  }));
}

/** Days of scheduled routes, Lunes first. */
export function daysOfRoutes(db: Db, routeIds: number[]) {
  if (routeIds.length === 0) return Promise.resolve([]);
  return db
    .select({ routeId: routeDays.routeId, id: days.id, name: days.name })
    .from(routeDays)
    .innerJoin(days, eq(days.id, routeDays.dayId))
    .where(inArray(routeDays.routeId, routeIds))
    .orderBy(asc(days.id));
}

const driverColumns = {
  id: drivers.id,
  name: drivers.name,
  lastname: drivers.lastname,
  telephone: drivers.telephone,
  vehiclePlate: drivers.vehiclePlate,
  vehicleModel: drivers.vehicleModel,
  supplierName: suppliers.name,
};

/** Drivers assigned to scheduled routes. */
export function driversOfRoutes(db: Db, routeIds: number[]) {
  if (routeIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...driverColumns, routeId: routeDrivers.routeId })
    .from(routeDrivers)
    .innerJoin(drivers, eq(drivers.id, routeDrivers.driverId))
    .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
    .where(inArray(routeDrivers.routeId, routeIds))
    .orderBy(asc(drivers.name), asc(drivers.lastname), asc(drivers.id));
}

/** Some drivers by id. */
export function driversById(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(driverColumns)
    .from(drivers)
    .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
    .where(inArray(drivers.id, ids));
}

/** The home an admin recorded for an employee (address and coordinates), by its user. */
export async function employeeHomeOfUser(db: Db, userId: number) {
  const [row] = await db
    .select({ address: employees.address, latitude: employees.latitude, longitude: employees.longitude })
    .from(employees)
    .where(eq(employees.userId, userId));
  return row;
}
