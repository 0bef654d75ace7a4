import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../reports/trip-scope.js";
import { compactTrip, measureTrace, unmeasuredTraces } from "../trips/trip-trace-repository.js";

export { unmeasuredTraces };

/**
 * Claims a scheduled job's run for this instance (docs/decisions/0033): moves its `next_run_at`
 * `intervalMs` ahead when it is due, in one statement. Of several instances asking at once exactly
 * one gets true (the others find the row already moved, PostgreSQL re-checks the condition after
 * waiting for the winner's update); the first ask creates the row.
 */
export async function claimJob(db: Db, name: string, intervalMs: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`insert into scheduled_jobs as j (name, next_run_at, started_at)
      values (${name}, now() + ${intervalMs}::float8 * interval '1 millisecond', clock_timestamp())
      on conflict (name) do update set next_run_at = excluded.next_run_at, started_at = excluded.started_at
        where j.next_run_at <= now()
      returning j.name`,
  );
  return rows.length > 0;
}

/** Records a run's result; with work left over the job is due again at once (the next tick). */
export async function finishJob(db: Db, name: string, result: object, more: boolean) {
  await db.execute(sql`update scheduled_jobs
    set finished_at = clock_timestamp(), last_result = ${JSON.stringify(result)}::jsonb,
      next_run_at = case when ${more} then now() else next_run_at end
    where name = ${name}`);
}

/** Finished trips without a compact trace (ended before migration 0010, or an End that failed to), oldest first. */
export async function uncompactedTrips(db: Db, limit: number): Promise<number[]> {
  const rows = await rowsOf(
    db,
    sql`select t.id from intermediate_routes t
      where t.status = 'Finished'
        and not exists (select 1 from trip_traces tt where tt.intermediate_route_id = t.id)
      order by t.ended_at, t.id
      limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** Compacts one finished trip in its own short transaction; true when it stored a trace. */
export function compactOne(db: Db, tripId: number): Promise<boolean> {
  return db.transaction((tx) => compactTrip(tx, tripId));
}

/** Measures one trace's moving figures in its own short transaction; true when it stored them. */
export function measureOne(db: Db, tripId: number): Promise<boolean> {
  return db.transaction((tx) => measureTrace(tx, tripId));
}

/**
 * Deletes the raw positions of compacted trips that ended before `before`, one batch of whole trips
 * (about `maxRows` positions, at least one trip) in one short transaction, and marks their traces.
 * Trips without a compact trace (in progress, or not compacted yet) are never touched. Returns the
 * trips and positions deleted (0 trips: nothing left to delete).
 */
export async function deleteRetainedBatch(db: Db, before: Date, maxRows: number) {
  return db.transaction(async (tx) => {
    const trips = await rowsOf(
      tx,
      sql`select id from (
          select intermediate_route_id as id,
            sum(point_count) over (order by ended_at, intermediate_route_id) - point_count as rows_before
          from trip_traces
          where raw_deleted_at is null and ended_at < ${before.toISOString()}::timestamptz
          order by ended_at, intermediate_route_id
          limit 1000
        ) x
        where rows_before < ${maxRows}`,
    );
    const ids = trips.map((row) => Number(row.id));
    if (ids.length === 0) return { trips: 0, positions: 0 };
    const list = sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    );
    const deleted = await rowsOf(
      tx,
      sql`with gone as (delete from trip_positions where intermediate_route_id in (${list}) returning 1)
        select count(*)::int as n from gone`,
    );
    await tx.execute(
      sql`update trip_traces set raw_deleted_at = clock_timestamp() where intermediate_route_id in (${list})`,
    );
    return { trips: ids.length, positions: Number(deleted[0]?.n ?? 0) };
  });
}
