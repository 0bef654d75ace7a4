import { LocalProjection } from "../local-projection.js";
import { TripMonitor, type TripMonitorOptions } from "../trip-monitor.js";
import type { IncidentTransition, TripEvent, TripPlan } from "../types.js";

/** Tests draw trips by hand in metres (x east, y north) around this point. */
export const ORIGIN = { latitude: 18.47, longitude: -69.93 };
export const projection = new LocalProjection(ORIGIN);
export const T0 = Date.UTC(2026, 10, 2, 11, 0);
export const MINUTE = 60_000;

export const geo = (x: number, y: number) => projection.toGeo(x, y);

/**
 * An inbound plan along a drawn road: stops at the given road points (with riders, planned every
 * `minutesApart` from T0), the workplace at the last point; the road itself is given as the trace.
 */
export function handPlan(
  road: readonly (readonly [number, number])[],
  stops: readonly { at: readonly [number, number]; riderIds?: number[] }[],
  options: { minutesApart?: number; seats?: number | null; trace?: boolean } = {},
): TripPlan {
  const apart = options.minutesApart ?? 5;
  const last = road.at(-1) as readonly [number, number];
  return {
    direction: "inbound",
    plannedDepartureAt: T0,
    stops: stops.map((stop, index) => ({
      ...geo(stop.at[0], stop.at[1]),
      plannedAt: T0 + index * apart * MINUTE,
      riderIds: stop.riderIds ?? [],
    })),
    workplace: { ...geo(last[0], last[1]), plannedAt: T0 + stops.length * apart * MINUTE },
    seats: options.seats ?? null,
    speedKmh: 22,
    trace: options.trace === false ? undefined : road.map(([x, y]) => geo(x, y)),
  };
}

/** A monitor with a log of everything it said. */
export class HandTrip {
  readonly monitor: TripMonitor;
  readonly log: IncidentTransition[] = [];

  constructor(plan: TripPlan, options?: TripMonitorOptions) {
    this.monitor = new TripMonitor(plan, options);
  }

  send(event: TripEvent, now: number): IncidentTransition[] {
    const transitions = [...this.monitor.handle(event, now)];
    this.log.push(...transitions);
    return transitions;
  }

  /** A position at (x, y) metres taken at `at` and received at `now` (default: when taken). */
  position(x: number, y: number, at: number, now = at): IncidentTransition[] {
    return this.send({ kind: "position", at, ...geo(x, y) }, now);
  }

  tick(now: number): IncidentTransition[] {
    return this.send({ kind: "tick" }, now);
  }

  opened(type?: string): IncidentTransition[] {
    return this.log.filter((t) => t.action === "open" && (type === undefined || t.type === type));
  }
}
