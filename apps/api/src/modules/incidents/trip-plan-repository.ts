import { and, asc, desc, eq, gte, inArray, isNotNull, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  destinations,
  drivers,
  incidents,
  intermediateRoutes,
  routes,
  routesNotScheduled,
  shifts,
  transportServices,
  tripPositions,
  tripTraces,
} from "../../db/schema.js";

/** What a trip's plan is built from: the trip, its route, shift, workplace, driver and supplier. */
export async function tripsForPlan(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: intermediateRoutes.id,
      status: intermediateRoutes.status,
      startedAt: intermediateRoutes.startedAt,
      routeId: intermediateRoutes.routeId,
      routeNotScheduledId: intermediateRoutes.routeNotScheduledId,
      routeName: sql<string>`coalesce(${intermediateRoutes.routeName}, ${routes.name}, ${routesNotScheduled.name}, '')`,
      driverId: intermediateRoutes.driverId,
      supplierId: intermediateRoutes.supplierId,
      vehicleCapacity: drivers.vehicleCapacity,
      routeSeats: routes.seats,
      departureTime: routes.departureTime,
      shiftDirection: shifts.direction,
      shiftTime: shifts.time,
      shiftTravelSpeedKmh: shifts.travelSpeedKmh,
      shiftTravelCircuity: shifts.travelCircuity,
      branchOfficeId: shifts.branchOfficeId,
      workplaceLatitude: destinations.latitude,
      workplaceLongitude: destinations.longitude,
    })
    .from(intermediateRoutes)
    .innerJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
    .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
    .leftJoin(shifts, eq(shifts.id, routes.shiftId))
    .leftJoin(
      destinations,
      eq(destinations.id, sql`coalesce(${routes.destinationId}, ${routesNotScheduled.destinationId})`),
    )
    .where(inArray(intermediateRoutes.id, ids));
}
export type TripForPlan = Awaited<ReturnType<typeof tripsForPlan>>[number];

/** The trips in progress now (the monitor's sync and the rebuild after a restart). */
export async function tripsInProgress(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: intermediateRoutes.id })
    .from(intermediateRoutes)
    .where(eq(intermediateRoutes.status, "InProgress"));
  return rows.map((row) => row.id);
}

/**
 * The trace of the route's most recent good finished trip since `since`: compacted, with at least
 * `minPoints` points, and without an OFF_ROUTE or SKIPPED_STOP incident (a detour is no path to follow).
 */
export async function recentGoodTrace(db: Db, routeId: number, since: Date, minPoints: number) {
  const [row] = await db
    .select({ id: intermediateRoutes.id, points: tripTraces.points })
    .from(tripTraces)
    .innerJoin(intermediateRoutes, eq(intermediateRoutes.id, tripTraces.intermediateRouteId))
    .where(
      and(
        eq(intermediateRoutes.routeId, routeId),
        eq(intermediateRoutes.status, "Finished"),
        gte(tripTraces.endedAt, since),
        gte(sql`cardinality(${tripTraces.points})`, minPoints * 2),
        notExists(
          db
            .select({ one: sql`1` })
            .from(incidents)
            .where(
              and(
                eq(incidents.intermediateRouteId, intermediateRoutes.id),
                inArray(incidents.type, ["OFF_ROUTE", "SKIPPED_STOP"]),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(tripTraces.endedAt))
    .limit(1);
  return row;
}

/** Boardings and cancellations of a trip, oldest first (a rebuilt monitor replays them). */
export function servicesForReplay(db: Db, tripId: number) {
  return db
    .select({
      employeeId: transportServices.employeeId,
      status: transportServices.status,
      scannedAt: transportServices.scannedAt,
      canceledAt: transportServices.canceledAt,
    })
    .from(transportServices)
    .where(eq(transportServices.intermediateRouteId, tripId))
    .orderBy(asc(transportServices.createdAt), asc(transportServices.id));
}

/** A trip's positions in the order the phone recorded them (a rebuilt monitor replays them). */
export function positionsForReplay(db: Db, tripId: number) {
  return db
    .select({
      latitude: tripPositions.latitude,
      longitude: tripPositions.longitude,
      recordedAt: tripPositions.recordedAt,
    })
    .from(tripPositions)
    .where(and(eq(tripPositions.intermediateRouteId, tripId), isNotNull(tripPositions.recordedAt)))
    .orderBy(asc(tripPositions.recordedAt), asc(tripPositions.id));
}
