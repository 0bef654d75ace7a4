import {
  BOOKING_REPORT_RANGE_MAX_DAYS,
  BOOKING_REPORT_RANGE_MESSAGE,
  type BookingReportCollaboratorItem,
  type BookingReportDayItem,
  type BookingReportQuery,
  type BookingReportResponse,
  REPORT_DEFAULT_DAYS_BACK,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { DAY_MS } from "../../lib/caller-clock.js";
import { badRequest } from "../../lib/http-error.js";
import { addDays, type BookingClock, datesBetween, dayOf, runsOn } from "./booking-clock.js";
import { dayCountsOf } from "./booking-counts.js";
import {
  assignmentStarts,
  collaboratorRows,
  reportRoutes,
  sweptDaysOf,
  tripsOf,
} from "./booking-report-repository.js";
import type { RawRow } from "./bookings-repository.js";
import { dayCounts } from "./bookings-repository.js";

/** The report's service dates: default the last 6 days through today; at most a year. */
export function reportDates(query: Pick<BookingReportQuery, "sinceDate" | "untilDate">, clock: BookingClock) {
  const until = query.untilDate ?? clock.today();
  const since = query.sinceDate ?? addDays(until, -REPORT_DEFAULT_DAYS_BACK);
  if (since > until) throw badRequest("La fecha inicial no puede ser posterior a la final");
  if ((dayOf(until) - dayOf(since)) / DAY_MS + 1 > BOOKING_REPORT_RANGE_MAX_DAYS) {
    throw badRequest(BOOKING_REPORT_RANGE_MESSAGE, { untilDate: BOOKING_REPORT_RANGE_MESSAGE });
  }
  return {
    since,
    until,
    window: { from: new Date(dayOf(since) - DAY_MS), to: new Date(dayOf(until) + 2 * DAY_MS) },
  };
}

/** How many assigned riders a route expects on a date: those assigned (and the route created) by then. */
function expectedOn(clock: BookingClock, starts: { routeId: number; since: number }[]) {
  const firstDays = new Map<number, string[]>();
  for (const start of starts) {
    const list = firstDays.get(start.routeId) ?? [];
    list.push(clock.serviceDay(start.since));
    firstDays.set(start.routeId, list);
  }
  return (routeId: number, date: string) =>
    (firstDays.get(routeId) ?? []).filter((firstDay) => firstDay <= date).length;
}

/**
 * One item per route and service day: days gone by as frozen at their cut-off (booking_days), the
 * others as they stand; late cancellations and no-shows from the rows, rides from the boardings.
 */
async function dayItems(
  db: Db,
  clock: BookingClock,
  query: BookingReportQuery,
  since: string,
  until: string,
) {
  const routes = await reportRoutes(db, query, query.view === "days" ? query.criterion : undefined);
  const routeIds = routes.map((route) => route.id);
  const dates = datesBetween(since, until);
  const window = { from: new Date(dayOf(since) - DAY_MS), to: new Date(dayOf(until) + 2 * DAY_MS) };
  const [counts, swept, trips, starts] = await Promise.all([
    dayCounts(db, routeIds, since, until),
    sweptDaysOf(db, routeIds, since, until),
    tripsOf(db, routeIds, window.from, window.to),
    assignmentStarts(db, routeIds),
  ]);
  const live = dayCountsOf(routes, dates, counts, expectedOn(clock, starts));
  const frozen = new Map(swept.map((row) => [`${row.routeId}:${row.date}`, row]));
  const withRows = new Set(counts.explicit.map((row) => `${row.routeId}:${row.date}`));
  const byId = new Map(routes.map((route) => [route.id, route]));
  const ridden = new Map<string, number>();
  for (const trip of trips) {
    const route = byId.get(trip.routeId);
    if (!route) continue;
    const key = `${trip.routeId}:${clock.serviceDateOfTrip(route, trip.startedAt)}`;
    ridden.set(key, (ridden.get(key) ?? 0) + trip.riders);
  }
  const items: BookingReportDayItem[] = [];
  for (const date of dates) {
    for (const route of routes) {
      const key = `${route.id}:${date}`;
      const runs = route.status === "active" && runsOn(route, date);
      const rides = ridden.get(key) ?? 0;
      const stored = frozen.get(key);
      if (!runs && !stored && !withRows.has(key) && rides === 0) continue;
      const day = live.get(route.id, date);
      const confirmed = stored?.confirmed ?? day.confirmed;
      const waitlisted = stored?.waitlisted ?? day.waitlisted;
      items.push({
        routeId: route.id,
        routeName: route.name,
        shiftName: route.shiftName,
        date,
        seats: stored ? stored.seats : route.seats,
        confirmed,
        waitlisted,
        demand: confirmed + waitlisted,
        cancelled: stored?.cancelled ?? day.cancelled,
        lateCancellations: day.late,
        noShows: day.noShow,
        ridden: rides,
      });
    }
  }
  items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || a.routeName.localeCompare(b.routeName, "es") || a.routeId - b.routeId,
  );
  return { items, routeIds };
}

function totalsOf(items: BookingReportDayItem[], since: string, until: string) {
  const sum = (pick: (item: BookingReportDayItem) => number) =>
    items.reduce((total, item) => total + pick(item), 0);
  const confirmed = sum((item) => item.confirmed);
  return {
    total: confirmed,
    seats: sum((item) => item.seats ?? 0),
    confirmed,
    waitlisted: sum((item) => item.waitlisted),
    cancelled: sum((item) => item.cancelled),
    lateCancellations: sum((item) => item.lateCancellations),
    noShows: sum((item) => item.noShows),
    ridden: sum((item) => item.ridden),
    sinceDate: since,
    untilDate: until,
  };
}

const collaboratorItem = (row: RawRow): BookingReportCollaboratorItem => {
  const ridden = Number(row.ridden);
  const noShows = Number(row.no_shows);
  const expected = ridden + noShows;
  return {
    employeeId: Number(row.employee_id),
    codeEmployee: String(row.code_employee),
    name: String(row.name),
    lastname: String(row.lastname),
    routeId: Number(row.route_id),
    routeName: String(row.route_name),
    expected,
    ridden,
    noShows,
    noShowRate: expected > 0 ? Math.round((noShows / expected) * 10_000) / 10_000 : null,
    lateCancellations: Number(row.late),
    flagged: row.flagged === true,
  };
};

/** Every row of the chosen view (the Excel's), and the totals of the period. */
export async function bookingReportRows(
  db: Db,
  clock: BookingClock,
  query: BookingReportQuery,
  paged: boolean,
) {
  const { since, until, window } = reportDates(query, clock);
  const days = await dayItems(db, clock, query, since, until);
  const totals = totalsOf(days.items, since, until);
  if (query.view === "days") {
    const start = (query.skip - 1) * query.amount;
    const items = paged ? days.items.slice(start, start + query.amount) : days.items;
    return { amount: days.items.length, data: { view: "days" as const, items, ...totals } };
  }
  const page = paged ? { amount: query.amount, skip: query.skip } : undefined;
  const input = { routeIds: days.routeIds, since, until, window, criterion: query.criterion };
  let result = await collaboratorRows(db, { ...input, ...(page && { page }) });
  // A page past the end has no rows to carry the count: count without the page.
  if (result.rows.length === 0 && page && page.skip > 1)
    result = { ...(await collaboratorRows(db, input)), rows: [] };
  const items = result.rows.map(collaboratorItem);
  return { amount: result.amount, data: { view: "collaborators" as const, items, ...totals } };
}

/** `GET Booking/report`: a page of the chosen view and the period's totals. */
export const bookingReport = (
  db: Db,
  clock: BookingClock,
  query: BookingReportQuery,
): Promise<BookingReportResponse> => bookingReportRows(db, clock, query, true);
