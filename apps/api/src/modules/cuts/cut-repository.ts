import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cuts } from "../../db/schema.js";
import { rowsOf } from "../reports/trip-scope.js";

/** What a new cut froze: its id, the trips, their riders and their cost in cents. */
export type CutSummary = { id: number; trips: number; collaborators: number; costCents: number };

/**
 * Inserts a cut and, in the same transaction, freezes every finished trip not yet cut that ended
 * in `[since, until)`. An overlapping period fails on the database's exclusion constraint.
 */
export async function insertCutFreezingTrips(
  db: Db,
  values: { since: Date; until: Date; createdBy: number },
): Promise<CutSummary> {
  return db.transaction(async (tx) => {
    const [cut] = await tx
      .insert(cuts)
      .values({ sinceAt: values.since, untilAt: values.until, createdBy: values.createdBy })
      .returning({ id: cuts.id });
    if (!cut) throw new Error("cut insert returned nothing");
    const [summary] = await rowsOf(
      tx,
      sql`with frozen as (
          update intermediate_routes t set cut_id = ${cut.id}, updated_at = now()
          where t.status = 'Finished' and t.cut_id is null
            and t.ended_at >= ${values.since} and t.ended_at < ${values.until}
          returning t.id, round(t.cost * 100)::bigint as cost_cents
        )
        select count(*)::int as trips, coalesce(sum(f.cost_cents), 0)::bigint as cost_cents,
          coalesce(sum(tr.riders), 0)::bigint as collaborators
        from frozen f left join trip_riders tr on tr.intermediate_route_id = f.id`,
    );
    return {
      id: cut.id,
      trips: Number(summary?.trips ?? 0),
      collaborators: Number(summary?.collaborators ?? 0),
      costCents: Number(summary?.cost_cents ?? 0),
    };
  });
}

/** A cut's period, if the cut exists. */
export async function findCutPeriod(db: Db, id: number) {
  const [cut] = await db
    .select({ since: cuts.sinceAt, until: cuts.untilAt })
    .from(cuts)
    .where(eq(cuts.id, id));
  return cut;
}
