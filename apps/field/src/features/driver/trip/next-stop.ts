import type { ShiftDirection, TodayStop, TripRider } from "@treiber/contract";

const DAY_MINUTES = 24 * 60;
const HALF_DAY = DAY_MINUTES / 2;

/** Minutes since midnight of an `HH:mm` time. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since local midnight of an instant, on the phone's clock (the branch office's). */
const minutesOfDate = (date: Date) => date.getHours() * 60 + date.getMinutes();

/**
 * Minutes from `anchor` to `minutes` in −12 h … +12 h: times on the other side of midnight count as
 * the same trip (a stop at 00:10 is 20 minutes after one at 23:50).
 */
const signedOffset = (minutes: number, anchor: number) =>
  ((((minutes - anchor + HALF_DAY) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES) - HALF_DAY;

/**
 * The index (in position order) of the trip's next stop:
 *
 * 1. **Entrada** (inbound: riders board at the stops): the first stop that still has a rider
 *    pending (neither boarded nor cancelled). The riders say where the bus is better than a clock.
 * 2. Otherwise (**Salida**, a route without a shift, or Entrada with nobody pending): the first stop
 *    whose planned time, pushed back by how late the trip started, is not before now. "How late" is
 *    the start's delay after the first stop's planned time (0 when it started before it): a bus that
 *    left 15 minutes late is taken as 15 minutes late everywhere, so its stops are not shown as
 *    passed before it got there. The same minute as now still counts as ahead.
 * 3. When every stop is behind by that measure, the last stop: the bus is late and the last stop is
 *    still where the trip goes.
 *
 * Times are `HH:mm` on the phone's clock, compared within 12 hours of the first stop (a trip may
 * cross midnight, as the stops' rule in decision 0048 allows). `null` only without stops.
 */
export function nextStopIndex(
  stops: readonly Pick<TodayStop, "plannedTime" | "employeeIds">[],
  riders: readonly (Pick<TripRider, "employeeId" | "status"> & { noShow?: unknown })[],
  options: { direction: ShiftDirection | null; now: Date; startedAt: Date | null },
): number | null {
  const first = stops[0];
  if (!first) return null;
  if (options.direction === "inbound") {
    // A rider marked absent is no longer waited for.
    const pending = new Set(
      riders.filter((r) => r.status === "Pending" && !r.noShow).map((r) => r.employeeId),
    );
    const waiting = stops.findIndex((stop) => stop.employeeIds.some((id) => pending.has(id)));
    if (waiting >= 0) return waiting;
  }
  const anchor = minutesOf(first.plannedTime);
  const started = options.startedAt ? signedOffset(minutesOfDate(options.startedAt), anchor) : 0;
  const delay = Math.max(0, started);
  const now = signedOffset(minutesOfDate(options.now), anchor);
  const ahead = stops.findIndex(
    (stop) => ((minutesOf(stop.plannedTime) - anchor + DAY_MINUTES) % DAY_MINUTES) + delay >= now,
  );
  return ahead >= 0 ? ahead : stops.length - 1;
}

/** A stop as the trip screen shows it: its riders are the trip's (with their boarding state). */
export type TripStop<R> = Omit<TodayStop, "employeeIds"> & { riders: R[] };

/** The trip's stops arranged for the screen. */
export type ArrangedStops<R> = {
  /** The next stop (null once the trip is over, or without stops). */
  next: TripStop<R> | null;
  /** The stops after the next one, in order (every stop, in order, once the trip is over). */
  ahead: TripStop<R>[];
  /** The stops before the next one, in order. */
  passed: TripStop<R>[];
  /** Riders of the trip on no stop, in the trip's order. */
  withoutStop: R[];
};

/**
 * The route's stops with the trip's riders on each (riders no longer on the trip are left out), the
 * next stop first (see `nextStopIndex`), then those after it, then the passed ones. A finished trip
 * lists every stop in order, none of them next.
 */
export function arrangeStops<R extends Pick<TripRider, "employeeId" | "status"> & { noShow?: unknown }>(
  stops: readonly TodayStop[],
  riders: readonly R[],
  options: { direction: ShiftDirection | null; now: Date; startedAt: Date | null; running: boolean },
): ArrangedStops<R> {
  const ordered = [...stops].sort((a, b) => a.position - b.position);
  const onAStop = new Set(ordered.flatMap((stop) => stop.employeeIds));
  const shown = ordered.map(({ employeeIds, ...stop }) => {
    const here = new Set(employeeIds);
    return { ...stop, riders: riders.filter((rider) => here.has(rider.employeeId)) };
  });
  const withoutStop = riders.filter((rider) => !onAStop.has(rider.employeeId));
  const index = options.running ? nextStopIndex(ordered, riders, options) : null;
  if (index === null) return { next: null, ahead: shown, passed: [], withoutStop };
  return {
    next: shown[index] ?? null,
    ahead: shown.slice(index + 1),
    passed: shown.slice(0, index),
    withoutStop,
  };
}
