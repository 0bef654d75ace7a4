import {
  BOOKING_RANGE_MAX_DAYS,
  BOOKING_RANGE_MESSAGE,
  type BookingRouteItem,
  type BookingStatus,
  MY_BOOKINGS_DAYS,
  type MyBookingItem,
  type MyBookingsQuery,
  UNCONFIRMED_REASON,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { DAY_MS } from "../../lib/caller-clock.js";
import { badRequest } from "../../lib/http-error.js";
import { addDays, type BookingClock, datesBetween, dayOf, runsOn } from "./booking-clock.js";
import { dayCountsOf } from "./booking-counts.js";
import { boardingsOfRider, type RiderRow, rowsOfRider } from "./booking-lists-repository.js";
import type { Rider } from "./booking-people-repository.js";
import { stopFor, stopsOf } from "./booking-stops.js";
import {
  type BookingRoute,
  dayCounts,
  otherRoutesOfBranchOffice,
  routesOfRider,
} from "./bookings-repository.js";
import { type DayVersionsReader, noDayVersionsOn } from "./day-versions.js";
import { withDayVersions } from "./my-day-bookings.js";

/** The query's dates: default today … today + 13; at most BOOKING_RANGE_MAX_DAYS. */
function rangeOf(query: MyBookingsQuery, clock: BookingClock) {
  const since =
    query.sinceDate ?? (query.untilDate ? addDays(query.untilDate, 1 - MY_BOOKINGS_DAYS) : clock.today());
  const until = query.untilDate ?? addDays(since, MY_BOOKINGS_DAYS - 1);
  if ((dayOf(until) - dayOf(since)) / DAY_MS + 1 > BOOKING_RANGE_MAX_DAYS) {
    throw badRequest(BOOKING_RANGE_MESSAGE, { untilDate: BOOKING_RANGE_MESSAGE });
  }
  return { since, until };
}

const plannedTimeOf = (route: BookingRoute, stopTime: string | null) =>
  stopTime ?? route.departureTime ?? route.firstStopTime ?? route.shiftTime;

/**
 * `GET Booking/my`, «Mis viajes»: each service day of the collaborator's routes and each day with a
 * booking of theirs elsewhere, in date order, with the stop, planned time, cut-off and whether it
 * can still change; on a date under a plan of the day, the route, stop and time that carry them.
 */
export async function myBookings(
  db: Db,
  clock: BookingClock,
  rider: Rider,
  query: MyBookingsQuery,
  readDays: DayVersionsReader = noDayVersionsOn,
) {
  const { since, until } = rangeOf(query, clock);
  const routes = await routesOfRider(db, rider.employeeId, since, until);
  if (routes.length === 0) return { list: [] };
  const routeIds = routes.map((route) => route.id);
  const from = new Date(dayOf(since) - 2 * DAY_MS);
  const to = new Date(dayOf(until) + 3 * DAY_MS);
  const [rows, stops, boardings] = await Promise.all([
    rowsOfRider(db, rider.employeeId, since, until),
    stopsOf(db, routeIds),
    boardingsOfRider(db, rider.employeeId, routeIds, from, to),
  ]);
  const rowOf = new Map(rows.map((row) => [`${row.routeId}:${row.date}`, row]));
  const byId = new Map(routes.map((route) => [route.id, route]));
  const ridden = new Set(
    boardings.flatMap(({ routeId, startedAt }) => {
      const route = byId.get(routeId);
      return route ? [`${routeId}:${clock.serviceDateOfTrip(route, startedAt)}`] : [];
    }),
  );
  const now = clock.now();
  const list: (MyBookingItem & { start: number })[] = [];
  for (const route of routes) {
    const own = route.riderAssigned;
    const stop = stopFor(route.id, stops.stops, stops.riderStops, rider, own);
    for (const date of datesBetween(since, until)) {
      const key = `${route.id}:${date}`;
      const item = itemOf(route, date, { own, row: rowOf.get(key), ridden: ridden.has(key), now, clock });
      if (item)
        list.push({
          ...item,
          stopName: stop?.name ?? null,
          plannedTime: plannedTimeOf(route, stop?.plannedTime ?? null),
          start: clock.startOn(route, date),
        });
    }
  }
  list.sort((a, b) => a.date.localeCompare(b.date) || a.start - b.start || a.routeId - b.routeId);
  const days = await withDayVersions(db, readDays, rider.employeeId, list);
  return { list: days.map(({ start: _start, ...item }) => item) };
}

type DayFacts = {
  own: boolean;
  row: RiderRow | undefined;
  ridden: boolean;
  now: number;
  clock: BookingClock;
};

function itemOf(route: BookingRoute, date: string, facts: DayFacts) {
  const { own, row, ridden, now, clock } = facts;
  const runs = route.status === "active" && runsOn(route, date);
  if (!ridden && !(runs && (own || row))) return undefined;
  let status: BookingStatus = ridden ? "RIDDEN" : ((row?.status as BookingStatus | undefined) ?? "CONFIRMED");
  let reason = row?.reason ?? null;
  if (!ridden && !row && route.confirmationRequired) [status, reason] = ["CANCELLED", UNCONFIRMED_REASON];
  const cutoff = clock.cutoffOn(route, date);
  return {
    routeId: route.id,
    routeName: route.name,
    date,
    status,
    stopName: null,
    plannedTime: null,
    cutoffAt: new Date(cutoff).toISOString(),
    canChange: runs && now < cutoff && status !== "RIDDEN" && status !== "NO_SHOW",
    waitlistPosition: status === "WAITLISTED" && row ? row.ahead + 1 : null,
    reason,
    assigned: own,
    shiftName: route.shiftName,
  } satisfies MyBookingItem;
}

/**
 * `GET Booking/routes`: where «Pedir asiento» can ask on a date: the active routes of the
 * collaborator's branch office (by their shift) running that day, not theirs, with seats and counts.
 */
export async function seatRoutes(db: Db, clock: BookingClock, rider: Rider, date: string) {
  if (rider.branchOfficeId === null) return { list: [] };
  const routes = (await otherRoutesOfBranchOffice(db, rider.branchOfficeId, rider.employeeId)).filter(
    (route) => runsOn(route, date),
  );
  const counts = dayCountsOf(
    routes,
    [date],
    await dayCounts(
      db,
      routes.map((route) => route.id),
      date,
      date,
    ),
  );
  const now = clock.now();
  const list = routes.map((route): BookingRouteItem => {
    const day = counts.get(route.id, date);
    const cutoff = clock.cutoffOn(route, date);
    return {
      routeId: route.id,
      routeName: route.name,
      shiftName: route.shiftName,
      direction: route.direction,
      plannedTime: route.firstStopTime ?? route.departureTime ?? route.shiftTime,
      seats: route.seats,
      confirmed: day.confirmed,
      waitlisted: day.waitlisted,
      cutoffAt: new Date(cutoff).toISOString(),
      canChange: now < cutoff,
    };
  });
  list.sort(
    (a, b) =>
      (a.plannedTime ?? "").localeCompare(b.plannedTime ?? "") ||
      a.routeName.localeCompare(b.routeName, "es"),
  );
  return { list };
}
