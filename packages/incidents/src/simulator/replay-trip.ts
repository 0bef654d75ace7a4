import { TripMonitor, type TripMonitorOptions } from "../trip-monitor.js";
import type { IncidentTransition, TripPlan } from "../types.js";
import type { SimulatedTrip } from "./simulate-trip.js";

export type ReplayOptions = TripMonitorOptions & {
  /** Seconds between timer ticks (default 10). */
  tickSeconds?: number;
  /** The plan the engine is given (default the trip's: e.g. the same with a recorded `trace`). */
  plan?: TripPlan;
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
  let tick = first;
  for (const delivery of trip.deliveries) {
    for (; tick <= delivery.receivedAt; tick += step)
      transitions.push(...monitor.handle({ kind: "tick" }, tick));
    transitions.push(...monitor.handle(delivery.event, delivery.receivedAt));
  }
  for (; tick <= last; tick += step) transitions.push(...monitor.handle({ kind: "tick" }, tick));
  return { transitions, monitor };
}

/** A simulated trip's positions as the trace of a recent good trip (`TripPlan.trace`). */
export function recordedTrace(trip: SimulatedTrip): { latitude: number; longitude: number }[] {
  return trip.positions.map(({ latitude, longitude }) => ({ latitude, longitude }));
}
