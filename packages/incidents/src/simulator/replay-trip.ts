import { TripMonitor, type TripMonitorOptions } from "../trip-monitor.js";
import type { IncidentTransition, TripEvent, TripPlan } from "../types.js";
import type { SimulatedTrip } from "./simulate-trip.js";

export type ReplayOptions = TripMonitorOptions & {
  /** Seconds between timer ticks (default 10). */
  tickSeconds?: number;
  /** The plan the engine is given (default the trip's: e.g. the same with a recorded `trace`). */
  plan?: TripPlan;
  /** Called after each event is handled (ticks included), e.g. to read the monitor's snapshot. */
  onHandled?: (
    event: TripEvent,
    now: number,
    monitor: TripMonitor,
    transitions: readonly IncidentTransition[],
  ) => void;
};

/**
 * Feeds a simulated trip to a TripMonitor in the order the server receives it, with a timer tick
 * every `tickSeconds` from 5 min before the planned departure to 2 min after the end.
 */
export function replayTrip(
  trip: SimulatedTrip,
  options: ReplayOptions = {},
): { transitions: IncidentTransition[]; monitor: TripMonitor } {
  const plan = options.plan ?? trip.plan;
  const monitor = new TripMonitor(plan, options);
  const step = (options.tickSeconds ?? 10) * 1000;
  const first = Math.min(plan.plannedDepartureAt ?? trip.startedAt, trip.startedAt) - 5 * 60_000;
  const last = trip.endedAt + 2 * 60_000;
  const transitions: IncidentTransition[] = [];
  const handle = (event: TripEvent, now: number) => {
    const handled = monitor.handle(event, now);
    transitions.push(...handled);
    options.onHandled?.(event, now, monitor, handled);
  };
  let tick = first;
  for (const delivery of trip.deliveries) {
    for (; tick <= delivery.receivedAt; tick += step) handle({ kind: "tick" }, tick);
    handle(delivery.event, delivery.receivedAt);
  }
  for (; tick <= last; tick += step) handle({ kind: "tick" }, tick);
  return { transitions, monitor };
}

/** A simulated trip's positions as the trace of a recent good trip (`TripPlan.trace`). */
export function recordedTrace(trip: SimulatedTrip): { latitude: number; longitude: number }[] {
  return trip.positions.map(({ latitude, longitude }) => ({ latitude, longitude }));
}
