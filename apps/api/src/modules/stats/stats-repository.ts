import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { type CallerClock, DAY_MS } from "../../lib/caller-clock.js";
import { cents, isoDay, num, rowsOf, text, tripsSelect } from "../reports/trip-scope.js";

/** A range of instants, `[from, to)`: finished trips count by their end, trips in progress by their start. */
export type StatsRange = { from: Date; to: Date };

const QUARTER_MS = 15 * 60_000;

/**
 * Whether the range's bounds are whole quarter hours (UTC), as every caller's local midnight is
 * (every real offset is a whole number of quarter hours): then the range is whole rows of the
 * quarter-hour summaries (`trip_quarter_totals`, `service_quarter_totals`); otherwise the trips
 * themselves are read.
 */
const inQuarters = ({ from, to }: StatsRange) =>
  from.getTime() % QUARTER_MS === 0 && to.getTime() % QUARTER_MS === 0;

/**
 * Finished trips that ended in the range (the reports' rule): scheduled and not, their boardings
 * and cancellations; and apart, the trips started in the range that are still in progress. By
 * quarter hours from the summary tables (migrations 0011 and 0012), a year being a few thousand
 * rows instead of every trip with its riders (decision 0032).
 */
export async function countTripServices(db: Db, { from, to }: StatsRange) {
  const inProgress = sql`(select count(*) from intermediate_routes t
    where t.status = 'InProgress' and t.started_at >= ${from} and t.started_at < ${to})::int as in_progress`;
  const query = inQuarters({ from, to })
    ? sql`select
        (select coalesce(sum(q.scheduled), 0) from trip_quarter_totals q
          where q.quarter >= ${from} and q.quarter < ${to})::int as scheduled,
        (select coalesce(sum(q.not_scheduled), 0) from trip_quarter_totals q
          where q.quarter >= ${from} and q.quarter < ${to})::int as not_scheduled,
        s.boarded, s.canceled, ${inProgress}
      from (select coalesce(sum(q.boarded), 0)::int as boarded, coalesce(sum(q.canceled), 0)::int as canceled
        from service_quarter_totals q where q.quarter >= ${from} and q.quarter < ${to}) s`
    : sql`with trips as (
        select t.id, t.route_id, coalesce(tr.riders, 0) as riders, coalesce(tr.canceled, 0) as canceled
        from intermediate_routes t left join trip_riders tr on tr.intermediate_route_id = t.id
        where t.status = 'Finished' and t.ended_at >= ${from} and t.ended_at < ${to}
      )
      select
        count(*) filter (where route_id is not null)::int as scheduled,
        count(*) filter (where route_id is null)::int as not_scheduled,
        coalesce(sum(riders), 0)::int as boarded,
        coalesce(sum(canceled), 0)::int as canceled,
        ${inProgress}
      from trips`;
  const [row] = await rowsOf(db, query);
  return {
    scheduled: num(row?.scheduled),
    notScheduled: num(row?.not_scheduled),
    boarded: num(row?.boarded),
    canceled: num(row?.canceled),
    inProgress: num(row?.in_progress),
  };
}

/**
 * Finished trips of the range per supplier (the reports' rule), most expensive first: by quarter
 * hours from `trip_quarter_totals` (migration 0012) when the range is whole quarters.
 */
export async function supplierCosts(db: Db, { from, to }: StatsRange) {
  const perSupplier = inQuarters({ from, to })
    ? sql`select q.supplier_id, sum(q.scheduled + q.not_scheduled)::int as trips, sum(q.cost_cents)::bigint as cost_cents
      from trip_quarter_totals q where q.quarter >= ${from} and q.quarter < ${to}
      group by q.supplier_id`
    : sql`select t.supplier_id, count(*)::int as trips, sum(t.cost_cents)::bigint as cost_cents
      from (${tripsSelect({ from, to, kind: "all" })}) t
      group by t.supplier_id`;
  const rows = await rowsOf(
    db,
    sql`select sp.id, sp.name, x.trips, x.cost_cents
      from (${perSupplier}) x join suppliers sp on sp.id = x.supplier_id
      order by x.cost_cents desc, lower(sp.name), sp.id`,
  );
  return rows.map((row) => ({
    supplierId: num(row.id),
    name: text(row.name),
    amount: cents(row.cost_cents),
    trips: num(row.trips),
  }));
}

/**
 * Active collaborators, and how many collaborators boarded a trip finished in the range (by its
 * end). The boardings come from the summary tables (decision 0013): the whole UTC days of the
 * range from `employee_day_totals` (one index probe per collaborator, `trips > 0` being a
 * boarding), and only the partial days at its edges from `service_shares` — a year is one row per
 * collaborator instead of every service of the year (decision 0032).
 */
export async function countCollaborators(db: Db, { from, to }: StatsRange) {
  const firstDay = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
  const endDay = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS);
  const boardedBetween = (since: Date, until: Date) =>
    sql`select s.employee_id from service_shares s where s.boarded and s.ended_at >= ${since} and s.ended_at < ${until}`;
  const served =
    firstDay < endDay
      ? sql`select count(*) from (
          select e.id from employees e where exists (
            select 1 from employee_day_totals d
            where d.employee_id = e.id and d.trips > 0
              and d.day >= ${isoDay(firstDay)}::date and d.day < ${isoDay(endDay)}::date)
          union ${boardedBetween(from, firstDay)}
          union ${boardedBetween(endDay, to)}
        ) x`
      : sql`select count(distinct x.employee_id) from (${boardedBetween(from, to)}) x`;
  const [row] = await rowsOf(
    db,
    sql`select
      (select count(*) from employees e join users u on u.id = e.user_id
        where u.role = 'Collaborator' and u.status = 'active')::int as employees,
      (${served})::int as served`,
  );
  return { employees: num(row?.employees), served: num(row?.served) };
}

/**
 * Boardings and cancellations of finished trips per local day of their end (`YYYY-MM-DD` in the
 * caller's zone), from the quarter-hour totals of `service_quarter_totals` (migration 0011): the
 * range's bounds are local midnights and every real offset is whole quarter hours, so each
 * quarter falls whole in one local day. Days without services are left out (the service fills them).
 */
export async function ridersByDay(db: Db, { from, to }: StatsRange, clock: CallerClock) {
  const rows = await rowsOf(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(boarded)::int as services, sum(canceled)::int as canceled
    from (
      select ((q.quarter at time zone 'UTC') - make_interval(mins => ${clock.offsetMinutes}::int))::date as day,
        q.boarded, q.canceled
      from service_quarter_totals q
      where q.quarter >= ${from} and q.quarter < ${to}
    ) x group by day order by day`,
  );
  return rows.map((row) => ({
    date: text(row.day),
    services: num(row.services),
    canceled: num(row.canceled),
  }));
}
