import type { PlanPoint } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { cheapestInsertionIndex, insertionCost } from "./cheapest-insertion";

/** Points on a north–south line, `km` north of the workplace (1 km ≈ 0.008993° of latitude). */
const north = (km: number): PlanPoint => ({ latitude: 18.45 + km * 0.008993, longitude: -69.95 });
const workplace = north(0);

describe("cheapestInsertionIndex", () => {
  it("inbound: puts a stop between the two it lies between on the way to the workplace", () => {
    // The bus drives 9 → 6 → 3 km north, then to the workplace.
    const stops = [north(9), north(6), north(3)];
    expect(cheapestInsertionIndex(stops, north(7.5), "inbound", workplace)).toBe(1);
    expect(cheapestInsertionIndex(stops, north(4), "inbound", workplace)).toBe(2);
    // Closer to the workplace than every stop: last, just before the workplace.
    expect(cheapestInsertionIndex(stops, north(1), "inbound", workplace)).toBe(3);
    // Farther than every stop: the new first pickup (adds only the leg to the old first).
    expect(cheapestInsertionIndex(stops, north(12), "inbound", workplace)).toBe(0);
  });

  it("outbound: starts at the workplace and may end the route at the new stop", () => {
    // The bus leaves the workplace and drives 3 → 6 → 9 km north.
    const stops = [north(3), north(6), north(9)];
    expect(cheapestInsertionIndex(stops, north(1), "outbound", workplace)).toBe(0);
    expect(cheapestInsertionIndex(stops, north(4.5), "outbound", workplace)).toBe(1);
    expect(cheapestInsertionIndex(stops, north(12), "outbound", workplace)).toBe(3);
  });

  it("an empty route takes the stop as its only one", () => {
    expect(cheapestInsertionIndex([], north(5), "inbound", workplace)).toBe(0);
    expect(cheapestInsertionIndex([], north(5), "outbound", workplace)).toBe(0);
    expect(insertionCost([], north(5), 0, "inbound", workplace)).toBeCloseTo(5, 1);
  });

  it("adds no km for a stop on the way, and the detour otherwise", () => {
    const stops = [north(9), north(3)];
    expect(insertionCost(stops, north(6), 1, "inbound", workplace)).toBeCloseTo(0, 6);
    // 6 km north but 4 km east: a detour of 2 × (√(3²+4²) − 3) = 4 km.
    const east: PlanPoint = {
      latitude: north(6).latitude,
      longitude: -69.95 + 4 / (111.19 * Math.cos((18.504 * Math.PI) / 180)),
    };
    expect(insertionCost(stops, east, 1, "inbound", workplace)).toBeCloseTo(4, 1);
  });
});
