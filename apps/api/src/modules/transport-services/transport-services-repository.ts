import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  drivers,
  employees,
  intermediateRoutes,
  routeEmployees,
  routeNotScheduledEmployees,
  transportServices,
  users,
} from "../../db/schema.js";
import { joinTripNames, routeName } from "../trips/trip-repository.js";

type Conn = Db | Tx;

/** The collaborator behind a QR code (unique index `employees_code_qr_key`). */
export async function findEmployeeByQr(conn: Conn, codeQr: string) {
  const [row] = await conn
    .select({
      id: employees.id,
      name: employees.name,
      lastname: employees.lastname,
      codeEmployee: employees.codeEmployee,
      status: users.status,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.codeQr, codeQr));
  return row;
}

/**
 * Registers a boarding once: one statement on the unique index (trip, employee), so concurrent
 * scans of the same QR leave exactly one row. A collaborator who had cancelled and shows up after
 * all is boarded (same row). Returns undefined when the collaborator had already boarded.
 */
export async function upsertBoarding(conn: Conn, intermediateRouteId: number, employeeId: number) {
  const now = new Date();
  const [row] = await conn
    .insert(transportServices)
    .values({ intermediateRouteId, employeeId, status: "Boarded", scannedAt: now, createdAt: now })
    .onConflictDoUpdate({
      target: [transportServices.intermediateRouteId, transportServices.employeeId],
      set: { status: "Boarded", scannedAt: now },
      setWhere: sql`${transportServices.status} = 'Canceled'`,
    })
    .returning({ id: transportServices.id, scannedAt: transportServices.scannedAt });
  return row;
}

/** Records a cancellation once; returns undefined when the collaborator already has a service row. */
export async function insertCancellation(
  conn: Conn,
  values: { intermediateRouteId: number; employeeId: number; comment: string },
) {
  const now = new Date();
  const [row] = await conn
    .insert(transportServices)
    .values({ ...values, status: "Canceled", canceledAt: now, createdAt: now })
    .onConflictDoNothing({ target: [transportServices.intermediateRouteId, transportServices.employeeId] })
    .returning({ id: transportServices.id });
  return row;
}

export async function findService(conn: Conn, intermediateRouteId: number, employeeId: number) {
  const [row] = await conn
    .select({
      status: transportServices.status,
      comment: transportServices.comment,
      canceledAt: transportServices.canceledAt,
      name: employees.name,
      lastname: employees.lastname,
    })
    .from(transportServices)
    .innerJoin(employees, eq(employees.id, transportServices.employeeId))
    .where(
      and(
        eq(transportServices.intermediateRouteId, intermediateRouteId),
        eq(transportServices.employeeId, employeeId),
      ),
    );
  return row;
}

/** Trips in progress on a collaborator's routes (assigned or not-scheduled rider), with its service. */
export function inProgressTripsOfEmployee(conn: Conn, employeeId: number) {
  return joinTripNames(
    conn
      .select({
        id: intermediateRoutes.id,
        routeName,
        driverName: drivers.name,
        driverLastname: drivers.lastname,
        startedAt: intermediateRoutes.startedAt,
        lastLatitude: intermediateRoutes.lastLatitude,
        lastLongitude: intermediateRoutes.lastLongitude,
        serviceStatus: transportServices.status,
      })
      .from(intermediateRoutes)
      .$dynamic(),
  )
    .leftJoin(
      transportServices,
      and(
        eq(transportServices.intermediateRouteId, intermediateRoutes.id),
        eq(transportServices.employeeId, employeeId),
      ),
    )
    .where(
      and(
        eq(intermediateRoutes.status, "InProgress"),
        sql`(${inArray(
          intermediateRoutes.routeId,
          conn
            .select({ id: routeEmployees.routeId })
            .from(routeEmployees)
            .where(eq(routeEmployees.employeeId, employeeId)),
        )} or ${inArray(
          intermediateRoutes.routeNotScheduledId,
          conn
            .select({ id: routeNotScheduledEmployees.routeNotScheduledId })
            .from(routeNotScheduledEmployees)
            .where(eq(routeNotScheduledEmployees.employeeId, employeeId)),
        )})`,
      ),
    )
    .orderBy(desc(intermediateRoutes.startedAt), desc(intermediateRoutes.id));
}
