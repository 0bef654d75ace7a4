import type { BookingAdminStatus } from "@treiber/contract";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { bookings, routeEmployees } from "../../db/schema.js";
import { DAY_MS } from "../../lib/caller-clock.js";
import { dayOf, type RouteTiming } from "./booking-clock.js";

type Conn = Db | Tx;
export type RawRow = Record<string, unknown>;

export async function rowsOf(conn: Conn, query: SQL): Promise<RawRow[]> {
  const result = (await conn.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows;
}

const hhmm = (value: unknown) => (value === null || value === undefined ? null : String(value).slice(0, 5));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A route as bookings need it: timing, seats, shift rules, branch office, workplace point. */
export type BookingRoute = RouteTiming & {
  id: number;
  name: string;
  status: string;
  /** Its own seats, else the smallest vehicle of its drivers; null: no limit known. */
  seats: number | null;
  shiftId: number | null;
  shiftName: string | null;
  /** The shift's branch office; null for a route without a shift. */
  branchOfficeId: number | null;
  confirmationRequired: boolean;
  /**
   * The shift's plan of the day is automatic (issue 36): its riders still waiting at the cut-off are
   * told «Sin asiento» by that run (it may seat them), not by the sweep.
   */
  dayPlanAuto: boolean;
  destinationName: string;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  noShowWaitMinutes: number;
  /** When asked about a collaborator: they are assigned to the route. */
  riderAssigned: boolean;
};

/**
 * The routes matching `where` (on `routes r`, `shifts s`) with what their bookings are timed and
 * counted by; with `riderId`, whether that collaborator is assigned to each.
 */
export async function bookingRoutes(conn: Conn, where: SQL, riderId?: number): Promise<BookingRoute[]> {
  const assigned =
    riderId === undefined
      ? sql`false`
      : sql`exists (select 1 from route_employees re where re.route_id = r.id and re.employee_id = ${riderId})`;
  const rows = await rowsOf(
    conn,
    sql`select r.id, r.name, r.status, r.departure_time, r.seats,
      (select min(d.vehicle_capacity) from route_drivers rd join drivers d on d.id = rd.driver_id
        where rd.route_id = r.id) as vehicle_seats,
      (select st.planned_time from route_stops st where st.route_id = r.id order by st.position limit 1)
        as first_stop_time,
      (select coalesce(array_agg(rdy.day_id order by rdy.day_id), '{}') from route_days rdy
        where rdy.route_id = r.id) as day_ids,
      s.id as shift_id, s.name as shift_name, s.branch_office_id, s.direction, s.time as shift_time,
      s.confirmation_required, s.cutoff_minutes, s.cutoff_day_before_time, s.day_plan_auto,
      dst.name as destination_name, dst.latitude as destination_latitude, dst.longitude as destination_longitude,
      bo.no_show_wait_minutes, ${assigned} as rider_assigned
    from routes r
      join destinations dst on dst.id = r.destination_id
      left join shifts s on s.id = r.shift_id
      left join branch_offices bo on bo.id = s.branch_office_id
    where ${where}
    order by r.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    status: String(row.status),
    seats: numberOrNull(row.seats) ?? numberOrNull(row.vehicle_seats),
    shiftId: numberOrNull(row.shift_id),
    shiftName: row.shift_name === null ? null : String(row.shift_name),
    branchOfficeId: numberOrNull(row.branch_office_id),
    confirmationRequired: row.confirmation_required === true,
    dayPlanAuto: row.day_plan_auto === true,
    firstStopTime: hhmm(row.first_stop_time),
    departureTime: hhmm(row.departure_time),
    shiftTime: hhmm(row.shift_time),
    direction: (row.direction as RouteTiming["direction"]) ?? null,
    cutoffMinutes: numberOrNull(row.cutoff_minutes),
    cutoffDayBeforeTime: hhmm(row.cutoff_day_before_time),
    dayIds: parseIntArray(row.day_ids),
    destinationName: String(row.destination_name),
    destinationLatitude: numberOrNull(row.destination_latitude),
    destinationLongitude: numberOrNull(row.destination_longitude),
    noShowWaitMinutes: numberOrNull(row.no_show_wait_minutes) ?? 2,
    riderAssigned: row.rider_assigned === true,
  }));
}

/** PostgreSQL returns an int[] as an array; PGlite too, but a text form is read as well. */
function parseIntArray(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === "string") return value.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  return [];
}

/** The routes a collaborator has bookings on in the dates: assigned, or with a row of theirs. */
export const routesOfRider = (conn: Conn, employeeId: number, since: string, until: string) =>
  bookingRoutes(
    conn,
    sql`r.id in (select route_id from route_employees where employee_id = ${employeeId}
      union select route_id from bookings
      where employee_id = ${employeeId} and service_date between ${since}::date and ${until}::date)`,
    employeeId,
  );

/** The active routes of a branch office (by their shift) the collaborator is not assigned to. */
export const otherRoutesOfBranchOffice = (conn: Conn, branchOfficeId: number, employeeId: number) =>
  bookingRoutes(
    conn,
    sql`r.status = 'active' and s.branch_office_id = ${branchOfficeId}
      and not exists (select 1 from route_employees re where re.route_id = r.id and re.employee_id = ${employeeId})`,
  );

/** Every active route (the sweep's). */
export const activeBookingRoutes = (conn: Conn) => bookingRoutes(conn, sql`r.status = 'active'`);

export async function findBookingRoute(conn: Conn, routeId: number) {
  const [route] = await bookingRoutes(conn, sql`r.id = ${routeId}`);
  return route;
}

/**
 * Serializes, until the transaction ends, every booking change of one route on one date (decision
 * 0064): one-key advisory locks below −2⁴⁰, apart from the project's other keys (int4 range).
 */
export async function lockRouteDay(tx: Tx, routeId: number, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${String(routeDayKey(routeId, date))}::bigint)`);
}

const routeDayKey = (routeId: number, date: string) =>
  -(2 ** 40 + routeId * 2 ** 17 + Math.round(dayOf(date) / DAY_MS));

/** The (route, date) locks of several routes of one date, in one statement, in a fixed order (no deadlock). */
export async function lockRouteDays(tx: Tx, routeIds: number[], date: string) {
  if (routeIds.length === 0) return;
  const keys = routeIds.map((id) => routeDayKey(id, date)).sort((a, b) => a - b);
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(t.k)) from (values ${sql.join(
      keys.map((key) => sql`(${String(key)}::bigint)`),
      sql`, `,
    )}) as t(k)`,
  );
}

/** Per route and date: explicit rows by status (of active users), and how many are of assigned riders. */
export type ExplicitCount = {
  routeId: number;
  date: string;
  status: string;
  n: number;
  ofAssigned: number;
  late: number;
};

/**
 * What the counts of routes' days are made of: the active assigned riders of each route, and the
 * explicit rows of the dates by status (how many of them are assigned riders' written while
 * assigned, and how many are cancellations after the cut-off).
 */
export async function dayCounts(conn: Conn, routeIds: number[], since: string, until: string) {
  if (routeIds.length === 0) return { assigned: new Map<number, number>(), explicit: [] as ExplicitCount[] };
  const ids = sql.join(
    routeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [assignedRows, explicitRows] = await Promise.all([
    rowsOf(
      conn,
      sql`select re.route_id, count(*)::int as n from route_employees re
        join employees e on e.id = re.employee_id join users u on u.id = e.user_id and u.status = 'active'
      where re.route_id in (${ids}) group by re.route_id`,
    ),
    rowsOf(
      conn,
      sql`select b.route_id, b.service_date::text as date, b.status, count(*)::int as n,
        count(re.employee_id) filter (where b.assigned)::int as of_assigned,
        count(*) filter (where b.status = 'CANCELLED' and b.after_cutoff)::int as late
      from bookings b
        join employees e on e.id = b.employee_id join users u on u.id = e.user_id and u.status = 'active'
        left join route_employees re on re.route_id = b.route_id and re.employee_id = b.employee_id
      where b.route_id in (${ids}) and b.service_date between ${since}::date and ${until}::date
      group by b.route_id, b.service_date, b.status`,
    ),
  ]);
  return {
    assigned: new Map(assignedRows.map((row) => [Number(row.route_id), Number(row.n)])),
    explicit: explicitRows.map((row) => ({
      routeId: Number(row.route_id),
      date: String(row.date),
      status: String(row.status),
      n: Number(row.n),
      ofAssigned: Number(row.of_assigned),
      late: Number(row.late),
    })),
  };
}

export type BookingRow = typeof bookings.$inferSelect;

export async function findBooking(conn: Conn, routeId: number, date: string, employeeId: number) {
  const [row] = await conn
    .select()
    .from(bookings)
    .where(
      and(eq(bookings.routeId, routeId), eq(bookings.serviceDate, date), eq(bookings.employeeId, employeeId)),
    );
  return row;
}

export async function isAssigned(conn: Conn, routeId: number, employeeId: number) {
  const [row] = await conn
    .select({ id: routeEmployees.employeeId })
    .from(routeEmployees)
    .where(and(eq(routeEmployees.routeId, routeId), eq(routeEmployees.employeeId, employeeId)));
  return row !== undefined;
}

export type BookingWrite = {
  routeId: number;
  date: string;
  employeeId: number;
  status: BookingAdminStatus;
  assigned: boolean;
  reason: string | null;
  at: Date;
  byUserId: number | null;
  byAdmin: boolean;
  afterCutoff: boolean;
  noShow?: { intermediateRouteId: number; latitude: number; longitude: number };
};

/** Writes the rider's row for the route and date (insert or replace); a WAITLISTED one joins the end of the line. */
export async function writeBooking(tx: Tx, write: BookingWrite) {
  const values = {
    status: write.status,
    assigned: write.assigned,
    reason: write.reason,
    queuedAt: write.status === "WAITLISTED" ? sql`clock_timestamp()` : null,
    changedAt: write.at,
    changedByUserId: write.byUserId,
    changedByAdmin: write.byAdmin,
    afterCutoff: write.afterCutoff,
    noSeatToldAt: null,
    intermediateRouteId: write.noShow?.intermediateRouteId ?? null,
    latitude: write.noShow?.latitude ?? null,
    longitude: write.noShow?.longitude ?? null,
  };
  await tx
    .insert(bookings)
    .values({ routeId: write.routeId, serviceDate: write.date, employeeId: write.employeeId, ...values })
    .onConflictDoUpdate({
      target: [bookings.routeId, bookings.serviceDate, bookings.employeeId],
      set: values,
    });
}

export async function deleteBooking(tx: Tx, routeId: number, date: string, employeeId: number) {
  await tx
    .delete(bookings)
    .where(
      and(eq(bookings.routeId, routeId), eq(bookings.serviceDate, date), eq(bookings.employeeId, employeeId)),
    );
}

/** The rider's 1-based place in the route's waitlist on the date (arrival order). */
export async function waitlistPosition(conn: Conn, routeId: number, date: string, employeeId: number) {
  const [row] = await rowsOf(
    conn,
    sql`select count(*)::int as ahead from bookings b, bookings me
      where me.route_id = ${routeId} and me.service_date = ${date}::date and me.employee_id = ${employeeId}
        and b.route_id = me.route_id and b.service_date = me.service_date and b.status = 'WAITLISTED'
        and (b.queued_at, b.employee_id) < (me.queued_at, me.employee_id)`,
  );
  return Number(row?.ahead ?? 0) + 1;
}

/** The first `limit` riders waiting on the route and date, in order, made CONFIRMED; who they are. */
export async function promoteHeads(tx: Tx, routeId: number, date: string, limit: number, at: Date) {
  const rows = await rowsOf(
    tx,
    sql`update bookings b set status = 'CONFIRMED', queued_at = null, reason = null, changed_at = ${at},
        changed_by_user_id = null, changed_by_admin = false
      from (select employee_id from bookings
        where route_id = ${routeId} and service_date = ${date}::date and status = 'WAITLISTED'
        order by queued_at, employee_id limit ${limit}) head, employees e
      where b.route_id = ${routeId} and b.service_date = ${date}::date and b.employee_id = head.employee_id
        and e.id = b.employee_id
      returning b.employee_id, e.user_id, e.name, e.lastname`,
  );
  return rows.map(riderOf);
}

export type NoticeRider = { employeeId: number; userId: number; name: string; lastname: string };
export const riderOf = (row: RawRow): NoticeRider => ({
  employeeId: Number(row.employee_id),
  userId: Number(row.user_id),
  name: String(row.name),
  lastname: String(row.lastname),
});

/** Routes (ids) that have riders waiting on or after `since`, with those dates. */
export async function waitlistedDays(conn: Conn, routeIds: number[], since: string) {
  if (routeIds.length === 0) return [];
  return conn
    .selectDistinct({ routeId: bookings.routeId, date: bookings.serviceDate })
    .from(bookings)
    .where(
      and(
        inArray(bookings.routeId, routeIds),
        eq(bookings.status, "WAITLISTED"),
        sql`${bookings.serviceDate} >= ${since}::date`,
      ),
    );
}
