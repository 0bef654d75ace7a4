import type { BookingClock, RouteTiming } from "../bookings/booking-clock.js";

/** `HH:mm` of a `time` column. */
const hhmm = (time: string | null | undefined) => time?.slice(0, 5) ?? null;

/** What a route of «Hoy» is timed by: its departure, its shift (time, direction) and its first stop. */
export type RunTiming = {
  departureTime: string | null;
  shiftTime: string | null;
  direction: RouteTiming["direction"];
  firstStopTime: string | null;
};

/**
 * The branch office's service date of a route's run on the driver's «Hoy» (issue 35, decision
 * 0064), as bookings decide it, never the phone: the date whose planned start lies nearest the
 * trip's start (in progress, else the last finished), or, before it starts, nearest now (the date a
 * trip started now would have). A night run (an Entrada picking up before midnight) is the next
 * day's; its manifest is that date's.
 */
export function runServiceDate(
  clock: BookingClock,
  route: RunTiming,
  trip: { startedAt: Date } | undefined,
): string {
  const timing: RouteTiming = {
    firstStopTime: hhmm(route.firstStopTime),
    departureTime: hhmm(route.departureTime),
    shiftTime: hhmm(route.shiftTime),
    direction: route.direction,
    cutoffMinutes: null,
    cutoffDayBeforeTime: null,
    dayIds: [],
  };
  return clock.serviceDateOfTrip(timing, trip ? trip.startedAt.getTime() : clock.now());
}
