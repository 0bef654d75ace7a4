import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextCutoff, useCutoffClock } from "./use-cutoff-clock";

const MINUTE = 60_000;
const START = Date.parse("2026-11-30T08:00:00.000Z");
const CUTOFFS = ["2026-11-30T08:40:00.000Z", "2026-11-30T08:10:00.000Z", "2026-11-29T08:40:00.000Z"];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the clock of «Mis viajes»", () => {
  it("names the earliest cut-off still ahead", () => {
    expect(nextCutoff(CUTOFFS, START)).toBe(START + 10 * MINUTE);
    expect(nextCutoff(CUTOFFS, START + 10 * MINUTE)).toBe(START + 40 * MINUTE);
    expect(nextCutoff(CUTOFFS, START + 40 * MINUTE)).toBeNull();
  });

  it("reads the phone's time again at each cut-off, so a screen left open re-renders then", () => {
    vi.useFakeTimers({ now: START, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { result } = renderHook(() => useCutoffClock(CUTOFFS, Date.now));
    expect(result.current).toBe(START);
    act(() => vi.advanceTimersByTime(10 * MINUTE - 1));
    expect(result.current).toBe(START);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(START + 10 * MINUTE);
    act(() => vi.advanceTimersByTime(30 * MINUTE));
    expect(result.current).toBe(START + 40 * MINUTE);
    // No cut-off ahead: no timer left.
    expect(vi.getTimerCount()).toBe(0);
  });
});
