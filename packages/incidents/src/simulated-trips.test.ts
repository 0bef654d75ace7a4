import { describe, expect, it } from "vitest";
import { recordedTrace, replayTrip } from "./simulator/replay-trip.js";
import { FAULTS, type Fault, simulateTrip } from "./simulator/simulate-trip.js";
import {
  generateRoute,
  routeFromGeometry,
  routeFromPlan,
  SIMULATED_DAY,
} from "./simulator/simulated-route.js";
import type { TripPlan } from "./types.js";

// Simulated trips with 15 m GPS noise (σ per axis), a position every 5–10 s, replayed in the order
// the server receives them with a timer tick every 10 s. Each fault against its clean twin (the same
// route and seed, no fault). Seeds are fixed: the same trips on every run.
const SEEDS = [1, 2, 3, 4, 5, 6];
const SECOND = 1000;

/** The route of `seed`, and its plan with the trace of an earlier good trip on it as the path. */
function setup(seed: number) {
  const route = generateRoute(1000 + seed);
  const trace = recordedTrace(simulateTrip(route, { seed: 90_000 + seed }));
  const withTrace = (plan: TripPlan): TripPlan => ({ ...plan, trace });
  return { route, withTrace };
}

describe("simulated trips: each fault and its clean twin", () => {
  it.each(FAULTS)(
    "%s: raises its incident once, near when its condition holds; the clean twin none",
    (fault: Fault) => {
      for (const seed of SEEDS) {
        const { route, withTrace } = setup(seed);
        const faulty = simulateTrip(route, { seed: 5000 + seed, faults: [fault] });
        const [truth] = faulty.truth;
        expect(truth?.conditionAt, `seed ${seed}`).not.toBeNull();
        const { transitions } = replayTrip(faulty, { plan: withTrace(faulty.plan) });
        const opened = transitions.filter(
          (t) =>
            t.action === "open" &&
            t.type === truth?.type &&
            (truth.stopIndex === null || t.stopIndex === truth.stopIndex),
        );
        expect(opened, `seed ${seed}`).toHaveLength(1);
        const at = opened[0]?.at ?? 0;
        const conditionAt = truth?.conditionAt ?? 0;
        if (fault === "late") {
          // Predicted: before the bus is 10 min late at a stop it has not reached, never after.
          expect(at, `seed ${seed}`).toBeGreaterThanOrEqual(faulty.startedAt);
          expect(at, `seed ${seed}`).toBeLessThanOrEqual(conditionAt + 30 * SECOND);
        } else {
          expect(Math.abs(at - conditionAt), `seed ${seed}`).toBeLessThanOrEqual(60 * SECOND);
        }
        // Every incident closes (when it clears, or at the end of the trip).
        expect(transitions.filter((t) => t.action === "close")).toHaveLength(
          transitions.filter((t) => t.action === "open").length,
        );

        const clean = simulateTrip(route, { seed: 5000 + seed });
        expect(clean.truth).toEqual([]);
        expect(replayTrip(clean, { plan: withTrace(clean.plan) }).transitions, `seed ${seed}`).toEqual([]);
      }
    },
  );

  it("positions out of order, twice, or again 20 min later raise nothing on clean trips", () => {
    for (const seed of SEEDS) {
      const { route, withTrace } = setup(seed);
      const trip = simulateTrip(route, { seed: 5000 + seed, disorder: true });
      const positions = trip.deliveries.filter((d) => d.event.kind === "position").length;
      expect(positions).toBeGreaterThan(trip.positions.length);
      expect(replayTrip(trip, { plan: withTrace(trip.plan) }).transitions, `seed ${seed}`).toEqual([]);
    }
  });

  it("the same seed gives the same trip", () => {
    const route = generateRoute(7);
    expect(simulateTrip(route, { seed: 3, faults: ["detour"] })).toEqual(
      simulateTrip(generateRoute(7), { seed: 3, faults: ["detour"] }),
    );
    const other = simulateTrip(route, { seed: 4 });
    expect(other.positions).not.toEqual(simulateTrip(route, { seed: 3 }).positions);
  });

  it("sends a position every 5–10 s with about 15 m of noise", () => {
    const { route } = setup(1);
    const trip = simulateTrip(route, { seed: 11 });
    const gaps = trip.positions.slice(1).map((p, i) => p.at - (trip.positions[i]?.at ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(5 * SECOND);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(11 * SECOND);
    // Noise: while standing at the first stop, positions scatter ~15 m per axis around it.
    const first = route.plan.stops[0];
    const atStop = trip.positions.slice(0, 4).map((p) => {
      const dx = route.projection.x(p.longitude) - route.projection.x(first?.longitude ?? 0);
      const dy = route.projection.y(p.latitude) - route.projection.y(first?.latitude ?? 0);
      return Math.hypot(dx, dy);
    });
    expect(Math.max(...atStop)).toBeLessThan(80);
    expect(Math.max(...atStop)).toBeGreaterThan(3);
  });
});

describe("a route's own plan (what npm run simulate will drive)", () => {
  it("draws streets through its stops and drives it like the generated ones", () => {
    const plan = generateRoute(42).plan;
    const route = routeFromPlan(plan, 1);
    expect(route.plan).toBe(plan);
    route.roadStops.forEach((meters, k) => {
      const stop = plan.stops[k];
      const vertex = Array.from(route.roadCum).indexOf(meters);
      expect(route.roadX[vertex]).toBeCloseTo(route.projection.x(stop?.longitude ?? 0), 3);
      expect(route.roadY[vertex]).toBeCloseTo(route.projection.y(stop?.latitude ?? 0), 3);
    });
    const trace = recordedTrace(simulateTrip(route, { seed: 2 }));
    const clean = simulateTrip(route, { seed: 3 });
    expect(replayTrip(clean, { plan: { ...clean.plan, trace } }).transitions).toEqual([]);
    const detour = simulateTrip(route, { seed: 3, faults: ["detour"] });
    const opened = replayTrip(detour, { plan: { ...detour.plan, trace } }).transitions.filter(
      (t) => t.action === "open",
    );
    expect(opened.map((t) => t.type)).toContain("OFF_ROUTE");
  });
});

describe("a road driven out and back", () => {
  // Out 3 km east to the far stop, back the same road to the workplace 500 m from the start, with
  // a stop on the way back: matching by the nearest segment anywhere would jump to the way back.
  const route = routeFromGeometry({
    origin: { latitude: 18.47, longitude: -69.93 },
    road: [
      [0, 0],
      [1500, 0],
      [3000, 0],
      [1200, 0],
      [500, 0],
    ],
    stopVertices: [0, 1, 2, 3],
    riders: [[1], [2], [3, 4], [5]],
    shiftTime: "08:00",
    dayStart: SIMULATED_DAY,
    seats: 10,
  });

  it.each(["trace", "line through the stops"])("raises nothing on clean trips (%s)", (kind) => {
    for (const seed of SEEDS) {
      const trip = simulateTrip(route, { seed });
      const plan =
        kind === "trace"
          ? { ...trip.plan, trace: recordedTrace(simulateTrip(route, { seed: 100 + seed })) }
          : trip.plan;
      expect(replayTrip(trip, { plan }).transitions, `seed ${seed}`).toEqual([]);
    }
  });

  it("still sees a stop skipped on the way back", () => {
    for (const seed of SEEDS) {
      const trip = simulateTrip(route, { seed, faults: ["skip"] });
      const plan = { ...trip.plan, trace: recordedTrace(simulateTrip(route, { seed: 100 + seed })) };
      const skipped = replayTrip(trip, { plan }).transitions.filter((t) => t.action === "open");
      expect(skipped.map((t) => [t.type, t.stopIndex])).toEqual([["SKIPPED_STOP", trip.truth[0]?.stopIndex]]);
    }
  });
});
