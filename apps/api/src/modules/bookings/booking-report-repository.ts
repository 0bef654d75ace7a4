import { NO_SHOW_FLAG_COUNT, NO_SHOW_FLAG_DAYS } from "@treiber/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";
import { addDays } from "./booking-clock.js";
import { bookingRoutes, rowsOf } from "./bookings-repository.js";

export type ReportFilters = {
  routeId?: number;
  routeName?: string;
  destinationId?: number;
  shiftId?: number;
  branchOfficeId?: number;
  driverId?: number;
  supplierName?: string;
};

const ids = (values: number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The routes the report's filters (the other reports' and its own) keep, with a route-name search. */
export function reportRoutes(db: Db, filters: ReportFilters, criterion?: string) {
  const where: SQL[] = [sql`true`];
  if (filters.routeId) where.push(sql`r.id = ${filters.routeId}`);
  if (filters.routeName) where.push(sql`lower(r.name) = lower(${filters.routeName})`);
  if (filters.destinationId) where.push(sql`r.destination_id = ${filters.destinationId}`);
  if (filters.shiftId) where.push(sql`r.shift_id = ${filters.shiftId}`);
  if (filters.branchOfficeId) where.push(sql`s.branch_office_id = ${filters.branchOfficeId}`);
  if (filters.driverId) {
    where.push(
      sql`exists (select 1 from route_drivers rd where rd.route_id = r.id and rd.driver_id = ${filters.driverId})`,
    );
  }
  if (filters.supplierName) {
    where.push(sql`exists (select 1 from route_drivers rd join drivers d on d.id = rd.driver_id
      join suppliers sp on sp.id = d.supplier_id where rd.route_id = r.id and lower(sp.name) = lower(${filters.supplierName}))`);
  }
  if (criterion?.trim()) where.push(sql`search_fold(r.name) like ${containsPattern(criterion.trim())}`);
  return bookingRoutes(db, sql.join(where, sql` and `));
}

/** The routes' days frozen at their cut-off (booking_days) in the dates. */
export async function sweptDaysOf(db: Db, routeIds: number[], since: string, until: string) {
  if (routeIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select route_id, service_date::text as date, seats, confirmed, waitlisted, cancelled from booking_days
      where route_id in (${ids(routeIds)}) and service_date between ${since}::date and ${until}::date`,
  );
  return rows.map((row) => ({
    routeId: Number(row.route_id),
    date: String(row.date),
    seats: row.seats === null ? null : Number(row.seats),
    confirmed: Number(row.confirmed),
    waitlisted: Number(row.waitlisted),
    cancelled: Number(row.cancelled),
  }));
}

/** The routes' trips that started in the window and how many boarded each (trip_riders). */
export async function tripsOf(db: Db, routeIds: number[], from: Date, to: Date) {
  if (routeIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select ir.route_id, ir.started_at, coalesce(tr.riders, 0) as riders
      from intermediate_routes ir left join trip_riders tr on tr.intermediate_route_id = ir.id
      where ir.route_id in (${ids(routeIds)}) and ir.started_at >= ${from} and ir.started_at < ${to}`,
  );
  return rows.map((row) => ({
    routeId: Number(row.route_id),
    startedAt: (row.started_at instanceof Date ? row.started_at : new Date(String(row.started_at))).getTime(),
    riders: Number(row.riders),
  }));
}

/**
 * The no-show rate per collaborator and route over the dates, a page of it sorted by no-shows (most
 * first) and name, and how many rows there are: no-shows and late cancellations from the rows,
 * rides from the boardings of the routes' trips in the window, the flag from the collaborator's
 * no-shows on any route in the NO_SHOW_FLAG_DAYS days up to `until`.
 */
export async function collaboratorRows(
  db: Db,
  input: {
    routeIds: number[];
    since: string;
    until: string;
    window: { from: Date; to: Date };
    criterion?: string;
    page?: { amount: number; skip: number };
  },
) {
  if (input.routeIds.length === 0) return { amount: 0, rows: [] };
  const routes = ids(input.routeIds);
  const search = input.criterion?.trim()
    ? sql`and search_fold(e.name || ' ' || e.lastname || ' ' || e.code_employee) like ${containsPattern(input.criterion.trim())}`
    : sql``;
  const page = input.page ? pageWindow(input.page) : undefined;
  const rows = await rowsOf(
    db,
    sql`with ns as (
        select employee_id, route_id, count(*) filter (where status = 'NO_SHOW')::int as no_shows,
          count(*) filter (where status = 'CANCELLED' and after_cutoff)::int as late
        from bookings where route_id in (${routes})
          and service_date between ${input.since}::date and ${input.until}::date
        group by employee_id, route_id
        having count(*) filter (where status = 'NO_SHOW' or (status = 'CANCELLED' and after_cutoff)) > 0),
      rd as (
        select ts.employee_id, ir.route_id, count(*)::int as ridden
        from transport_services ts join intermediate_routes ir on ir.id = ts.intermediate_route_id
        where ts.status = 'Boarded' and ir.route_id in (${routes})
          and ir.started_at >= ${input.window.from} and ir.started_at < ${input.window.to}
        group by ts.employee_id, ir.route_id),
      k as (select employee_id, route_id from ns union select employee_id, route_id from rd),
      flag as (
        select employee_id, count(*)::int as n from bookings
        where status = 'NO_SHOW'
          and service_date between ${addDays(input.until, 1 - NO_SHOW_FLAG_DAYS)}::date and ${input.until}::date
        group by employee_id)
      select k.employee_id, k.route_id, e.code_employee, e.name, e.lastname, r.name as route_name,
        coalesce(rd.ridden, 0) as ridden, coalesce(ns.no_shows, 0) as no_shows, coalesce(ns.late, 0) as late,
        coalesce(flag.n, 0) >= ${NO_SHOW_FLAG_COUNT} as flagged, count(*) over () as total
      from k join employees e on e.id = k.employee_id join routes r on r.id = k.route_id
        left join ns on ns.employee_id = k.employee_id and ns.route_id = k.route_id
        left join rd on rd.employee_id = k.employee_id and rd.route_id = k.route_id
        left join flag on flag.employee_id = k.employee_id
      where true ${search}
      order by coalesce(ns.no_shows, 0) desc, lower(e.name || ' ' || e.lastname), k.employee_id, k.route_id
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return { amount: Number(rows[0]?.total ?? 0), rows };
}

/**
 * Since when each route's active assigned riders are expected (issue 35): the later of their
 * assignment (`route_employees.created_at`) and the route's own creation, as instants.
 */
export async function assignmentStarts(db: Db, routeIds: number[]) {
  if (routeIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select re.route_id, greatest(re.created_at, r.created_at) as since
      from route_employees re join routes r on r.id = re.route_id
        join employees e on e.id = re.employee_id join users u on u.id = e.user_id and u.status = 'active'
      where re.route_id in (${sql.join(
        routeIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return rows.map((row) => ({
    routeId: Number(row.route_id),
    since: (row.since instanceof Date ? row.since : new Date(String(row.since))).getTime(),
  }));
}
