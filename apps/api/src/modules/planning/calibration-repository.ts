import { and, asc, desc, eq, gt, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  destinations,
  intermediateRoutes,
  routes,
  shifts,
  transportServices,
  tripTraces,
} from "../../db/schema.js";

type Conn = Db | Tx;

/** The most recent trips read for a calibration. */
export const CALIBRATION_TRIP_LIMIT = 2000;

/**
 * The branch office's finished trips of scheduled routes that ended since `since`, with a trace of
 * more than 0 km, newest first: their times, km (trace and moving), the route's destination. A trip
 * is the branch office's when its route's shift is of it or, for a route without a shift, someone
 * of it boarded; never another branch office's trips (decision 0058).
 */
export function calibrationTrips(conn: Conn, since: Date, branchOfficeId: number) {
  return conn
    .select({
      id: intermediateRoutes.id,
      startedAt: intermediateRoutes.startedAt,
      endedAt: intermediateRoutes.endedAt,
      km: tripTraces.km,
      movingKm: tripTraces.movingKm,
      movingSeconds: tripTraces.movingSeconds,
      destinationLatitude: destinations.latitude,
      destinationLongitude: destinations.longitude,
    })
    .from(intermediateRoutes)
    .innerJoin(tripTraces, eq(tripTraces.intermediateRouteId, intermediateRoutes.id))
    .innerJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .innerJoin(destinations, eq(destinations.id, routes.destinationId))
    .leftJoin(shifts, eq(shifts.id, routes.shiftId))
    .where(
      and(
        eq(intermediateRoutes.status, "Finished"),
        gte(intermediateRoutes.endedAt, since),
        gt(tripTraces.km, 0),
        sql`(${shifts.branchOfficeId} = ${branchOfficeId} or (${shifts.id} is null and exists (select 1 from ${transportServices} where ${transportServices.intermediateRouteId} = ${intermediateRoutes.id} and ${transportServices.branchOfficeId} = ${branchOfficeId})))`,
      ),
    )
    .orderBy(desc(intermediateRoutes.endedAt), desc(intermediateRoutes.id))
    .limit(CALIBRATION_TRIP_LIMIT);
}

/** Where riders boarded each trip (those with a position), in time order. */
export async function boardingsOfTrips(conn: Conn, tripIds: number[]) {
  if (tripIds.length === 0) return [];
  return conn
    .select({
      tripId: transportServices.intermediateRouteId,
      latitude: transportServices.boardedLatitude,
      longitude: transportServices.boardedLongitude,
    })
    .from(transportServices)
    .where(
      and(
        inArray(transportServices.intermediateRouteId, tripIds),
        eq(transportServices.status, "Boarded"),
        isNotNull(transportServices.boardedLatitude),
        isNotNull(transportServices.boardedLongitude),
      ),
    )
    .orderBy(
      asc(transportServices.intermediateRouteId),
      asc(transportServices.scannedAt),
      asc(transportServices.id),
    );
}

/** The trip's route's shift as its travel model reads it (none: a route without a shift, or unscheduled). */
export async function travelShiftOfTrip(conn: Conn, tripId: number) {
  const [row] = await conn
    .select({
      shiftTime: shifts.time,
      travelSpeedKmh: shifts.travelSpeedKmh,
      travelCircuity: shifts.travelCircuity,
      branchOfficeId: shifts.branchOfficeId,
      departureTime: routes.departureTime,
    })
    .from(intermediateRoutes)
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(shifts, eq(shifts.id, routes.shiftId))
    .where(eq(intermediateRoutes.id, tripId));
  return row;
}
