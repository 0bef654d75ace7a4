import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  destinations,
  drivers,
  employees,
  routeDrivers,
  routeEmployees,
  routes,
  suppliers,
  users,
} from "../../db/schema.js";
import { routeColumns } from "../routes/routes-repository.js";

type Conn = Db | Tx;

/** An employee or driver with its user and the user's status. */
export async function findEmployeePerson(conn: Conn, id: number) {
  const [row] = await conn
    .select({
      id: employees.id,
      userId: employees.userId,
      name: employees.name,
      lastname: employees.lastname,
      status: users.status,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.id, id));
  return row;
}

export async function findDriverPerson(conn: Conn, id: number) {
  const [row] = await conn
    .select({ id: drivers.id, name: drivers.name, lastname: drivers.lastname, status: users.status })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.id, id));
  return row;
}

/** The route row, locked so a status change cannot race the assignment. */
export async function lockRouteForAssignment(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: routes.id, name: routes.name, status: routes.status, departureTime: routes.departureTime })
    .from(routes)
    .where(eq(routes.id, id))
    .for("share");
  return row;
}

/** True when inserted, false when the pair already existed. */
export async function insertRouteEmployee(tx: Tx, routeId: number, employeeId: number) {
  const rows = await tx
    .insert(routeEmployees)
    .values({ routeId, employeeId })
    .onConflictDoNothing()
    .returning({ routeId: routeEmployees.routeId });
  return rows.length === 1;
}

export async function insertRouteDriver(tx: Tx, routeId: number, driverId: number) {
  const rows = await tx
    .insert(routeDrivers)
    .values({ routeId, driverId })
    .onConflictDoNothing()
    .returning({ routeId: routeDrivers.routeId });
  return rows.length === 1;
}

export async function deleteRouteEmployee(conn: Conn, routeId: number, employeeId: number) {
  const rows = await conn
    .delete(routeEmployees)
    .where(and(eq(routeEmployees.routeId, routeId), eq(routeEmployees.employeeId, employeeId)))
    .returning({ routeId: routeEmployees.routeId });
  return rows.length === 1;
}

export async function deleteRouteDriver(conn: Conn, routeId: number, driverId: number) {
  const rows = await conn
    .delete(routeDrivers)
    .where(and(eq(routeDrivers.routeId, routeId), eq(routeDrivers.driverId, driverId)))
    .returning({ routeId: routeDrivers.routeId });
  return rows.length === 1;
}

/** The first driver assigned to the route (by assignment time), if any. */
export async function firstDriverOfRoute(conn: Conn, routeId: number) {
  const [row] = await conn
    .select({ name: drivers.name, lastname: drivers.lastname })
    .from(routeDrivers)
    .innerJoin(drivers, eq(drivers.id, routeDrivers.driverId))
    .where(eq(routeDrivers.routeId, routeId))
    .orderBy(asc(routeDrivers.createdAt), asc(routeDrivers.driverId))
    .limit(1);
  return row;
}

export function routesOfEmployee(conn: Conn, employeeId: number) {
  return conn
    .select({ ...routeColumns, assignedAt: routeEmployees.createdAt })
    .from(routeEmployees)
    .innerJoin(routes, eq(routes.id, routeEmployees.routeId))
    .innerJoin(destinations, eq(destinations.id, routes.destinationId))
    .where(eq(routeEmployees.employeeId, employeeId))
    .orderBy(asc(routes.name), asc(routes.id));
}

export function routesOfDriver(conn: Conn, driverId: number) {
  return conn
    .select({ ...routeColumns, assignedAt: routeDrivers.createdAt })
    .from(routeDrivers)
    .innerJoin(routes, eq(routes.id, routeDrivers.routeId))
    .innerJoin(destinations, eq(destinations.id, routes.destinationId))
    .where(eq(routeDrivers.driverId, driverId))
    .orderBy(asc(routes.name), asc(routes.id));
}

/** Drivers assigned to a route, with their user's status and their supplier. */
export function driversOfRoute(conn: Conn, routeId: number) {
  return conn
    .select({
      id: drivers.id,
      name: drivers.name,
      lastname: drivers.lastname,
      identityCard: drivers.identityCard,
      supplierName: suppliers.name,
      status: users.status,
      assignedAt: routeDrivers.createdAt,
    })
    .from(routeDrivers)
    .innerJoin(drivers, eq(drivers.id, routeDrivers.driverId))
    .innerJoin(users, eq(users.id, drivers.userId))
    .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
    .where(eq(routeDrivers.routeId, routeId))
    .orderBy(asc(drivers.name), asc(drivers.lastname), asc(drivers.id));
}

/** Employees (collaborators) assigned to a route, with their user's status. */
export function employeesOfRoute(conn: Conn, routeId: number) {
  return conn
    .select({
      id: employees.id,
      name: employees.name,
      lastname: employees.lastname,
      codeEmployee: employees.codeEmployee,
      status: users.status,
      assignedAt: routeEmployees.createdAt,
    })
    .from(routeEmployees)
    .innerJoin(employees, eq(employees.id, routeEmployees.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(routeEmployees.routeId, routeId))
    .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
}
