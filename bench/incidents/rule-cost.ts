/**
 * The rules' cost per position at `vehicles` trips in progress, a position every 5 s each (2,000
 * vehicles: 400 positions/s), replayed in the order the server receives them. Each position is
 * timed twice in the same pass: the work without rules (the trip's last position kept in a map, as
 * the live map does) and that plus the trip's rules; ticks (every 10 s per trip) apart.
 */
import { performance } from "node:perf_hooks";
import {
  generateRoute,
  recordedTrace,
  type SimulatedTrip,
  simulateTrip,
  type TripEvent,
  TripMonitor,
  type TripPlan,
} from "@treiber/incidents";
import { createSamples } from "../lib/stats.js";

const SECOND = 1000;
const START = Date.UTC(2026, 10, 2, 11, 0);

export type CostResult = {
  vehicles: number;
  windowSeconds: number;
  positions: number;
  inProgressAtEnd: number;
  buildSeconds: number;
  /** Microseconds per position. */
  without: [number, number, number];
  withRules: [number, number, number];
  tick: [number, number, number];
  /** Milliseconds of rules per second of traffic (one core). */
  rulesMsPerSecond: number;
  /** Incidents opened on these clean trips, by type. */
  opened: Record<string, number>;
};

/** The same trip `ms` later (its plan too). */
function shifted(trip: SimulatedTrip, ms: number): SimulatedTrip {
  const plan: TripPlan = {
    ...trip.plan,
    plannedDepartureAt: trip.plan.plannedDepartureAt === null ? null : trip.plan.plannedDepartureAt + ms,
    stops: trip.plan.stops.map((stop) => ({ ...stop, plannedAt: stop.plannedAt + ms })),
    workplace: trip.plan.workplace && {
      ...trip.plan.workplace,
      plannedAt: trip.plan.workplace.plannedAt === null ? null : trip.plan.workplace.plannedAt + ms,
    },
  };
  return {
    ...trip,
    plan,
    startedAt: trip.startedAt + ms,
    endedAt: trip.endedAt + ms,
    deliveries: trip.deliveries.map(({ event, receivedAt }) => ({
      event: "at" in event ? ({ ...event, at: event.at + ms } as TripEvent) : event,
      receivedAt: receivedAt + ms,
    })),
  };
}

export function measureCost(vehicles: number, windowMinutes: number): CostResult {
  const built = performance.now();
  // Every trip starts within the first 5 s (staggered) and is measured from minute 1 on.
  const from = START + 60 * SECOND;
  const until = from + windowMinutes * 60 * SECOND;
  const trips: { trip: SimulatedTrip; monitor: TripMonitor }[] = [];
  for (let v = 0; v < vehicles; v++) {
    const route = generateRoute(20_000 + v);
    const trace = recordedTrace(simulateTrip(route, { seed: 30_000 + v }));
    const raw = simulateTrip(route, { seed: 40_000 + v, intervalSeconds: [5, 5] });
    const trip = shifted(raw, START + Math.floor((v / vehicles) * 5 * SECOND) - raw.startedAt);
    trips.push({ trip, monitor: new TripMonitor({ ...trip.plan, trace }) });
  }
  type Item = { vehicle: number; event: TripEvent; now: number };
  const items: Item[] = [];
  trips.forEach(({ trip }, vehicle) => {
    for (const { event, receivedAt } of trip.deliveries) {
      if (receivedAt <= until) items.push({ vehicle, event, now: receivedAt });
    }
    for (let t = START + (vehicle % 10) * SECOND; t <= until; t += 10 * SECOND) {
      items.push({ vehicle, event: { kind: "tick" }, now: t });
    }
  });
  items.sort((a, b) => a.now - b.now);
  const buildSeconds = (performance.now() - built) / 1000;

  const lastPosition = new Map<number, { latitude: number; longitude: number; at: number }>();
  const without = createSamples();
  const withRules = createSamples();
  const ticks = createSamples();
  let rulesMs = 0;
  const opened: Record<string, number> = {};
  const count = (transitions: readonly { action: string; type: string }[]) => {
    for (const t of transitions) if (t.action === "open") opened[t.type] = (opened[t.type] ?? 0) + 1;
  };
  for (const { vehicle, event, now } of items) {
    const monitor = trips[vehicle]?.monitor as TripMonitor;
    const measured = now >= from;
    if (event.kind === "position") {
      const t0 = performance.now();
      lastPosition.set(vehicle, { latitude: event.latitude, longitude: event.longitude, at: event.at });
      const t1 = performance.now();
      const transitions = monitor.handle(event, now);
      const t2 = performance.now();
      count(transitions);
      if (measured) {
        without.add((t1 - t0) * 1000);
        withRules.add((t2 - t0) * 1000);
        rulesMs += t2 - t1;
      }
    } else if (event.kind === "tick") {
      const t0 = performance.now();
      const transitions = monitor.handle(event, now);
      if (measured) ticks.add((performance.now() - t0) * 1000);
      count(transitions);
    } else {
      count(monitor.handle(event, now));
    }
  }
  const windowSeconds = (until - from) / 1000;
  return {
    vehicles,
    windowSeconds,
    positions: withRules.count,
    inProgressAtEnd: trips.filter(({ trip }) => trip.endedAt > until).length,
    buildSeconds,
    without: without.percentiles(50, 99, 100) as [number, number, number],
    withRules: withRules.percentiles(50, 99, 100) as [number, number, number],
    tick: ticks.percentiles(50, 99, 100) as [number, number, number],
    rulesMsPerSecond: rulesMs / windowSeconds,
    opened,
  };
}
