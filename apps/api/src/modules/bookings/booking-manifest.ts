import {
  BOOKING_ROUTE_NOT_FOUND_MESSAGE,
  type BookingManifestResponse,
  type BookingStatus,
  type ManifestItem,
  NOT_ROUTE_DRIVER_MESSAGE,
  UNCONFIRMED_REASON,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { forbidden, notFound } from "../../lib/http-error.js";
import { type BookingClock, runsOn } from "./booking-clock.js";
import { type DayPerson, dayPeople } from "./booking-lists-repository.js";
import { drivesRouteOn } from "./booking-people-repository.js";
import { type StopRow, stopFor, stopsOf } from "./booking-stops.js";
import { type BookingRoute, findBookingRoute } from "./bookings-repository.js";

/** Expected first (confirmed, boarded, absent), then the waitlist, then the cancelled. */
const GROUP: Record<BookingStatus, number> = {
  CONFIRMED: 0,
  RIDDEN: 0,
  NO_SHOW: 0,
  WAITLISTED: 1,
  CANCELLED: 2,
};

/** Who is listed: whoever boarded; active riders with a row; assigned active riders on a day the route runs. */
const listed = (person: DayPerson, runs: boolean) =>
  person.boarded || (person.active && (person.row !== undefined || (person.assigned && runs)));

function itemOf(
  route: BookingRoute,
  person: DayPerson,
  stop: StopRow | null,
  waitlistPosition: number | null,
): ManifestItem {
  const { row } = person;
  let status: BookingStatus = person.boarded
    ? "RIDDEN"
    : ((row?.status as BookingStatus | undefined) ?? "CONFIRMED");
  let reason = row?.reason ?? null;
  if (!person.boarded && !row && route.confirmationRequired)
    [status, reason] = ["CANCELLED", UNCONFIRMED_REASON];
  return {
    employeeId: person.employeeId,
    name: person.name,
    lastname: person.lastname,
    codeEmployee: person.codeEmployee,
    stopName: stop?.name ?? null,
    status,
    waitlistPosition: status === "WAITLISTED" ? waitlistPosition : null,
    plannedTime: stop?.plannedTime ?? null,
    assigned: person.assigned,
    reason,
    changedAt: row?.changedAt ?? null,
    changedBy: row?.changedBy ?? null,
    changedByAdmin: row?.changedByAdmin ?? false,
  };
}

/** `GET Booking/manifest`: the route's day for admins and its drivers (another driver: 403). */
export async function bookingManifest(
  db: Db,
  clock: BookingClock,
  user: AuthUser,
  query: { routeId: number; date: string },
): Promise<BookingManifestResponse> {
  const route = await findBookingRoute(db, query.routeId);
  if (!route) throw notFound(BOOKING_ROUTE_NOT_FOUND_MESSAGE);
  const window = clock.tripWindow(route, query.date);
  if (user.role === "Driver" && !(await drivesRouteOn(db, user.id, route.id, window))) {
    throw forbidden(NOT_ROUTE_DRIVER_MESSAGE);
  }
  const [people, stops] = await Promise.all([
    dayPeople(db, route.id, query.date, window),
    stopsOf(db, [route.id]),
  ]);
  const runs = route.status === "active" && runsOn(route, query.date);
  const waiting = people
    .filter((person) => person.active && person.row?.status === "WAITLISTED")
    .map((person) => person.employeeId);
  const items = people
    .filter((person) => listed(person, runs))
    .map((person) => {
      const stop = stopFor(route.id, stops.stops, stops.riderStops, person, person.assigned);
      const position = waiting.indexOf(person.employeeId) + 1;
      return { item: itemOf(route, person, stop, position || null), stopPosition: stop?.position ?? 9999 };
    });
  items.sort(
    (a, b) =>
      GROUP[a.item.status] - GROUP[b.item.status] ||
      (a.item.waitlistPosition ?? 0) - (b.item.waitlistPosition ?? 0) ||
      a.stopPosition - b.stopPosition ||
      `${a.item.name} ${a.item.lastname}`.localeCompare(`${b.item.name} ${b.item.lastname}`, "es") ||
      a.item.employeeId - b.item.employeeId,
  );
  const list = items.map(({ item }) => item);
  const count = (status: BookingStatus) => list.filter((item) => item.status === status).length;
  return {
    routeId: route.id,
    routeName: route.name,
    date: query.date,
    shiftName: route.shiftName,
    confirmationRequired: route.confirmationRequired,
    cutoffAt: new Date(clock.cutoffOn(route, query.date)).toISOString(),
    seats: route.seats,
    confirmed: count("CONFIRMED"),
    waitlisted: count("WAITLISTED"),
    cancelled: count("CANCELLED"),
    noShow: count("NO_SHOW"),
    ridden: count("RIDDEN"),
    list,
  };
}
