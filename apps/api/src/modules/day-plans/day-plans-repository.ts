import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  type DayPlanFigures,
  dayPlanAutoRuns,
  dayPlanRoutes,
  dayPlans,
  dayRouteStops,
  dayStopRiders,
  routes,
  shifts,
  users,
} from "../../db/schema.js";
import { bookingRoutes, type NoticeRider, riderOf, rowsOf } from "../bookings/bookings-repository.js";

type Conn = Db | Tx;
const hhmm = (value: string) => value.slice(0, 5);
const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** How many booking rows the routes have on the date and their last change: part of a day's version. */
export async function bookingFacts(conn: Conn, routeIds: number[], date: string) {
  if (routeIds.length === 0) return { count: 0, last: null as string | null };
  const [row] = await rowsOf(
    conn,
    sql`select count(*)::int as n, max(changed_at)::text as last from bookings
      where route_id in (${idList(routeIds)}) and service_date = ${date}::date`,
  );
  return {
    count: Number(row?.n ?? 0),
    last: row?.last === null || row?.last === undefined ? null : String(row.last),
  };
}

/** The day plan of a shift, workplace and date (undefined: the standing plan runs). */
export async function findDayPlan(conn: Conn, shiftId: number, destinationId: number, date: string) {
  const [row] = await conn
    .select({
      id: dayPlans.id,
      source: dayPlans.source,
      appliedAt: dayPlans.appliedAt,
      appliedBy: users.email,
      standing: dayPlans.standing,
      day: dayPlans.day,
    })
    .from(dayPlans)
    .leftJoin(users, eq(users.id, dayPlans.appliedByUserId))
    .where(
      and(
        eq(dayPlans.shiftId, shiftId),
        eq(dayPlans.destinationId, destinationId),
        eq(dayPlans.serviceDate, date),
      ),
    );
  return row && { ...row, source: row.source as "auto" | "admin" };
}
export type StoredDayPlan = NonNullable<Awaited<ReturnType<typeof findDayPlan>>>;

/** A day route's stop as stored: in order, with its planned time and riders. */
export type DayStop = {
  routeId: number;
  position: number;
  name: string;
  address: string | null;
  latitude: number;
  longitude: number;
  plannedTime: string;
  employeeIds: number[];
};

/** What a day plan says of each route: runs or released, and the running routes' stops. */
export async function dayPlanContent(conn: Conn, dayPlanIds: number[]) {
  if (dayPlanIds.length === 0) return { routes: [], stops: [] as DayStop[] };
  return contentOf(await dayPlanRows(conn, dayPlanIds));
}

/**
 * The content of day plans of several dates (a route has one plan a date), by date: three reads
 * for all of them. Each date's content is what `dayPlanContent` gives for that date's plans.
 */
export async function dayPlanContentByDate(conn: Conn, dayPlanIds: number[]) {
  const byDate = new Map<string, DayPlanContent>();
  if (dayPlanIds.length === 0) return byDate;
  const rows = await dayPlanRows(conn, dayPlanIds);
  for (const date of new Set(rows.routes.map((row) => row.serviceDate))) {
    const onDate = <T extends { serviceDate: string }>(list: T[]) =>
      list.filter((row) => row.serviceDate === date);
    byDate.set(
      date,
      contentOf({ routes: onDate(rows.routes), stops: onDate(rows.stops), riders: onDate(rows.riders) }),
    );
  }
  return byDate;
}

/** The stored rows of day plans: their routes, stops in order and riders. */
async function dayPlanRows(conn: Conn, dayPlanIds: number[]) {
  // One after another: inside a transaction they share one connection.
  const routes = await conn
    .select({
      dayPlanId: dayPlanRoutes.dayPlanId,
      routeId: dayPlanRoutes.routeId,
      serviceDate: dayPlanRoutes.serviceDate,
      runs: dayPlanRoutes.runs,
    })
    .from(dayPlanRoutes)
    .where(inArray(dayPlanRoutes.dayPlanId, dayPlanIds));
  const stops = await conn
    .select()
    .from(dayRouteStops)
    .where(inArray(dayRouteStops.dayPlanId, dayPlanIds))
    .orderBy(asc(dayRouteStops.routeId), asc(dayRouteStops.position));
  const riders = await conn
    .select()
    .from(dayStopRiders)
    .where(inArray(dayStopRiders.dayPlanId, dayPlanIds))
    .orderBy(asc(dayStopRiders.employeeId));
  return { routes, stops, riders };
}

/** One date's day plans: their routes (running or released) and the running routes' stops. */
export type DayPlanContent = ReturnType<typeof contentOf>;

/** One date's rows as a plan's content: each stop with its riders. */
function contentOf({ routes, stops, riders }: Awaited<ReturnType<typeof dayPlanRows>>) {
  return {
    routes,
    stops: stops.map(
      (stop): DayStop => ({
        routeId: stop.routeId,
        position: stop.position,
        name: stop.name,
        address: stop.address,
        latitude: stop.latitude,
        longitude: stop.longitude,
        plannedTime: hhmm(stop.plannedTime),
        employeeIds: riders
          .filter((rider) => rider.routeId === stop.routeId && rider.position === stop.position)
          .map((rider) => rider.employeeId),
      }),
    ),
  };
}

/** The day plans that hold any of the routes on the date (one per shift and workplace). */
export async function dayPlansOfRoutes(conn: Conn, routeIds: number[], date: string) {
  if (routeIds.length === 0) return [];
  const rows = await conn
    .selectDistinct({ dayPlanId: dayPlanRoutes.dayPlanId })
    .from(dayPlanRoutes)
    .where(and(inArray(dayPlanRoutes.routeId, routeIds), eq(dayPlanRoutes.serviceDate, date)));
  return rows.map((row) => row.dayPlanId);
}

/** Routes asked about on a date. */
export type RoutesOnDate = { date: string; routeIds: number[] };

/**
 * The day plans holding any of each date's routes on that date, by date (dates without one are
 * absent): one read for all the dates.
 */
export async function dayPlansOfRoutesOn(conn: Conn, wanted: RoutesOnDate[]) {
  const byDate = new Map<string, number[]>();
  const asked = new Set(wanted.flatMap(({ date, routeIds }) => routeIds.map((id) => `${id}:${date}`)));
  if (asked.size === 0) return byDate;
  const rows = await conn
    .select({
      dayPlanId: dayPlanRoutes.dayPlanId,
      routeId: dayPlanRoutes.routeId,
      serviceDate: dayPlanRoutes.serviceDate,
    })
    .from(dayPlanRoutes)
    .where(
      and(
        inArray(dayPlanRoutes.routeId, [...new Set(wanted.flatMap((item) => item.routeIds))]),
        inArray(dayPlanRoutes.serviceDate, [...new Set(wanted.map((item) => item.date))]),
      ),
    );
  for (const row of rows) {
    if (!asked.has(`${row.routeId}:${row.serviceDate}`)) continue;
    const plans = byDate.get(row.serviceDate) ?? [];
    if (!plans.includes(row.dayPlanId)) plans.push(row.dayPlanId);
    byDate.set(row.serviceDate, plans);
  }
  return byDate;
}

export const deleteDayPlan = (tx: Tx, id: number) => tx.delete(dayPlans).where(eq(dayPlans.id, id));

export type DayPlanWrite = {
  shiftId: number;
  destinationId: number;
  date: string;
  source: "auto" | "admin";
  appliedByUserId: number | null;
  standing: DayPlanFigures;
  day: DayPlanFigures;
  routes: { routeId: number; runs: boolean }[];
  stops: Omit<DayStop, "position">[][];
};

/** Writes a day plan (the previous one of that shift, workplace and date already deleted); its id. */
export async function insertDayPlan(tx: Tx, write: DayPlanWrite): Promise<number> {
  const [plan] = await tx
    .insert(dayPlans)
    .values({
      shiftId: write.shiftId,
      destinationId: write.destinationId,
      serviceDate: write.date,
      source: write.source,
      appliedByUserId: write.appliedByUserId,
      standing: write.standing,
      day: write.day,
    })
    .returning({ id: dayPlans.id });
  const dayPlanId = (plan as { id: number }).id;
  const serviceDate = write.date;
  await tx.insert(dayPlanRoutes).values(write.routes.map((route) => ({ ...route, dayPlanId, serviceDate })));
  const stops = write.stops.flatMap((route) => route.map((stop, i) => ({ ...stop, position: i + 1 })));
  if (stops.length === 0) return dayPlanId;
  await tx
    .insert(dayRouteStops)
    .values(stops.map(({ employeeIds: _riders, ...stop }) => ({ ...stop, dayPlanId, serviceDate })));
  const riders = stops.flatMap((stop) =>
    stop.employeeIds.map((employeeId) => ({
      dayPlanId,
      routeId: stop.routeId,
      serviceDate,
      position: stop.position,
      employeeId,
    })),
  );
  if (riders.length > 0) await tx.insert(dayStopRiders).values(riders);
  return dayPlanId;
}

/** True when a trip of one of the routes started within its window of the date. */
export async function tripStarted(conn: Conn, windows: { routeId: number; from: Date; to: Date }[]) {
  if (windows.length === 0) return false;
  const rows = await rowsOf(
    conn,
    sql`select 1 from intermediate_routes ir join (values ${sql.join(
      windows.map((w) => sql`(${w.routeId}::int, ${w.from}::timestamptz, ${w.to}::timestamptz)`),
      sql`, `,
    )}) as w(route_id, since, until) on ir.route_id = w.route_id
      where ir.started_at >= w.since and ir.started_at < w.until limit 1`,
  );
  return rows.length > 0;
}

/** Seated by the day plan: the riders' waitlisted rows of the date made CONFIRMED; who they are. */
export async function confirmSeated(
  tx: Tx,
  date: string,
  seated: { routeId: number; employeeId: number }[],
  at: Date,
): Promise<(NoticeRider & { routeId: number })[]> {
  if (seated.length === 0) return [];
  const rows = await rowsOf(
    tx,
    sql`update bookings b set status = 'CONFIRMED', queued_at = null, reason = null, changed_at = ${at},
        changed_by_user_id = null, changed_by_admin = false
      from employees e
      where b.service_date = ${date}::date and b.status = 'WAITLISTED' and e.id = b.employee_id
        and (b.route_id, b.employee_id) in (${sql.join(
          seated.map((s) => sql`(${s.routeId}::int, ${s.employeeId}::int)`),
          sql`, `,
        )})
      returning b.route_id, b.employee_id, e.user_id, e.name, e.lastname`,
  );
  return rows.map((row) => ({ ...riderOf(row), routeId: Number(row.route_id) }));
}

/** The active routes of the active shifts with «Automático», with their shift and workplace. */
export function autoRoutes(db: Db) {
  return db
    .select({ id: routes.id, name: routes.name, shiftId: shifts.id, destinationId: routes.destinationId })
    .from(routes)
    .innerJoin(shifts, eq(shifts.id, routes.shiftId))
    .where(and(eq(shifts.dayPlanAuto, true), eq(shifts.status, "active"), eq(routes.status, "active")));
}

/** Gives a claimed run back (the planner was busy): the next tick tries again. */
export async function releaseAutoRun(db: Db, shiftId: number, destinationId: number, date: string) {
  await db
    .delete(dayPlanAutoRuns)
    .where(
      and(
        eq(dayPlanAutoRuns.shiftId, shiftId),
        eq(dayPlanAutoRuns.destinationId, destinationId),
        eq(dayPlanAutoRuns.serviceDate, date),
      ),
    );
}

/** The (shift, workplace, date) runs of «Automático» already done among the dates, as `shift:destination:date`. */
export async function autoRunsOf(db: Db, dates: string[]) {
  if (dates.length === 0) return new Set<string>();
  const rows = await db.select().from(dayPlanAutoRuns).where(inArray(dayPlanAutoRuns.serviceDate, dates));
  return new Set(rows.map((row) => `${row.shiftId}:${row.destinationId}:${row.serviceDate}`));
}

/** Claims a run of «Automático»: true only for the one caller whose row went in (the «once»). */
export async function claimAutoRun(db: Db, shiftId: number, destinationId: number, date: string) {
  const rows = await db
    .insert(dayPlanAutoRuns)
    .values({ shiftId, destinationId, serviceDate: date })
    .onConflictDoNothing()
    .returning({ shiftId: dayPlanAutoRuns.shiftId });
  return rows.length > 0;
}

export async function finishAutoRun(
  db: Db,
  shiftId: number,
  destinationId: number,
  date: string,
  outcome: string,
) {
  await db
    .update(dayPlanAutoRuns)
    .set({ outcome })
    .where(
      and(
        eq(dayPlanAutoRuns.shiftId, shiftId),
        eq(dayPlanAutoRuns.destinationId, destinationId),
        eq(dayPlanAutoRuns.serviceDate, date),
      ),
    );
}

/** The bookings' timing of the routes (days, first stop, cut-off rules): bookingRoutes by id. */
export async function routeTimings(conn: Conn, routeIds: number[]) {
  if (routeIds.length === 0) return [];
  return bookingRoutes(conn, sql`r.id in (${idList(routeIds)})`);
}
