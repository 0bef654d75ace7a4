import {
  movingFigures,
  type TimedPoint,
  TRIP_SHEET_MAX_TRACE_POINTS,
  type TravelPoint,
  type TripSheetPoint,
} from "@treiber/contract";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  destinations,
  intermediateRoutes,
  routeStops,
  routes,
  routesNotScheduled,
  transportServices,
  tripPositions,
  tripTraces,
} from "../../db/schema.js";
import { simplifyTrace } from "./simplify-trace.js";
import { rawTripKmSql } from "./trip-km-sql.js";

/** A finished trip's compact trace: what the trip sheet shows and the km billing uses. */
export type TripTrace = { km: number; pointCount: number; points: TripSheetPoint[] };

/** The trip's raw positions in the order the phone recorded them, `[latitude, longitude]`. */
export async function rawTrace(db: Db | Tx, tripId: number): Promise<TripSheetPoint[]> {
  const rows = await db
    .select({ latitude: tripPositions.latitude, longitude: tripPositions.longitude })
    .from(tripPositions)
    .where(eq(tripPositions.intermediateRouteId, tripId))
    .orderBy(asc(tripPositions.recordedAt), asc(tripPositions.id));
  return rows.map((row) => [row.latitude, row.longitude]);
}

/** The trip's raw positions with the time the phone recorded each, in that order. */
async function timedRawTrace(db: Db | Tx, tripId: number): Promise<TimedPoint[]> {
  const rows = await db
    .select({
      latitude: tripPositions.latitude,
      longitude: tripPositions.longitude,
      recordedAt: tripPositions.recordedAt,
    })
    .from(tripPositions)
    .where(eq(tripPositions.intermediateRouteId, tripId))
    .orderBy(asc(tripPositions.recordedAt), asc(tripPositions.id));
  return rows.map((row) => ({
    latitude: row.latitude,
    longitude: row.longitude,
    at: row.recordedAt.getTime(),
  }));
}

/** Where the trip's bus stops on purpose: where riders boarded, its route's stops, its destination. */
async function stopsOfTrip(db: Db | Tx, tripId: number): Promise<TravelPoint[]> {
  const [boardings, stops, places] = await Promise.all([
    db
      .select({ latitude: transportServices.boardedLatitude, longitude: transportServices.boardedLongitude })
      .from(transportServices)
      .where(
        and(
          eq(transportServices.intermediateRouteId, tripId),
          isNotNull(transportServices.boardedLatitude),
          isNotNull(transportServices.boardedLongitude),
        ),
      ),
    db
      .select({ latitude: routeStops.latitude, longitude: routeStops.longitude })
      .from(intermediateRoutes)
      .innerJoin(routeStops, eq(routeStops.routeId, intermediateRoutes.routeId))
      .where(eq(intermediateRoutes.id, tripId)),
    db
      .select({ latitude: destinations.latitude, longitude: destinations.longitude })
      .from(intermediateRoutes)
      .leftJoin(routes, eq(routes.id, intermediateRoutes.routeId))
      .leftJoin(routesNotScheduled, eq(routesNotScheduled.id, intermediateRoutes.routeNotScheduledId))
      .innerJoin(
        destinations,
        eq(destinations.id, sql`coalesce(${routes.destinationId}, ${routesNotScheduled.destinationId})`),
      )
      .where(eq(intermediateRoutes.id, tripId)),
  ]);
  return [...boardings, ...stops, ...places].flatMap((point) =>
    point.latitude === null || point.longitude === null
      ? []
      : [{ latitude: point.latitude, longitude: point.longitude }],
  );
}

/** The trip's moving km and seconds from its raw positions (decision 0058). */
async function measureMoving(db: Db | Tx, tripId: number, raw: TimedPoint[]) {
  if (raw.length < 2) return { km: 0, seconds: 0 };
  return movingFigures(raw, await stopsOfTrip(db, tripId));
}

/**
 * Stores the compact trace of a finished trip (docs/decisions/0033): its raw positions simplified
 * as the trip sheet shows them (Douglas–Peucker, at most TRIP_SHEET_MAX_TRACE_POINTS), their count,
 * and their km by the same SQL the cuts used (`rawTripKmSql`), so the figure never changes once the
 * raw positions are gone; and its moving km and seconds (decision 0058), which the travel model is
 * calibrated from. Nothing happens to a trip in progress, unknown or already compacted; true when
 * a trace was stored. Called in the End's transaction and by the positions job.
 */
export async function compactTrip(tx: Db | Tx, tripId: number): Promise<boolean> {
  const [trip] = await tx
    .select({ endedAt: intermediateRoutes.endedAt, km: rawTripKmSql(sql`${tripId}::int`).mapWith(Number) })
    .from(intermediateRoutes)
    .where(and(eq(intermediateRoutes.id, tripId), eq(intermediateRoutes.status, "Finished")));
  if (!trip?.endedAt) return false;
  const timed = await timedRawTrace(tx, tripId);
  const raw: TripSheetPoint[] = timed.map((p) => [p.latitude, p.longitude]);
  const points = simplifyTrace(raw, TRIP_SHEET_MAX_TRACE_POINTS);
  const moving = await measureMoving(tx, tripId, timed);
  const stored = await tx
    .insert(tripTraces)
    .values({
      intermediateRouteId: tripId,
      km: trip.km,
      movingKm: moving.km,
      movingSeconds: moving.seconds,
      pointCount: raw.length,
      points: points.flat(),
      endedAt: trip.endedAt,
    })
    .onConflictDoNothing()
    .returning({ id: tripTraces.intermediateRouteId });
  return stored.length > 0;
}

/**
 * Compacted traces without moving figures (stored before migration 0020) whose raw positions are
 * still kept, oldest first: the positions job measures them.
 */
export async function unmeasuredTraces(db: Db | Tx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: tripTraces.intermediateRouteId })
    .from(tripTraces)
    .where(and(isNull(tripTraces.movingSeconds), isNull(tripTraces.rawDeletedAt)))
    .orderBy(asc(tripTraces.endedAt), asc(tripTraces.intermediateRouteId))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Measures a compacted trace's moving km and seconds from its raw positions, once; true when it
 * stored them (false: measured already, or its raw positions are gone).
 */
export async function measureTrace(tx: Db | Tx, tripId: number): Promise<boolean> {
  const moving = await measureMoving(tx, tripId, await timedRawTrace(tx, tripId));
  const stored = await tx
    .update(tripTraces)
    .set({ movingKm: moving.km, movingSeconds: moving.seconds })
    .where(
      and(
        eq(tripTraces.intermediateRouteId, tripId),
        isNull(tripTraces.movingSeconds),
        isNull(tripTraces.rawDeletedAt),
      ),
    )
    .returning({ id: tripTraces.intermediateRouteId });
  return stored.length > 0;
}

/** A trip's compact trace, if it was compacted. */
export async function findTripTrace(db: Db | Tx, tripId: number): Promise<TripTrace | undefined> {
  const [row] = await db
    .select({ km: tripTraces.km, pointCount: tripTraces.pointCount, points: tripTraces.points })
    .from(tripTraces)
    .where(eq(tripTraces.intermediateRouteId, tripId));
  if (!row) return undefined;
  const points: TripSheetPoint[] = [];
  for (let i = 0; i + 1 < row.points.length; i += 2)
    points.push([Number(row.points[i]), Number(row.points[i + 1])]);
  return { km: Number(row.km), pointCount: row.pointCount, points };
}
