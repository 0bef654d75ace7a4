import { describe, expect, it } from "vitest";
import { replayTrip } from "./simulator/replay-trip.js";
import { type SimulatedTrip, simulateTrip } from "./simulator/simulate-trip.js";
import { generateRoute, type RoadStyle } from "./simulator/simulated-route.js";
import type { IncidentTransition } from "./types.js";

// Routes without a trace yet (issue 33, decision 0060): the plan has no `trace`, so the path is the
// line through the stops and OFF_ROUTE reads the approach to the next stop. Simulated with 15 m GPS
// noise and a position every 5–10 s, on streets that are not the straight line (city blocks) and on
// the straight legs `npm run simulate` drives. Seeds are fixed: the same trips on every run.
const SEEDS = Array.from({ length: 12 }, (_, k) => k + 1);
const ROADS: RoadStyle[] = ["streets", "straight"];
const MINUTE = 60_000;

const opened = (transitions: readonly IncidentTransition[], type?: string) =>
  transitions.filter((t) => t.action === "open" && (type === undefined || t.type === type));

describe("a route without a trace: OFF_ROUTE from the approach to the next stop", () => {
  it.each(ROADS)("every 800 m detour opens «Fuera de ruta» once (%s)", (road) => {
    for (const seed of SEEDS) {
      const route = generateRoute(3000 + seed, { road });
      expect(route.plan.trace, "no trace: the line through the stops").toBeUndefined();
      const trip = simulateTrip(route, { seed, faults: ["detour"], detourMeters: [800, 800] });
      const conditionAt = trip.truth[0]?.conditionAt;
      expect(conditionAt, `seed ${seed}`).not.toBeNull();
      const { transitions, monitor } = replayTrip(trip);
      expect(monitor.snapshot(trip.endedAt).pathSource).toBe("stops");
      const offRoute = opened(transitions, "OFF_ROUTE");
      expect(offRoute, `seed ${seed}`).toHaveLength(1);
      // Measured as metres driven beyond closing on the stop (over 650 m, then held within 150 m
      // of that): there is no road to measure a distance from.
      expect(offRoute[0]?.detail.detourMeters, `seed ${seed}`).toBeGreaterThan(500);
      expect(offRoute[0]?.detail.distanceMeters).toBeUndefined();
      expect((offRoute[0]?.at ?? 0) - (conditionAt ?? 0), `seed ${seed}`).toBeLessThanOrEqual(6 * MINUTE);
      expect(offRoute[0]?.evidence.length).toBeGreaterThanOrEqual(3);
      // It closes (back on the way, or at the end of the trip), and nothing else opens.
      expect(transitions.filter((t) => t.action === "close" && t.type === "OFF_ROUTE")).toHaveLength(1);
      expect(opened(transitions).filter((t) => t.type !== "OFF_ROUTE" && t.type !== "LATE")).toEqual([]);
    }
  });

  it.each(ROADS)("clean trips raise neither «Fuera de ruta» nor «Parada omitida» (%s)", (road) => {
    for (const seed of SEEDS) {
      const route = generateRoute(3000 + seed, { road });
      const clean = simulateTrip(route, { seed });
      expect(clean.truth).toEqual([]);
      const types = opened(replayTrip(clean).transitions).map((t) => t.type);
      expect(
        types.filter((type) => type === "OFF_ROUTE" || type === "SKIPPED_STOP"),
        `seed ${seed}`,
      ).toEqual([]);
      // Positions out of order, twice or 20 min late change nothing.
      const disordered = simulateTrip(route, { seed, disorder: true });
      expect(opened(replayTrip(disordered).transitions, "OFF_ROUTE"), `seed ${seed}`).toEqual([]);
    }
  });

  it("the streets are not the straight line: their legs stray hundreds of metres from it", () => {
    let farthest = 0;
    for (const seed of SEEDS) {
      const { roadX, roadY, roadCum, roadStops } = generateRoute(3000 + seed, { road: "streets" });
      const vertex = (meters: number) => Array.from(roadCum).indexOf(meters);
      for (let k = 0; k + 1 < roadStops.length; k++) {
        const a = vertex(roadStops[k]!);
        const b = vertex(roadStops[k + 1]!);
        const dx = roadX[b]! - roadX[a]!;
        const dy = roadY[b]! - roadY[a]!;
        const length = Math.hypot(dx, dy);
        for (let i = a; i <= b; i++) {
          // Distance of the road point from the straight leg between the two stops.
          const off = Math.abs((roadX[i]! - roadX[a]!) * dy - (roadY[i]! - roadY[a]!) * dx) / length;
          farthest = Math.max(farthest, off);
        }
      }
    }
    expect(farthest).toBeGreaterThan(200);
  });
});

/** The trip as if no rider scanned: only the positions can say the bus stopped. */
const unscanned = (trip: SimulatedTrip): SimulatedTrip => ({
  ...trip,
  deliveries: trip.deliveries.filter((delivery) => delivery.event.kind !== "boarding"),
});

describe("stopped at a stop: slow near it for a total time", () => {
  it("counts 25–35 s stops sampled every 5–10 s, with nobody scanning, far more often than one run of fixes did", () => {
    let stops = 0;
    let counted = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const route = generateRoute(4000 + seed, { road: "streets" });
      const trip = unscanned(simulateTrip(route, { seed, stopSeconds: [25, 35] }));
      const skipped = new Set(opened(replayTrip(trip).transitions, "SKIPPED_STOP").map((t) => t.stopIndex));
      // The first stop is where the trip starts; the others are driven to.
      for (let k = 1; k < route.plan.stops.length; k++) {
        stops++;
        if (!skipped.has(k)) counted++;
      }
    }
    // Measured: ~95 % (the rule of decision 0051, 30 s of positions in one run: ~55 %).
    expect(counted / stops).toBeGreaterThan(0.9);
  });

  it("a stop driven through is still skipped", () => {
    for (const seed of SEEDS) {
      const route = generateRoute(3000 + seed, { road: "streets" });
      const trip = simulateTrip(route, { seed, faults: ["skip"] });
      const truth = trip.truth[0];
      expect(truth?.conditionAt, `seed ${seed}`).not.toBeNull();
      const skipped = opened(replayTrip(trip).transitions, "SKIPPED_STOP");
      expect(
        skipped.map((t) => t.stopIndex),
        `seed ${seed}`,
      ).toEqual([truth?.stopIndex]);
    }
  });
});
