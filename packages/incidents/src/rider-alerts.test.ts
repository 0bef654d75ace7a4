import { RIDER_NEAR_MINUTES } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { riderAlertsDue } from "./rider-alerts.js";
import { replayRiderAlerts } from "./simulator/replay-rider-alerts.js";
import { recordedTrace } from "./simulator/replay-trip.js";
import { simulateTrip } from "./simulator/simulate-trip.js";
import { generateRoute, routeFromPlan } from "./simulator/simulated-route.js";
import { INCIDENT_THRESHOLD_DEFAULTS } from "./thresholds.js";
import { TripMonitor } from "./trip-monitor.js";
import type { TripPlan } from "./types.js";

const SEEDS = [1, 2, 3, 4, 5, 6];
const MINUTE = 60_000;
const SECOND = 1000;

function simulated(seed: number, faults: ("late" | "not-started")[] = []) {
  const route = generateRoute(2000 + seed);
  const trace = recordedTrace(simulateTrip(route, { seed: 80_000 + seed }));
  const trip = simulateTrip(route, { seed: 6000 + seed, faults });
  const plan: TripPlan = { ...trip.plan, trace };
  return { trip, plan, alerts: replayRiderAlerts(trip, { plan }) };
}

/** Riders of stops planned at least RIDER_NEAR_MINUTES after the departure (they get NEAR). */
const nearRiders = (plan: TripPlan) =>
  plan.stops.flatMap((stop, stopIndex) =>
    stop.plannedAt - (plan.plannedDepartureAt ?? 0) >= RIDER_NEAR_MINUTES * MINUTE
      ? stop.riderIds.map((id) => ({ id, stopIndex }))
      : [],
  );

describe("riderAlertsDue on simulated trips through a TripMonitor", () => {
  it("clean trips: every rider told DEPARTED and NEAR once, NEAR before the bus is there; no LATE", () => {
    const early: number[] = [];
    for (const seed of SEEDS) {
      const { trip, plan, alerts } = simulated(seed);
      const riders = plan.stops.flatMap((stop) => stop.riderIds);
      const keys = alerts.map((a) => `${a.employeeId}:${a.kind}`);
      expect(new Set(keys).size, `seed ${seed}`).toBe(keys.length);
      expect(
        alerts.filter((a) => a.kind === "LATE"),
        `seed ${seed}`,
      ).toEqual([]);
      const departed = alerts.filter((a) => a.kind === "DEPARTED");
      expect(departed.map((a) => a.employeeId).sort(), `seed ${seed}`).toEqual([...riders].sort());
      for (const alert of departed) expect(alert.at).toBeLessThanOrEqual(trip.startedAt + SECOND);
      const near = alerts.filter((a) => a.kind === "NEAR");
      expect(near.map((a) => a.employeeId).sort(), `seed ${seed}`).toEqual(
        nearRiders(plan)
          .map((r) => r.id)
          .sort(),
      );
      for (const alert of near) {
        const arrival = trip.stopArrivals[alert.stopIndex] ?? Number.POSITIVE_INFINITY;
        // Told before the bus got there, never absurdly early (the prediction cannot know the red
        // lights, nor how long the bus stands at the stops before).
        expect(alert.at, `seed ${seed} stop ${alert.stopIndex}`).toBeLessThan(arrival);
        expect(alert.at, `seed ${seed} stop ${alert.stopIndex}`).toBeGreaterThanOrEqual(
          arrival - 10 * MINUTE,
        );
        expect(alert.minutes).toBeGreaterThanOrEqual(1);
        expect(alert.minutes).toBeLessThanOrEqual(RIDER_NEAR_MINUTES);
        early.push(arrival - RIDER_NEAR_MINUTES * MINUTE - alert.at);
      }
    }
    // Typically (the median over every rider) within 2 min before the bus is truly 5 min away.
    early.sort((a, b) => a - b);
    expect(early[Math.floor(early.length / 2)] ?? 0).toBeLessThanOrEqual(2 * MINUTE);
  });

  it("a traffic jam (fault late): riders behind it told LATE once with the minutes; those before it not", () => {
    let told = 0;
    for (const seed of SEEDS) {
      const { trip, plan, alerts } = simulated(seed, ["late"]);
      const late = alerts.filter((a) => a.kind === "LATE");
      for (const alert of late) {
        expect(alert.minutes, `seed ${seed}`).toBeGreaterThanOrEqual(INCIDENT_THRESHOLD_DEFAULTS.lateMinutes);
        // The stop had not been reached when the rider was told.
        expect(alert.at).toBeLessThan(trip.stopArrivals[alert.stopIndex] ?? Number.POSITIVE_INFINITY);
      }
      // Every rider at a stop the bus truly reached > lateMinutes + 2 late was told.
      plan.stops.forEach((stop, k) => {
        const arrival = trip.stopArrivals[k];
        if (
          arrival === undefined ||
          arrival - stop.plannedAt < (INCIDENT_THRESHOLD_DEFAULTS.lateMinutes + 2) * MINUTE
        )
          return;
        for (const id of stop.riderIds)
          expect(
            late.map((a) => a.employeeId),
            `seed ${seed}`,
          ).toContain(id);
      });
      told += late.length;
    }
    expect(told).toBeGreaterThan(0);
  });

  it("a bus that has not left: LATE to every rider once the departure is lateMinutes late", () => {
    const { trip, plan, alerts } = simulated(1, ["not-started"]);
    const late = alerts.filter((a) => a.kind === "LATE");
    expect(late.map((a) => a.employeeId).sort()).toEqual(plan.stops.flatMap((s) => s.riderIds).sort());
    const departure = plan.plannedDepartureAt ?? 0;
    for (const alert of late) {
      expect(alert.at).toBeLessThan(trip.startedAt);
      expect(alert.at).toBeGreaterThanOrEqual(departure + INCIDENT_THRESHOLD_DEFAULTS.lateMinutes * MINUTE);
      expect(alert.minutes).toBe(INCIDENT_THRESHOLD_DEFAULTS.lateMinutes);
    }
  });

  it("a real plan driven by routeFromPlan gives the same once-per-rider alerts", () => {
    const base = generateRoute(42).plan;
    const route = routeFromPlan(base, 7);
    const trip = simulateTrip(route, { seed: 11 });
    const alerts = replayRiderAlerts(trip);
    const keys = alerts.map((a) => `${a.employeeId}:${a.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(alerts.filter((a) => a.kind === "DEPARTED")).toHaveLength(
      base.stops.flatMap((s) => s.riderIds).length,
    );
  });

  it("what was already sent is never due again; a stop already passed, or an ended trip, gets nothing", () => {
    const plan = generateRoute(3).plan;
    const stops = plan.stops.map((s) => ({ plannedAt: s.plannedAt, employeeIds: s.riderIds }));
    const trip = { plan, stops, thresholds: INCIDENT_THRESHOLD_DEFAULTS };
    const monitor = new TripMonitor(plan);
    const start = plan.plannedDepartureAt ?? 0;
    monitor.handle({ kind: "start", at: start }, start);
    const snapshot = monitor.snapshot(start);
    const all = riderAlertsDue({ trip, snapshot, now: start });
    expect(all.filter((a) => a.kind === "DEPARTED")).toHaveLength(stops.flatMap((s) => s.employeeIds).length);
    expect(riderAlertsDue({ trip, snapshot, now: start }, (_id, kind) => kind === "DEPARTED")).toEqual([]);
    const passed = riderAlertsDue({ trip, snapshot: { ...snapshot, nextStopIndex: 1 }, now: start });
    for (const id of stops[0]?.employeeIds ?? []) expect(passed.map((a) => a.employeeId)).not.toContain(id);
    expect(riderAlertsDue({ trip, snapshot: { ...snapshot, ended: true }, now: start })).toEqual([]);
  });

  it("outbound: DEPARTED and LATE at the drop-off, never NEAR (the riders are on the bus)", () => {
    const inbound = generateRoute(5).plan;
    const stops = inbound.stops.map((s) => ({ plannedAt: s.plannedAt, employeeIds: s.riderIds }));
    const trip = {
      plan: { ...inbound, direction: "outbound" as const },
      stops,
      thresholds: INCIDENT_THRESHOLD_DEFAULTS,
    };
    const last = stops.length - 1;
    const plannedAt = stops[last]?.plannedAt ?? 0;
    const now = plannedAt - 2 * MINUTE;
    const snapshot = {
      started: true,
      ended: false,
      nextStopIndex: last,
      arrivals: [{ stopIndex: last, plannedAt, predictedAt: plannedAt + 12 * MINUTE }],
    };
    const due = riderAlertsDue({ trip, snapshot, now });
    const riders = stops[last]?.employeeIds ?? [];
    expect(due.filter((a) => a.kind === "NEAR")).toEqual([]);
    expect(due.filter((a) => a.kind === "LATE").map((a) => [a.employeeId, a.minutes])).toEqual(
      riders.map((id) => [id, 12]),
    );
    expect(due.filter((a) => a.kind === "DEPARTED")).toHaveLength(riders.length);
  });
});
