import { describe, expect, it } from "vitest";
import { BACKOFF_CAP_MS, backoffDelay } from "./backoff-delay";

describe("backoffDelay", () => {
  it("waits 1 s, then 2 s at most (a returning signal is used within seconds)", () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([
      1_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000,
    ]);
  });

  it("jitters between half and all of the wait", () => {
    expect(backoffDelay(2, () => 0)).toBe(1_000);
    expect(backoffDelay(2, () => 0.5)).toBe(1_500);
    expect(backoffDelay(30, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });
});
