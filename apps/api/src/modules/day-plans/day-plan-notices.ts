import { DAY_PLAN_NOTIFY_MINUTES, minutesOfDay } from "@treiber/contract";
import { displayDate } from "../bookings/booking-clock.js";
import { DRIVER_NOTICE_TITLES, type NoticeStop, sameStops } from "../notifications/driver-notices.js";
import type { UserNotice } from "../notifications/notification-service.js";
import { clockOf } from "../notifications/rider-notices.js";
import type { DriverUser } from "../planning/driver-plan-notices.js";
import type { Place } from "./day-figures.js";

/** A rider told of their day: their user and name. */
type Rider = { employeeId: number; userId: number; name: string; lastname: string };

export const DAY_TRIP_CHANGED_TITLE = "Tu viaje cambió";
export const DAY_ROUTE_RELEASED_TITLE = "Ruta liberada";

const facts = (person: { name: string; lastname: string }, routeName: string, driver: boolean) => ({
  driverName: driver ? person.name : "",
  driverLastname: driver ? person.lastname : "",
  employeeName: driver ? "" : person.name,
  employeeLastname: driver ? "" : person.lastname,
  comment: "",
  routeName,
});

/** True when a rider must be told: another bus, or a time moved by more than DAY_PLAN_NOTIFY_MINUTES. */
export function worthTelling(was: Place, now: Place) {
  if (was.routeId !== now.routeId) return true;
  if (!was.time || !now.time) return was.time !== now.time;
  return Math.abs(minutesOfDay(now.time) - minutesOfDay(was.time)) > DAY_PLAN_NOTIFY_MINUTES;
}

/**
 * One notice per rider whose bus or time on the date differs from what they were last told for it
 * (`told`: the previous day plan, else the standing plan) by more than DAY_PLAN_NOTIFY_MINUTES.
 */
export function riderDayNotices(
  riders: readonly Rider[],
  told: ReadonlyMap<number, Place>,
  now: ReadonlyMap<number, Place>,
  date: string,
): UserNotice[] {
  return riders.flatMap((rider) => {
    const was = told.get(rider.employeeId);
    const place = now.get(rider.employeeId);
    if (!was || !place || !worthTelling(was, place)) return [];
    const at = place.time ? ` a las ${clockOf(place.time)}` : "";
    const before = was.time
      ? ` (antes a las ${clockOf(was.time)}${was.routeId === place.routeId ? "" : `, ruta ${was.routeName}`})`
      : "";
    const message = `El ${displayDate(date)} tu bus pasa${at} por la parada ${place.stopName ?? ""} (ruta ${place.routeName})${before}`;
    return [
      {
        userId: rider.userId,
        title: DAY_TRIP_CHANGED_TITLE,
        message,
        facts: facts(rider, place.routeName, false),
      },
    ];
  });
}

/** A route of the date as its driver sees it: released (null) or with these stops. */
export type DayRouteState = {
  routeId: number;
  name: string;
  driverIds: readonly number[];
  stops: readonly NoticeStop[] | null;
};

const outline = (stops: readonly NoticeStop[]) => {
  const first = stops[0]?.plannedTime?.slice(0, 5);
  return `${stops.length === 1 ? "1 parada" : `${stops.length} paradas`}${first ? `, primera a las ${clockOf(first)}` : ""}`;
};

/** One notice per driver whose route on the date is released, runs again or has other stops or times. */
export function driverDayNotices(
  before: readonly DayRouteState[],
  after: readonly DayRouteState[],
  users: ReadonlyMap<number, DriverUser>,
  date: string,
): UserNotice[] {
  return after.flatMap((route) => {
    const was = before.find((old) => old.routeId === route.routeId);
    if (!was) return [];
    if (was.stops === null && route.stops === null) return [];
    if (was.stops !== null && route.stops !== null && sameStops(was.stops, route.stops)) return [];
    const day = displayDate(date);
    const [title, message] =
      route.stops === null
        ? [
            DAY_ROUTE_RELEASED_TITLE,
            `La ruta ${route.name} no sale el ${day}: el plan del día no la necesita`,
          ]
        : [DRIVER_NOTICE_TITLES.changed, `La ruta ${route.name} del ${day} cambió: ${outline(route.stops)}`];
    return route.driverIds.flatMap((driverId) => {
      const user = users.get(driverId);
      return user ? [{ userId: user.userId, title, message, facts: facts(user, route.name, true) }] : [];
    });
  });
}
