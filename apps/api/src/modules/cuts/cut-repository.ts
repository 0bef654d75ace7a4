import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { date, rowsOf } from "../reports/trip-scope.js";
import { tripKmSql } from "../trips/trip-km-sql.js";
import { adjustmentCentsSql, assignAdjustments } from "./cut-adjustment-repository.js";

/** What a new cut froze: its id, the trips, their riders and their cost in cents. */
export type CutSummary = { id: number; trips: number; collaborators: number; costCents: number };

const uncutFinished = (since: Date, until: Date) =>
  sql`t.status = 'Finished' and t.cut_id is null and t.ended_at >= ${since} and t.ended_at < ${until}`;

/** How many finished trips not yet cut ended in `[since, until)`. */
export async function countCuttableTrips(tx: Tx, since: Date, until: Date) {
  const [row] = await rowsOf(
    tx,
    sql`select count(*)::int as n from intermediate_routes t where ${uncutFinished(since, until)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The planned departure of a trip `f`: the not-scheduled route's date, or the scheduled route's
 * departure time on the local day (in the cut maker's zone) nearest the trip's actual start.
 */
function plannedDepartureSql(clock: CallerClock): SQL {
  const minutes = clock.offsetMinutes;
  const base = sql`(((((f.started_at at time zone 'UTC') - make_interval(mins => ${minutes}::int))::date
    + r.departure_time) + make_interval(mins => ${minutes}::int)) at time zone 'UTC')`;
  return sql`case
    when rn.id is not null then rn.scheduled_at
    when r.departure_time is null then null
    else ${base} + case
      when f.started_at - ${base} > interval '12 hours' then interval '1 day'
      when ${base} - f.started_at > interval '12 hours' then interval '-1 day'
      else interval '0' end
    end`;
}

/**
 * Inserts a cut and, in the same transaction, freezes every finished trip not yet cut that ended
 * in `[since, until)`: marks it with the cut and stores its snapshot row in `cut_trips` (names,
 * times, costs, evidence as they are now), then the cut's totals. The caller validated the period
 * and holds the billing lock.
 */
export async function insertCutFreezingTrips(
  tx: Tx,
  values: { since: Date; until: Date; createdBy: number; clock: CallerClock },
): Promise<CutSummary> {
  const [cut] = await rowsOf(
    tx,
    sql`insert into cuts (since_at, until_at, created_by)
      values (${values.since}, ${values.until}, ${values.createdBy}) returning id`,
  );
  if (!cut) throw new Error("cut insert returned nothing");
  const cutId = Number(cut.id);
  await tx.execute(sql`
    with frozen as (
      update intermediate_routes t set cut_id = ${cutId}, updated_at = now()
      where ${uncutFinished(values.since, values.until)}
      returning t.id, t.started_at, t.ended_at, t.route_id, t.route_not_scheduled_id, t.supplier_id,
        t.driver_id, round(t.cost * 100)::bigint as cost_cents
    ),
    planned as (
      select f.*, coalesce(r.name, rn.name) as route_name, de.name as destination_name,
        ${plannedDepartureSql(values.clock)} as planned_departure_at
      from frozen f
        left join routes r on r.id = f.route_id
        left join routes_not_scheduled rn on rn.id = f.route_not_scheduled_id
        left join destinations de on de.id = coalesce(r.destination_id, rn.destination_id)
    )
    insert into cut_trips (intermediate_route_id, cut_id, started_at, ended_at, planned_departure_at,
      route_name, kind, supplier_id, supplier_name, driver_id, driver_name, vehicle, destination_name,
      riders, manual_boardings, cost_cents, km, minutes_late)
    select p.id, ${cutId}, p.started_at, p.ended_at, p.planned_departure_at, p.route_name,
      case when p.route_id is null then 'notScheduled' else 'scheduled' end,
      p.supplier_id, sp.name, p.driver_id, d.name || ' ' || d.lastname,
      nullif(concat_ws(' ', d.vehicle_plate, d.vehicle_model), ''), p.destination_name,
      coalesce(tr.riders, 0),
      (select count(*) from transport_services s
        where s.intermediate_route_id = p.id and s.status = 'Boarded' and s.boarding_method = 'manual'),
      p.cost_cents, ${tripKmSql(sql`p.id`)},
      case when p.planned_departure_at is null then null
        else round(extract(epoch from p.started_at - p.planned_departure_at) / 60)::int end
    from planned p
      join suppliers sp on sp.id = p.supplier_id
      join drivers d on d.id = p.driver_id
      left join trip_riders tr on tr.intermediate_route_id = p.id`);
  // The accepted disputes not paid yet become this cut's adjustment lines, part of its total.
  await assignAdjustments(tx, cutId);
  const [totals] = await rowsOf(
    tx,
    sql`update cuts c set trips = x.trips, collaborators = x.collaborators, total_cents = x.total_cents
      from (select count(*)::int as trips, coalesce(sum(riders), 0)::int as collaborators,
          (coalesce(sum(cost_cents), 0) + ${adjustmentCentsSql(cutId)})::bigint as total_cents
        from cut_trips where cut_id = ${cutId}) x
      where c.id = ${cutId}
      returning c.trips, c.collaborators, c.total_cents`,
  );
  return {
    id: cutId,
    trips: Number(totals?.trips ?? 0),
    collaborators: Number(totals?.collaborators ?? 0),
    costCents: Number(totals?.total_cents ?? 0),
  };
}

/** A cut's period, if the cut exists. */
export async function findCutPeriod(db: Db, id: number) {
  const [row] = await rowsOf(db, sql`select since_at, until_at from cuts where id = ${id}`);
  if (!row) return undefined;
  return { since: date(row.since_at), until: date(row.until_at) };
}

/**
 * Cuts as records: their frozen totals and the name of who made them, and their open disputes.
 * For a supplier (`supplierId`), every cut with the figures of its own trips and adjustment lines
 * only (read from the frozen rows), and its own open disputes.
 */
function cutRecordsSql(supplierId: number | undefined) {
  const figures =
    supplierId === undefined
      ? sql`c.trips, c.collaborators, c.total_cents,
        (select count(*) from disputes dp where dp.cut_id = c.id and dp.status = 'OPEN')::int as open_disputes`
      : sql`s.trips, s.collaborators, s.cost_cents + a.cents as total_cents,
        (select count(*) from disputes dp
          where dp.cut_id = c.id and dp.status = 'OPEN' and dp.supplier_id = ${supplierId})::int as open_disputes`;
  const own =
    supplierId === undefined
      ? sql``
      : sql`cross join lateral (select count(*)::int as trips, coalesce(sum(ct.riders), 0)::int as collaborators,
            coalesce(sum(ct.cost_cents), 0)::bigint as cost_cents
          from cut_trips ct where ct.cut_id = c.id and ct.supplier_id = ${supplierId}) s
        cross join lateral (select coalesce(sum(dp.accepted_cents), 0)::bigint as cents
          from disputes dp where dp.adjustment_cut_id = c.id and dp.supplier_id = ${supplierId}) a`;
  return sql`select c.id, c.since_at, c.until_at, c.created_at, ${figures},
      coalesce(e.name || ' ' || e.lastname, d.name || ' ' || d.lastname, u.email) as created_by
    from cuts c
      join users u on u.id = c.created_by
      left join employees e on e.user_id = u.id
      left join drivers d on d.user_id = u.id
      ${own}`;
}

/** One page of cuts, newest first, optionally those whose period touches `[from, to)`. */
export async function listCuts(
  db: Db,
  query: { amount: number; skip: number; range?: { from: Date; to: Date }; supplierId?: number },
) {
  const where = query.range
    ? sql`where c.until_at > ${query.range.from} and c.since_at < ${query.range.to}`
    : sql``;
  const [count] = await rowsOf(db, sql`select count(*)::int as n from cuts c ${where}`);
  const rows = await rowsOf(
    db,
    sql`${cutRecordsSql(query.supplierId)} ${where}
      order by c.until_at desc, c.id desc
      limit ${query.amount} offset ${(query.skip - 1) * query.amount}`,
  );
  return { amount: Number(count?.n ?? 0), rows };
}

/** One cut as a record (period, totals, who made it and when), if it exists. */
export async function findCut(db: Db, id: number, supplierId?: number) {
  const [row] = await rowsOf(db, sql`${cutRecordsSql(supplierId)} where c.id = ${id}`);
  return row;
}

/**
 * The billing invariant: finished trips that ended inside a cut's period and are in no cut;
 * trips whose cut rows disagree: marked with a cut but not frozen (the trips marked minus the
 * frozen ones: a frozen trip is always marked with its own cut, `cut_trips_trip_cut_fkey`, and
 * frozen once, `cut_trips`' primary key is the trip), or frozen outside their cut's period (two
 * index probes per cut); and the last cut's end.
 */
export async function checkCuts(db: Db) {
  const [row] = await rowsOf(
    db,
    sql`with last as (select max(until_at) as until from cuts)
      select
        (select count(*) from intermediate_routes t, last
          where t.status = 'Finished' and t.cut_id is null and t.ended_at < last.until
            and exists (select 1 from cuts c where c.since_at <= t.ended_at and t.ended_at < c.until_at))::int as uncut,
        ((select count(*) from intermediate_routes where cut_id is not null)
          - (select count(*) from cut_trips)
          + (select count(*) from cuts c cross join lateral (
              select 1 from cut_trips ct where ct.cut_id = c.id and ct.ended_at < c.since_at
              union all
              select 1 from cut_trips ct where ct.cut_id = c.id and ct.ended_at >= c.until_at) outside))::int as inconsistent,
        (select until from last) as last_until`,
  );
  return {
    uncut: Number(row?.uncut ?? 0),
    inconsistent: Number(row?.inconsistent ?? 0),
    lastUntil: row?.last_until ? date(row.last_until) : undefined,
  };
}
