import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  employees,
  routeEmployees,
  routeNotScheduledEmployees,
  transportServices,
  users,
} from "../../db/schema.js";

type Conn = Db | Tx;

/** Which route a trip runs: a scheduled route, or else a not-scheduled one. */
export type TripRoute = { routeId: number | null; routeNotScheduledId: number | null };

const employeeColumns = {
  employeeId: employees.id,
  name: employees.name,
  lastname: employees.lastname,
  codeEmployee: employees.codeEmployee,
  department: employees.department,
  jobTitle: employees.jobTitle,
};

/** What happened on the trip: boardings and cancellations (unique index on trip, employee). */
export function servicesOf(conn: Conn, tripId: number) {
  return conn
    .select({
      ...employeeColumns,
      status: transportServices.status,
      scannedAt: transportServices.scannedAt,
      canceledAt: transportServices.canceledAt,
      comment: transportServices.comment,
      boardingMethod: transportServices.boardingMethod,
      boardingReason: transportServices.boardingReason,
    })
    .from(transportServices)
    .innerJoin(employees, eq(employees.id, transportServices.employeeId))
    .where(eq(transportServices.intermediateRouteId, tripId))
    .orderBy(
      asc(sql`coalesce(${transportServices.scannedAt}, ${transportServices.canceledAt})`),
      asc(transportServices.id),
    );
}

export type ServiceRow = Awaited<ReturnType<typeof servicesOf>>[number];

/** Whether the collaborator boarded or canceled on the trip. */
export async function hasService(conn: Conn, tripId: number, employeeId: number) {
  const [row] = await conn
    .select({ id: transportServices.id })
    .from(transportServices)
    .where(
      and(eq(transportServices.intermediateRouteId, tripId), eq(transportServices.employeeId, employeeId)),
    )
    .limit(1);
  return row !== undefined;
}

/** Collaborators expected on a trip: those assigned to its route, or its not-scheduled riders. */
export function rosterOf(conn: Conn, trip: TripRoute) {
  if (trip.routeId !== null) {
    return conn
      .select(employeeColumns)
      .from(routeEmployees)
      .innerJoin(employees, eq(employees.id, routeEmployees.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(eq(routeEmployees.routeId, trip.routeId), eq(users.status, "active")))
      .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
  }
  return conn
    .select(employeeColumns)
    .from(routeNotScheduledEmployees)
    .innerJoin(employees, eq(employees.id, routeNotScheduledEmployees.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(routeNotScheduledEmployees.routeNotScheduledId, trip.routeNotScheduledId ?? 0),
        eq(users.status, "active"),
      ),
    )
    .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
}

/** Active collaborators by id, as a roster lists them (a plan of the day seats them elsewhere, issue 36). */
export function rosterRowsOf(conn: Conn, employeeIds: number[]) {
  if (employeeIds.length === 0) return Promise.resolve([]);
  return conn
    .select(employeeColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(inArray(employees.id, employeeIds), eq(users.status, "active")))
    .orderBy(asc(employees.name), asc(employees.lastname), asc(employees.id));
}

/** Whether the collaborator is expected on the trip (assigned to its route or a not-scheduled rider). */
export async function isOnRoster(conn: Conn, trip: TripRoute, employeeId: number) {
  if (trip.routeId !== null) {
    const [row] = await conn
      .select({ id: routeEmployees.employeeId })
      .from(routeEmployees)
      .where(and(eq(routeEmployees.routeId, trip.routeId), eq(routeEmployees.employeeId, employeeId)));
    return row !== undefined;
  }
  const [row] = await conn
    .select({ id: routeNotScheduledEmployees.employeeId })
    .from(routeNotScheduledEmployees)
    .where(
      and(
        eq(routeNotScheduledEmployees.routeNotScheduledId, trip.routeNotScheduledId ?? 0),
        eq(routeNotScheduledEmployees.employeeId, employeeId),
      ),
    );
  return row !== undefined;
}

/** The user ids of a trip's expected riders (active collaborators of its route). */
export async function riderUserIdsOf(conn: Conn, trip: TripRoute): Promise<number[]> {
  const rows =
    trip.routeId !== null
      ? await conn
          .select({ userId: users.id })
          .from(routeEmployees)
          .innerJoin(employees, eq(employees.id, routeEmployees.employeeId))
          .innerJoin(users, eq(users.id, employees.userId))
          .where(and(eq(routeEmployees.routeId, trip.routeId), eq(users.status, "active")))
      : await conn
          .select({ userId: users.id })
          .from(routeNotScheduledEmployees)
          .innerJoin(employees, eq(employees.id, routeNotScheduledEmployees.employeeId))
          .innerJoin(users, eq(users.id, employees.userId))
          .where(
            and(
              eq(routeNotScheduledEmployees.routeNotScheduledId, trip.routeNotScheduledId ?? 0),
              eq(users.status, "active"),
            ),
          );
  return rows.map((row) => row.userId);
}
