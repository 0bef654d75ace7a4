import type {
  EmployeeStatsResponse,
  ServiceStatsResponse,
  StatsQuery,
  SupplierStatsItem,
} from "@treiber/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { DAY_MS, localIsoDate, localIsoDateSql } from "../../lib/caller-time.js";
import { reportRange } from "../reports/report-range.js";
import { cents, num, rowsOf, text, tripsSelect } from "../reports/trip-scope.js";

/** The per-day series is filled with empty days up to this many days. */
const MAX_SERIES_DAYS = 366;

export type StatsService = ReturnType<typeof createStatsService>;

/**
 * Dashboard statistics over whole local days (default: the last 6 days through today). Counts
 * are of trips **started** in the range (in progress included) and their services; money is of
 * finished trips by the same rule as the reports and cuts, so the supplier amounts add up to the
 * reports' totals.
 */
export function createStatsService(db: Db) {
  return {
    async services(query: StatsQuery, gmtOffset: number): Promise<ServiceStatsResponse> {
      const { from, to } = reportRange(query, gmtOffset);
      const [row] = await rowsOf(
        db,
        sql`with trips as (
            select t.id, t.route_id, coalesce(tr.riders, 0) as riders, coalesce(tr.canceled, 0) as canceled
            from intermediate_routes t left join trip_riders tr on tr.intermediate_route_id = t.id
            where t.started_at >= ${from} and t.started_at < ${to}
          )
          select
            count(*) filter (where route_id is not null)::int as scheduled,
            count(*) filter (where route_id is null)::int as not_scheduled,
            coalesce(sum(riders), 0)::int as boarded,
            coalesce(sum(canceled), 0)::int as canceled
          from trips`,
      );
      return {
        amountIntermediateRoute: num(row?.scheduled),
        amountNotScheduleServices: num(row?.not_scheduled),
        amountEmployeeService: num(row?.boarded),
        amountEmployeeCanceledService: num(row?.canceled),
      };
    },

    async suppliers(query: StatsQuery, gmtOffset: number): Promise<SupplierStatsItem[]> {
      const { from, to } = reportRange(query, gmtOffset);
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
    },

    async employees(query: StatsQuery, gmtOffset: number): Promise<EmployeeStatsResponse> {
      const { from, to } = reportRange(query, gmtOffset);
      const [[summary], dayRows] = await Promise.all([
        rowsOf(
          db,
          sql`select
            (select count(*) from employees e join users u on u.id = e.user_id
              where u.role = 'Collaborator' and u.status = 'active')::int as employees,
            (select count(distinct s.employee_id) from intermediate_routes t
              join transport_services s on s.intermediate_route_id = t.id and s.status = 'Boarded'
              where t.started_at >= ${from} and t.started_at < ${to})::int as served`,
        ),
        rowsOf(
          db,
          sql`select day, sum(riders)::int as services, sum(canceled)::int as canceled from (
            select ${localIsoDateSql(sql`t.started_at`, gmtOffset)} as day,
              coalesce(tr.riders, 0) as riders, coalesce(tr.canceled, 0) as canceled
            from intermediate_routes t left join trip_riders tr on tr.intermediate_route_id = t.id
            where t.started_at >= ${from} and t.started_at < ${to}
          ) x group by day order by day`,
        ),
      ]);
      const byDay = new Map(
        dayRows.map((row) => [text(row.day), { services: num(row.services), canceled: num(row.canceled) }]),
      );
      const days: EmployeeStatsResponse["days"] = [];
      const dayCount = Math.round((to.getTime() - from.getTime()) / DAY_MS);
      if (dayCount <= MAX_SERIES_DAYS) {
        for (let i = 0; i < dayCount; i++) {
          const date = localIsoDate(from.getTime() + i * DAY_MS, gmtOffset);
          days.push({ date, ...(byDay.get(date) ?? { services: 0, canceled: 0 }) });
        }
      } else {
        for (const [date, counts] of byDay) days.push({ date, ...counts });
      }
      return {
        amountEmployees: num(summary?.employees),
        amountEmployeesServed: num(summary?.served),
        amountEmployeeService: dayRows.reduce((sum, row) => sum + num(row.services), 0),
        amountEmployeeCanceledService: dayRows.reduce((sum, row) => sum + num(row.canceled), 0),
        days,
      };
    },
  };
}
