import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  branchOffices,
  destinations,
  drivers,
  employees,
  routeDrivers,
  routeEmployees,
  routes,
  shifts,
  suppliers,
  users,
} from "../../db/schema.js";
import { rateSelection } from "../suppliers/supplier-repository.js";

type Conn = Db | Tx;

const hhmm = (value: string) => value.slice(0, 5);

/** The shift with its branch office; `lock` holds its row until the transaction ends. */
export async function findPlanningShift(conn: Conn, id: number, options: { lock?: boolean } = {}) {
  const query = conn
    .select({
      id: shifts.id,
      name: shifts.name,
      direction: shifts.direction,
      time: shifts.time,
      travelSpeedKmh: shifts.travelSpeedKmh,
      travelCircuity: shifts.travelCircuity,
      status: shifts.status,
      updatedAt: shifts.updatedAt,
      branchOfficeId: shifts.branchOfficeId,
      branchOfficeName: branchOffices.name,
    })
    .from(shifts)
    .innerJoin(branchOffices, eq(branchOffices.id, shifts.branchOfficeId))
    .where(eq(shifts.id, id));
  const [row] = options.lock ? await query.for("update", { of: shifts }) : await query;
  return row && { ...row, direction: row.direction as "inbound" | "outbound", time: hhmm(row.time) };
}
export type PlanningShift = NonNullable<Awaited<ReturnType<typeof findPlanningShift>>>;

/**
 * Destinations with coordinates (the workplaces), with how many active routes of the shift go there
 * and how many of its branch office's (on one of its shifts, or carrying one of its collaborators).
 */
export function workplaces(conn: Conn, shiftId: number) {
  return conn
    .select({
      id: destinations.id,
      name: destinations.name,
      latitude: destinations.latitude,
      longitude: destinations.longitude,
      // Qualified by hand: a query on one table writes its columns unqualified.
      amountRoutes: sql<number>`(select count(*) from routes r where r.shift_id = ${shiftId} and r.destination_id = "destinations"."id" and r.status = 'active')::int`,
      branchOfficeRoutes: sql<number>`(select count(*) from routes r where r.destination_id = "destinations"."id" and r.status = 'active' and (
        exists (select 1 from shifts s where s.id = r.shift_id and s.branch_office_id = (select branch_office_id from shifts where id = ${shiftId}))
        or exists (select 1 from route_employees re join employees e on e.id = re.employee_id
          where re.route_id = r.id and e.branch_office_id = (select branch_office_id from shifts where id = ${shiftId}))))::int`,
    })
    .from(destinations)
    .where(and(isNotNull(destinations.latitude), isNotNull(destinations.longitude)))
    .orderBy(asc(destinations.name), asc(destinations.id));
}

/** Every route of the shift (any status), with its seats and the smallest vehicle of its drivers. */
export function routesOfShift(conn: Conn, shiftId: number) {
  return conn
    .select({
      id: routes.id,
      name: routes.name,
      description: routes.description,
      destinationId: routes.destinationId,
      cost: routes.cost,
      seats: routes.seats,
      status: routes.status,
      updatedAt: routes.updatedAt,
      vehicleSeats: sql<
        number | null
      >`(select min(d.vehicle_capacity) from route_drivers rd join drivers d on d.id = rd.driver_id where rd.route_id = "routes"."id")::int`,
    })
    .from(routes)
    .where(eq(routes.shiftId, shiftId))
    .orderBy(asc(routes.name), asc(routes.id));
}
export type ShiftRoute = Awaited<ReturnType<typeof routesOfShift>>[number];

/** Riders (route_employees) of the routes. */
export async function ridersOfRoutes(conn: Conn, routeIds: number[]) {
  if (routeIds.length === 0) return [];
  return conn
    .select({ routeId: routeEmployees.routeId, employeeId: routeEmployees.employeeId })
    .from(routeEmployees)
    .where(inArray(routeEmployees.routeId, routeIds))
    .orderBy(asc(routeEmployees.routeId), asc(routeEmployees.employeeId));
}

/** Drivers (route_drivers) of the routes, first assigned first. */
export async function driversOfRoutes(conn: Conn, routeIds: number[]) {
  if (routeIds.length === 0) return [];
  return conn
    .select({ routeId: routeDrivers.routeId, driverId: routeDrivers.driverId })
    .from(routeDrivers)
    .where(inArray(routeDrivers.routeId, routeIds))
    .orderBy(asc(routeDrivers.routeId), asc(routeDrivers.createdAt), asc(routeDrivers.driverId));
}

/** Collaborators of the branch office whose user is active, with their home. */
export function activeRidersOf(conn: Conn, branchOfficeId: number) {
  return conn
    .select({
      employeeId: employees.id,
      userId: employees.userId,
      name: employees.name,
      lastname: employees.lastname,
      codeEmployee: employees.codeEmployee,
      address: employees.address,
      latitude: employees.latitude,
      longitude: employees.longitude,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.branchOfficeId, branchOfficeId), eq(users.status, "active")))
    .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
}
export type RiderRow = Awaited<ReturnType<typeof activeRidersOf>>[number];

/** Drivers whose user is active, with their supplier and vehicle. */
export function activeDrivers(conn: Conn) {
  return conn
    .select({
      driverId: drivers.id,
      name: drivers.name,
      lastname: drivers.lastname,
      supplierName: suppliers.name,
      vehiclePlate: drivers.vehiclePlate,
      vehicleModel: drivers.vehicleModel,
      seats: drivers.vehicleCapacity,
      supplierRate: rateSelection,
    })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
    .where(eq(users.status, "active"))
    .orderBy(asc(drivers.name), asc(drivers.lastname), asc(drivers.id));
}
export type DriverRow = Awaited<ReturnType<typeof activeDrivers>>[number];

/** Names of every route (any shift or status) starting with `prefix`, case-insensitive. */
export async function routeNamesStartingWith(conn: Conn, prefix: string) {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await conn
    .select({ name: routes.name })
    .from(routes)
    .where(sql`lower(${routes.name}) like ${pattern}`);
  return rows.map((row) => row.name);
}

/**
 * What the plan's version is made of: every route of the shift to the workplace (any status) with
 * its last change, and who rides and drives each (assigning riders or drivers leaves the route's
 * `updated_at` as it was, so the rows themselves count).
 */
export async function versionFacts(conn: Conn, shiftId: number, destinationId: number) {
  const routeRows = await conn
    .select({ id: routes.id, updatedAt: routes.updatedAt, status: routes.status })
    .from(routes)
    .where(and(eq(routes.shiftId, shiftId), eq(routes.destinationId, destinationId)))
    .orderBy(asc(routes.id));
  const ids = routeRows.map((row) => row.id);
  // One after the other: inside a transaction both would share one client (pg warns on overlap).
  const riders = await ridersOfRoutes(conn, ids);
  const driverRows = await driversOfRoutes(conn, ids);
  return { routes: routeRows, riders, drivers: driverRows };
}

/** Named places with coordinates a stop can be named after (issue 33): destinations and branch offices. */
export async function landmarks(conn: Conn) {
  const [places, offices] = await Promise.all([
    conn
      .select({ name: destinations.name, latitude: destinations.latitude, longitude: destinations.longitude })
      .from(destinations)
      .where(and(isNotNull(destinations.latitude), isNotNull(destinations.longitude))),
    conn
      .select({
        name: branchOffices.name,
        latitude: branchOffices.latitude,
        longitude: branchOffices.longitude,
      })
      .from(branchOffices)
      .where(and(isNotNull(branchOffices.latitude), isNotNull(branchOffices.longitude))),
  ]);
  return [...places, ...offices].flatMap((place) =>
    place.latitude === null || place.longitude === null
      ? []
      : [{ name: place.name, latitude: place.latitude, longitude: place.longitude }],
  );
}
