import type {
  EmployeeStatsResponse,
  ServiceStatsResponse,
  StatsQuery,
  SupplierStatsItem,
} from "@treiber/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { reportRange } from "../reports/report-range.js";
import { cents, num, rowsOf, text, tripsSelect } from "../reports/trip-scope.js";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The per-day series is filled with empty days up to this many days. */
const MAX_SERIES_DAYS = 366;

const localDay = (instant: number, gmtOffset: number) =>
  new Date(instant - gmtOffset * HOUR).toISOString().slice(0, 10);

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
            select id, route_id from intermediate_routes where started_at >= ${from} and started_at < ${to}
          )
          select
            (select count(*) from trips where route_id is not null)::int as scheduled,
            (select count(*) from trips where route_id is null)::int as not_scheduled,
            (select count(*) from trips t join transport_services s on s.intermediate_route_id = t.id
              where s.status = 'Boarded')::int as boarded,
            (select count(*) from trips t join transport_services s on s.intermediate_route_id = t.id
              where s.status = 'Canceled')::int as canceled`,
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
      const minutes = Math.round(gmtOffset * 60);
      const [summary] = await rowsOf(
        db,
        sql`with services as (
            select s.employee_id, s.status from intermediate_routes t
              join transport_services s on s.intermediate_route_id = t.id
            where t.started_at >= ${from} and t.started_at < ${to}
          )
          select
            (select count(*) from employees e join users u on u.id = e.user_id
              where u.role = 'Collaborator' and u.status = 'active')::int as employees,
            (select count(distinct employee_id) from services where status = 'Boarded')::int as served,
            (select count(*) from services where status = 'Boarded')::int as boarded,
            (select count(*) from services where status = 'Canceled')::int as canceled`,
      );
      const dayRows = await rowsOf(
        db,
        sql`select to_char((t.started_at at time zone 'UTC') - make_interval(mins => ${minutes}::int), 'YYYY-MM-DD') as day,
            count(*) filter (where s.status = 'Boarded')::int as services,
            count(*) filter (where s.status = 'Canceled')::int as canceled
          from intermediate_routes t join transport_services s on s.intermediate_route_id = t.id
          where t.started_at >= ${from} and t.started_at < ${to}
          group by 1 order by 1`,
      );
      const byDay = new Map(
        dayRows.map((row) => [text(row.day), { services: num(row.services), canceled: num(row.canceled) }]),
      );
      const days: EmployeeStatsResponse["days"] = [];
      const dayCount = Math.round((to.getTime() - from.getTime()) / DAY);
      if (dayCount <= MAX_SERIES_DAYS) {
        for (let i = 0; i < dayCount; i++) {
          const date = localDay(from.getTime() + i * DAY, gmtOffset);
          days.push({ date, ...(byDay.get(date) ?? { services: 0, canceled: 0 }) });
        }
      } else {
        for (const [date, counts] of byDay) days.push({ date, ...counts });
      }
      return {
        amountEmployees: num(summary?.employees),
        amountEmployeesServed: num(summary?.served),
        amountEmployeeService: num(summary?.boarded),
        amountEmployeeCanceledService: num(summary?.canceled),
        days,
      };
    },
  };
}
