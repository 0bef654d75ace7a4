import { describe, expect, it } from "vitest";
import { BACKOFF_CAP_MS, backoffDelay } from "./backoff-delay";

describe("backoffDelay", () => {
  it("doubles from 1 s and caps at 5 s (a returning signal is used within seconds)", () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000, 5_000, 5_000,
    ]);
  });

  it("jitters between half and all of the wait", () => {
    expect(backoffDelay(3, () => 0)).toBe(2_000);
    expect(backoffDelay(3, () => 0.5)).toBe(3_000);
    expect(backoffDelay(30, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });
});
