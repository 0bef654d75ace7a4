import { describe, expect, it } from "vitest";
import { percentile, percentileOfSorted } from "./percentile.js";

describe("percentile (nearest rank)", () => {
  it("takes the smallest sample with at least p % at or below it", () => {
    const oneToTen = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(percentile(oneToTen, 50)).toBe(5);
    expect(percentile(oneToTen, 95)).toBe(10);
    expect(percentile(oneToTen, 0)).toBe(1);
    expect(
      percentileOfSorted(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
  });

  it("is NaN without samples", () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
