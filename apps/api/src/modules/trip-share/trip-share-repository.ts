import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  drivers,
  intermediateRoutes,
  routes,
  routesNotScheduled,
  transportServices,
  tripShares,
} from "../../db/schema.js";
import { routeName } from "../trips/trip-repository.js";

/** The trip a rider wants to share: its route, driver, state and end (undefined: no such trip). */
export async function findShareableTrip(db: Db, tripId: number) {
  const [row] = await db
    .select({
      id: intermediateRoutes.id,
      routeId: intermediateRoutes.routeId,
      routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
      driverId: intermediateRoutes.driverId,
      status: intermediateRoutes.status,
      startedAt: intermediateRoutes.startedAt,
      endedAt: intermediateRoutes.endedAt,
    })
    .from(intermediateRoutes)
    .where(eq(intermediateRoutes.id, tripId))
    .limit(1);
  return row;
}

/** The rider's boarding or cancellation on the trip, if any. */
export async function serviceStatusOf(db: Db, tripId: number, employeeId: number) {
  const [row] = await db
    .select({ status: transportServices.status })
    .from(transportServices)
    .where(
      and(eq(transportServices.intermediateRouteId, tripId), eq(transportServices.employeeId, employeeId)),
    )
    .limit(1);
  return row?.status;
}

export async function insertShare(
  db: Db,
  values: {
    tokenHash: string;
    intermediateRouteId: number;
    employeeId: number;
    userId: number;
    maxExpiresAt: Date;
  },
) {
  const [row] = await db.insert(tripShares).values(values).returning({ id: tripShares.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/**
 * A share by its token's hash with what decides whether it still lives: revoked, its 12-hour cap
 * and the trip's end. Undefined when no such share.
 */
export async function findShare(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: tripShares.id,
      intermediateRouteId: tripShares.intermediateRouteId,
      employeeId: tripShares.employeeId,
      userId: tripShares.userId,
      maxExpiresAt: tripShares.maxExpiresAt,
      revokedAt: tripShares.revokedAt,
      routeName,
      routeId: intermediateRoutes.routeId,
      routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
      status: intermediateRoutes.status,
      startedAt: intermediateRoutes.startedAt,
      endedAt: intermediateRoutes.endedAt,
      lastLatitude: intermediateRoutes.lastLatitude,
      lastLongitude: intermediateRoutes.lastLongitude,
      lastPositionAt: intermediateRoutes.lastPositionAt,
      driverName: drivers.name,
      vehiclePlate: drivers.vehiclePlate,
    })
    .from(tripShares)
    .innerJoin(intermediateRoutes, eq(intermediateRoutes.id, tripShares.intermediateRouteId))
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
    .where(eq(tripShares.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export type ShareRow = NonNullable<Awaited<ReturnType<typeof findShare>>>;

/** Revokes the share (a second revocation keeps the first one's time). */
export async function revokeShare(db: Db, id: number, at: Date) {
  await db
    .update(tripShares)
    .set({ revokedAt: at })
    .where(and(eq(tripShares.id, id), isNull(tripShares.revokedAt)));
}
