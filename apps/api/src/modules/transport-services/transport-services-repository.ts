import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  drivers,
  employees,
  intermediateRoutes,
  profileImages,
  routeEmployees,
  routeNotScheduledEmployees,
  transportServices,
  users,
} from "../../db/schema.js";
import { joinTripNames, routeName } from "../trips/trip-repository.js";

type Conn = Db | Tx;

const riderColumns = {
  id: employees.id,
  userId: employees.userId,
  name: employees.name,
  lastname: employees.lastname,
  codeEmployee: employees.codeEmployee,
  status: users.status,
  imageEtag: profileImages.etag,
};

/** The collaborator behind a QR code (unique index `employees_code_qr_key`). */
export async function findEmployeeByQr(conn: Conn, codeQr: string) {
  const [row] = await conn
    .select(riderColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(profileImages, eq(profileImages.userId, employees.userId))
    .where(eq(employees.codeQr, codeQr));
  return row;
}

/** A collaborator by id, as a boarding needs it. */
export async function findRider(conn: Conn, employeeId: number) {
  const [row] = await conn
    .select(riderColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(profileImages, eq(profileImages.userId, employees.userId))
    .where(eq(employees.id, employeeId));
  return row;
}

/** How, when and where a boarding was recorded. */
export type BoardingEvidence = {
  at: Date;
  method: "qr" | "manual";
  reason: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * Registers a boarding once: one statement on the unique index (trip, employee), so concurrent
 * scans of the same QR leave exactly one row. A collaborator who had cancelled and shows up after
 * all is boarded (same row). Returns undefined when the collaborator had already boarded.
 */
export async function upsertBoarding(
  conn: Conn,
  intermediateRouteId: number,
  employeeId: number,
  evidence: BoardingEvidence = {
    at: new Date(),
    method: "qr",
    reason: null,
    latitude: null,
    longitude: null,
  },
) {
  const boarded = {
    status: "Boarded",
    scannedAt: evidence.at,
    boardingMethod: evidence.method,
    boardingReason: evidence.reason,
    boardedLatitude: evidence.latitude,
    boardedLongitude: evidence.longitude,
  };
  const [row] = await conn
    .insert(transportServices)
    .values({ intermediateRouteId, employeeId, ...boarded, createdAt: new Date() })
    .onConflictDoUpdate({
      target: [transportServices.intermediateRouteId, transportServices.employeeId],
      set: boarded,
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
