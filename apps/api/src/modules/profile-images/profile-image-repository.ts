import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
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

/** A user's id and role, if it exists. */
export async function findUserRole(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** Stores a user's image, replacing the one it had. */
export async function upsertProfileImage(
  db: Db,
  values: { userId: number; contentType: string; data: Buffer; etag: string },
) {
  const { userId, ...image } = values;
  await db
    .insert(profileImages)
    .values(values)
    .onConflictDoUpdate({ target: profileImages.userId, set: { ...image, updatedAt: new Date() } });
}

export async function findProfileImage(db: Db, userId: number) {
  const [row] = await db.select().from(profileImages).where(eq(profileImages.userId, userId)).limit(1);
  return row;
}

/**
 * Whether `riderUserId` is a rider of the trip in progress of the driver signed in as
 * `driverUserId`: boarded or cancelled on it, or expected on it (its route's collaborators or the
 * not-scheduled route's riders).
 */
export async function ridesDriversTripInProgress(db: Db, driverUserId: number, riderUserId: number) {
  const onTrip = or(
    sql`exists (select 1 from ${transportServices} where ${transportServices.intermediateRouteId} = ${intermediateRoutes.id} and ${transportServices.employeeId} = ${employees.id})`,
    sql`exists (select 1 from ${routeEmployees} where ${routeEmployees.routeId} = ${intermediateRoutes.routeId} and ${routeEmployees.employeeId} = ${employees.id})`,
    sql`exists (select 1 from ${routeNotScheduledEmployees} where ${routeNotScheduledEmployees.routeNotScheduledId} = ${intermediateRoutes.routeNotScheduledId} and ${routeNotScheduledEmployees.employeeId} = ${employees.id})`,
  );
  const [row] = await db
    .select({ id: intermediateRoutes.id })
    .from(intermediateRoutes)
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .innerJoin(employees, eq(employees.userId, riderUserId))
    .where(and(eq(drivers.userId, driverUserId), eq(intermediateRoutes.status, "InProgress"), onTrip))
    .limit(1);
  return row !== undefined;
}
