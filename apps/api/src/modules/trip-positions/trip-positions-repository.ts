import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { drivers, intermediateRoutes, tripPositions } from "../../db/schema.js";

export type PositionRow = {
  intermediateRouteId: number;
  latitude: number;
  longitude: number;
  recordedAt: Date;
};

/**
 * Several trips at once (the positions that arrive in one turn after drivers reconnect): each
 * trip's driver, the driver's user and its status, in one query.
 */
export async function findTripsForPositions(db: Db, ids: number[]) {
  return db
    .select({
      id: intermediateRoutes.id,
      driverId: intermediateRoutes.driverId,
      driverUserId: drivers.userId,
      status: intermediateRoutes.status,
      startedAt: intermediateRoutes.startedAt,
    })
    .from(intermediateRoutes)
    .leftJoin(drivers, eq(drivers.id, intermediateRoutes.driverId))
    .where(inArray(intermediateRoutes.id, ids));
}

/**
 * Stores a batch of positions (the trail) and each trip's latest one, in two statements. Only trips
 * still in progress take them: the update of their latest position locks their rows first and
 * returns them, so an End (which locks its trip for update, then compacts its trace once committed,
 * docs/decisions/0033) either sees these positions or makes them be dropped: no position is ever
 * stored behind a compact trace.
 */
export async function savePositions(db: Db, rows: PositionRow[]) {
  if (rows.length === 0) return;
  const latest = new Map<number, PositionRow>();
  for (const row of rows) {
    const seen = latest.get(row.intermediateRouteId);
    if (!seen || seen.recordedAt <= row.recordedAt) latest.set(row.intermediateRouteId, row);
  }
  const values = sql.join(
    [...latest.values()].map(
      (p) =>
        sql`(${p.intermediateRouteId}::int, ${p.latitude}::float8, ${p.longitude}::float8, ${p.recordedAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const newer = sql`(t.last_position_at is null or t.last_position_at <= v.at)`;
  const ids = [...latest.keys()].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    // The trips' rows in id order before the update (whose order is the planner's): two instances'
    // batches of the same trips queue instead of deadlocking.
    if (ids.length > 1)
      await tx.execute(
        sql`select id from intermediate_routes where id in (${sql.join(ids, sql`, `)}) order by id for no key update`,
      );
    const open = (await tx.execute(sql`
      update intermediate_routes as t
      set last_latitude = case when ${newer} then v.lat else t.last_latitude end,
        last_longitude = case when ${newer} then v.lng else t.last_longitude end,
        last_position_at = case when ${newer} then v.at else t.last_position_at end
      from (values ${values}) as v(id, lat, lng, at)
      where t.id = v.id and t.status = 'InProgress'
      returning t.id`)) as unknown as { rows: { id: number }[] };
    if (open.rows.length === 0) return;
    const inProgress = new Set(open.rows.map((row) => Number(row.id)));
    const kept =
      inProgress.size === latest.size ? rows : rows.filter((row) => inProgress.has(row.intermediateRouteId));
    const fresh = [...new Map(kept.map((row) => [positionKey(row), row])).values()];
    for (let start = 0; start < fresh.length; start += 1000) {
      await insertNewPositions(tx, fresh.slice(start, start + 1000));
    }
  });
}

const positionKey = (row: PositionRow) => `${row.intermediateRouteId}@${row.recordedAt.getTime()}`;

/**
 * Inserts the positions a trip does not hold yet at the same instant: the phone sends a position by
 * the hub and, when the hub does not acknowledge it in time, again through its outbox (REST) with
 * the same device time; whichever arrives second is the same position and is not stored twice.
 */
async function insertNewPositions(tx: Tx, rows: PositionRow[]) {
  const values = sql.join(
    rows.map(
      (p) =>
        sql`(${p.intermediateRouteId}::int, ${p.latitude}::float8, ${p.longitude}::float8, ${p.recordedAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into trip_positions (intermediate_route_id, latitude, longitude, recorded_at)
    select v.id, v.lat, v.lng, v.at from (values ${values}) as v(id, lat, lng, at)
    where not exists (
      select 1 from trip_positions p where p.intermediate_route_id = v.id and p.recorded_at = v.at
    )`);
}

/** Whether the trip has a stored position less than `withinMs` from `at` (index trip, recorded_at). */
async function positionNear(tx: Tx, tripId: number, at: Date, withinMs: number) {
  const from = new Date(at.getTime() - withinMs).toISOString();
  const to = new Date(at.getTime() + withinMs).toISOString();
  const found = (await tx.execute(sql`
    select 1 from ${tripPositions}
    where ${tripPositions.intermediateRouteId} = ${tripId}
      and ${tripPositions.recordedAt} > ${from}::timestamptz and ${tripPositions.recordedAt} < ${to}::timestamptz
    limit 1`)) as unknown as { rows: unknown[] };
  return found.rows.length > 0;
}

/**
 * Stores one position inside the caller's transaction (an action applied once): the trail point,
 * and the trip's latest position when it is newer. Undefined when the trip is not in progress;
 * `stored: false` when the trip already has a position less than `dedupeMs` away (a queued
 * position sent again under another action id, or a flood: accepted, stored once).
 * The trip's row is locked first with the lock its update needs (`for no key update`): a phone's
 * queued positions of one trip, sent at once, wait for each other on it (and the check for a near
 * position sees the ones before). A shared lock upgraded by the update deadlocked them on
 * PostgreSQL (issue 21: 18 of 80 answered 500).
 */
export async function savePositionIn(tx: Tx, row: PositionRow, dedupeMs = 0) {
  const [trip] = await tx
    .select({ status: intermediateRoutes.status, startedAt: intermediateRoutes.startedAt })
    .from(intermediateRoutes)
    .where(eq(intermediateRoutes.id, row.intermediateRouteId))
    .for("no key update");
  if (trip?.status !== "InProgress") return undefined;
  if (dedupeMs > 0 && (await positionNear(tx, row.intermediateRouteId, row.recordedAt, dedupeMs))) {
    return { ...trip, stored: false };
  }
  await insertNewPositions(tx, [row]);
  await tx.execute(sql`
    update intermediate_routes
    set last_latitude = ${row.latitude}, last_longitude = ${row.longitude}, last_position_at = ${row.recordedAt.toISOString()}::timestamptz
    where id = ${row.intermediateRouteId} and status = 'InProgress'
      and (last_position_at is null or last_position_at <= ${row.recordedAt.toISOString()}::timestamptz)`);
  return { ...trip, stored: true };
}

/** Trail points returned with one trip (a long trip reporting every 5 s stays well under this). */
const TRAIL_LIMIT = 5_000;

/**
 * The trail, oldest first (index `trip_positions_trip_recorded_idx`). Empty for a trip whose raw
 * positions the retention deleted: its compact trace (trip sheet) remains (docs/decisions/0033).
 */
export function positionsOf(db: Db, tripId: number) {
  return db
    .select({
      latitude: tripPositions.latitude,
      longitude: tripPositions.longitude,
      heading: tripPositions.heading,
      speed: tripPositions.speed,
      recordedAt: tripPositions.recordedAt,
    })
    .from(tripPositions)
    .where(eq(tripPositions.intermediateRouteId, tripId))
    .orderBy(asc(tripPositions.recordedAt), asc(tripPositions.id))
    .limit(TRAIL_LIMIT);
}
