import { TRIP_SHEET_MAX_TRACE_POINTS, type TripSheetPoint } from "@treiber/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { intermediateRoutes, tripPositions, tripTraces } from "../../db/schema.js";
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

/**
 * Stores the compact trace of a finished trip (docs/decisions/0033): its raw positions simplified
 * as the trip sheet shows them (Douglas–Peucker, at most TRIP_SHEET_MAX_TRACE_POINTS), their count,
 * and their km by the same SQL the cuts used (`rawTripKmSql`), so the figure never changes once the
 * raw positions are gone. Nothing happens to a trip in progress, unknown or already compacted;
 * true when a trace was stored. Called in the End's transaction and by the positions job.
 */
export async function compactTrip(tx: Db | Tx, tripId: number): Promise<boolean> {
  const [trip] = await tx
    .select({ endedAt: intermediateRoutes.endedAt, km: rawTripKmSql(sql`${tripId}::int`).mapWith(Number) })
    .from(intermediateRoutes)
    .where(and(eq(intermediateRoutes.id, tripId), eq(intermediateRoutes.status, "Finished")));
  if (!trip?.endedAt) return false;
  const raw = await rawTrace(tx, tripId);
  const points = simplifyTrace(raw, TRIP_SHEET_MAX_TRACE_POINTS);
  const stored = await tx
    .insert(tripTraces)
    .values({
      intermediateRouteId: tripId,
      km: trip.km,
      pointCount: raw.length,
      points: points.flat(),
      endedAt: trip.endedAt,
    })
    .onConflictDoNothing()
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
