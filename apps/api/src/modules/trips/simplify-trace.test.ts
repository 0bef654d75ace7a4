import type { TripSheetPoint } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { simplifyTrace } from "./simplify-trace.js";

describe("simplifyTrace", () => {
  it("returns a short trace as is", () => {
    const trace: TripSheetPoint[] = [
      [18.4, -69.9],
      [18.41, -69.91],
    ];
    expect(simplifyTrace(trace, 2_000)).toBe(trace);
  });

  it("keeps at most max points, the ends and the corners, in order", () => {
    // An L: 3,000 points north, then 3,000 east; the corner is the point that matters most.
    const trace: TripSheetPoint[] = [
      ...Array.from({ length: 3_000 }, (_, i): TripSheetPoint => [18 + i * 1e-5, -70]),
      ...Array.from({ length: 3_000 }, (_, i): TripSheetPoint => [18 + 2_999e-5, -70 + (i + 1) * 1e-5]),
    ];
    const simplified = simplifyTrace(trace, 2_000);
    expect(simplified).toHaveLength(2_000);
    expect(simplified[0]).toEqual(trace[0]);
    expect(simplified.at(-1)).toEqual(trace.at(-1));
    expect(simplified).toContainEqual(trace[2_999]);
    const order = simplified.map((point) => trace.indexOf(point));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(simplifyTrace(trace, 3)).toEqual([trace[0], trace[2_999], trace.at(-1)]);
  });
});
