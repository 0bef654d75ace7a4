import { describe, expect, it } from "vitest";
import { compilePath } from "./compile-path.js";
import { emptyMatch } from "./planned-path.js";
import { geo, handPlan, projection } from "./test-support/hand-trip.js";

// Out to B (3 km east) and back on the same road to the workplace 500 m from the start.
const outAndBack = [
  [0, 0],
  [3000, 0],
  [500, 0],
] as const;

const matchAt = (current: number, x: number, y = 0) => {
  const plan = handPlan(outAndBack, [{ at: [0, 0] }, { at: [3000, 0] }]);
  const path = compilePath(plan);
  if (!path) throw new Error("no path");
  const m = path.match(
    projection.x(geo(x, y).longitude),
    projection.y(geo(x, y).latitude),
    current,
    current - 50,
    current + 900,
    200,
    emptyMatch(),
  );
  return m;
};

describe("PlannedPath: matching by progress", () => {
  it("on a road driven out and back, keeps to the outbound pass until the bus turns", () => {
    // 400 m before B, heading out: the return pass (progress 3400) is as near but further on.
    expect(matchAt(2400, 2600).progress).toBeCloseTo(2600, 0);
    expect(matchAt(2900, 2950, 10).progress).toBeCloseTo(2950, 0);
  });

  it("after the turn, follows the return pass (never back to the outbound one)", () => {
    expect(matchAt(3050, 2900).progress).toBeCloseTo(3100, 0);
    expect(matchAt(3300, 2600).progress).toBeCloseTo(3400, 0);
  });

  it("places the stops and the workplace of a trace in order, on the pass that fits the order", () => {
    const plan = handPlan(outAndBack, [{ at: [0, 0] }, { at: [3000, 0] }, { at: [1000, 0] }]);
    const path = compilePath(plan);
    expect(path?.source).toBe("trace");
    // The third stop is on the way back (5 km along), not on the way out (1 km).
    expect(Array.from(path?.stopProgress ?? [], Math.round)).toEqual([0, 3000, 5000]);
    expect(Math.round(path?.workplaceProgress ?? 0)).toBe(5500);
  });

  it("falls back to the line through the stops when a stop is far from the trace", () => {
    const plan = handPlan(outAndBack, [{ at: [0, 0] }, { at: [3000, 800] }]);
    const path = compilePath(plan);
    expect(path?.source).toBe("stops");
    expect(path?.length).toBeGreaterThan(3000);
  });

  it("gives the line through the stops a slack that grows with each leg (roads are longer than lines)", () => {
    const plan = handPlan(outAndBack, [{ at: [0, 0] }, { at: [3000, 0] }], { trace: false });
    const path = compilePath(plan);
    expect(path?.source).toBe("stops");
    // (3,000 m / 2) × √(1.35² − 1)
    expect(path?.slack[0]).toBeCloseTo(1500 * Math.sqrt(1.35 ** 2 - 1), 0);
  });

  it("has no path for a trip without stops", () => {
    expect(compilePath({ ...handPlan(outAndBack, []), stops: [] })).toBeNull();
  });
});
