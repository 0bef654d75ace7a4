import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { DAY_MS, offsetMinutes } from "../../lib/caller-time.js";
import { cents, num, rowsOf, text, tripsSelect } from "../reports/trip-scope.js";

/** A range of instants, `[from, to)`: finished trips count by their end, trips in progress by their start. */
export type StatsRange = { from: Date; to: Date };

/**
 * Finished trips that ended in the range (the reports' rule): scheduled and not, their boardings
 * and cancellations; and apart, the trips started in the range that are still in progress.
 */
export async function countTripServices(db: Db, { from, to }: StatsRange) {
  const [row] = await rowsOf(
    db,
    sql`with trips as (
        select t.id, t.route_id, coalesce(tr.riders, 0) as riders, coalesce(tr.canceled, 0) as canceled
        from intermediate_routes t left join trip_riders tr on tr.intermediate_route_id = t.id
        where t.status = 'Finished' and t.ended_at >= ${from} and t.ended_at < ${to}
      )
      select
        count(*) filter (where route_id is not null)::int as scheduled,
        count(*) filter (where route_id is null)::int as not_scheduled,
        coalesce(sum(riders), 0)::int as boarded,
        coalesce(sum(canceled), 0)::int as canceled,
        (select count(*) from intermediate_routes t
          where t.status = 'InProgress' and t.started_at >= ${from} and t.started_at < ${to})::int as in_progress
      from trips`,
  );
  return {
    scheduled: num(row?.scheduled),
    notScheduled: num(row?.not_scheduled),
    boarded: num(row?.boarded),
    canceled: num(row?.canceled),
    inProgress: num(row?.in_progress),
  };
}

/** Finished trips of the range per supplier (the reports' rule), most expensive first. */
export async function supplierCosts(db: Db, { from, to }: StatsRange) {
  const rows = await rowsOf(
    db,
    sql`with trips as (${tripsSelect({ from, to, kind: "all" })})
      select sp.id, sp.name, count(*)::int as trips, sum(t.cost_cents)::bigint as cost_cents
      from trips t join suppliers sp on sp.id = t.supplier_id
      group by sp.id
      order by cost_cents desc, lower(sp.name), sp.id`,
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

const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/**
 * Boardings and cancellations of finished trips per local day of their end (`YYYY-MM-DD` in the
 * caller's zone), from the quarter-hour totals of `service_quarter_totals` (migration 0011): the
 * range's bounds are local midnights and every real offset is whole quarter hours, so each
 * quarter falls whole in one local day. Days without services are left out (the service fills them).
 */
export async function ridersByDay(db: Db, { from, to }: StatsRange, gmtOffset: number) {
  const rows = await rowsOf(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(boarded)::int as services, sum(canceled)::int as canceled
    from (
      select ((q.quarter at time zone 'UTC') - make_interval(mins => ${offsetMinutes(gmtOffset)}::int))::date as day,
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
