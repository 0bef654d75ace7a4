import { cutoffPassedMessage, DEFAULT_CUTOFF_MINUTES, minutesOfDay } from "@treiber/contract";
import { branchOfficeTime, type OffsetAt, serverZoneOffset } from "../../lib/branch-office-time.js";
import { DAY_MS } from "../../lib/caller-clock.js";

const MINUTE = 60_000;
const HALF_DAY = 12 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, "0");

/** What a route's bookings are timed by (see `bookings-repository.ts`, `BookingRoute`). */
export type RouteTiming = {
  /** `HH:mm` of stop 1, else the route's departure, else the shift's time; null: none. */
  firstStopTime: string | null;
  departureTime: string | null;
  shiftTime: string | null;
  direction: "inbound" | "outbound" | null;
  cutoffMinutes: number | null;
  cutoffDayBeforeTime: string | null;
  dayIds: number[];
};

/** UTC midnight of a `YYYY-MM-DD` calendar day. */
export const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** `YYYY-MM-DD` of a UTC midnight. */
export function dateOf(day: number): string {
  const d = new Date(day);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
/** The date `days` after `date`. */
export const addDays = (date: string, days: number) => dateOf(dayOf(date) + days * DAY_MS);
/** ISO day of the week (1 Lunes … 7 Domingo), as the `days` table numbers them. */
export function isoWeekday(date: string): number {
  const weekday = new Date(dayOf(date)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}
/** `DD/MM/YYYY` of a `YYYY-MM-DD`. */
export const displayDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The dates from `since` to `until`, both included. */
export function datesBetween(since: string, until: string): string[] {
  const dates: string[] = [];
  for (let day = dayOf(since); day <= dayOf(until); day += DAY_MS) dates.push(dateOf(day));
  return dates;
}

/**
 * The branch offices' clock as bookings read it (decision 0064): service dates, a route's planned
 * start on a date, its cut-off, and the local times the refusals name. `now` and the zone are the
 * app's (tests give their own).
 */
export function bookingClock(options: { now?: () => number; offsetAt?: OffsetAt } = {}) {
  const now = options.now ?? Date.now;
  const time = branchOfficeTime(options.offsetAt ?? serverZoneOffset);

  /** A local `HH:mm` on `date` shifted `dayShift` days, as an instant. */
  const at = (date: string, hhmm: string, dayShift = 0) => time.on(hhmm, dayOf(date) + dayShift * DAY_MS);

  /**
   * Days a time of the route lies from its service date: an inbound stop later than the shift's
   * time is the evening before; an outbound stop earlier than it, the next morning.
   */
  function dayShiftOf(route: RouteTiming, hhmm: string): number {
    if (!route.shiftTime || !route.direction) return 0;
    const shift = minutesOfDay(route.shiftTime);
    if (route.direction === "inbound" && minutesOfDay(hhmm) > shift) return -1;
    if (route.direction === "outbound" && minutesOfDay(hhmm) < shift) return 1;
    return 0;
  }

  const startTime = (route: RouteTiming) =>
    route.firstStopTime ?? route.departureTime ?? route.shiftTime ?? "00:00";

  return {
    now,
    /** Today's service date, local to the branch offices. */
    today: () => time.serviceDay(now()),
    serviceDay: (instant: number) => time.serviceDay(instant),
    /** The local `HH:mm` of an instant. */
    hhmm: (instant: number) => time.hhmm(instant),
    /** A time of the route (`HH:mm`) on its service date, as an instant. */
    timeOn: (route: RouteTiming, date: string, hhmm: string) => at(date, hhmm, dayShiftOf(route, hhmm)),
    /** When the route sets off on `date`: its first planned stop. */
    startOn(route: RouteTiming, date: string): number {
      const hhmm = startTime(route);
      return at(date, hhmm, dayShiftOf(route, hhmm));
    },
    /** The cut-off of the route on `date`: the day before at HH:mm, or N minutes before its start. */
    cutoffOn(route: RouteTiming, date: string): number {
      if (route.cutoffDayBeforeTime) return at(date, route.cutoffDayBeforeTime, -1);
      const minutes = route.cutoffMinutes ?? DEFAULT_CUTOFF_MINUTES;
      return this.startOn(route, date) - minutes * MINUTE;
    },
    /** «El plazo para cambiar la reserva terminó a las 04:00 del 30/11/2026» (local). */
    cutoffMessage(cutoff: number): string {
      return cutoffPassedMessage(time.hhmm(cutoff), displayDate(time.serviceDay(cutoff)));
    },
    /** The service date of a trip of the route that started at `startedAt`: the nearest planned start. */
    serviceDateOfTrip(route: RouteTiming, startedAt: number): string {
      const day = time.serviceDay(startedAt);
      const candidates = [addDays(day, -1), day, addDays(day, 1)];
      let best = day;
      let distance = Number.POSITIVE_INFINITY;
      for (const date of candidates) {
        const gap = Math.abs(this.startOn(route, date) - startedAt);
        if (gap < distance) [best, distance] = [date, gap];
      }
      return best;
    },
    /** The trips of the route on `date` start within 12 hours of its planned start. */
    tripWindow(route: RouteTiming, date: string) {
      const start = this.startOn(route, date);
      return { from: new Date(start - HALF_DAY), to: new Date(start + HALF_DAY) };
    },
  };
}
export type BookingClock = ReturnType<typeof bookingClock>;

/** True when the route runs on `date` (its days of the week). */
export const runsOn = (route: Pick<RouteTiming, "dayIds">, date: string) =>
  route.dayIds.includes(isoWeekday(date));
