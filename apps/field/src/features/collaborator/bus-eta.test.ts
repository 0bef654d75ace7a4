import { describe, expect, it } from "vitest";
import { estimateEta, FALLBACK_SPEED_KMH, recentSpeedKmh, type TimedPosition } from "./bus-eta";

/** Positions going north, `metersPerStep` apart, every `msPerStep`. */
function path(steps: number, metersPerStep: number, msPerStep: number, start = 0): TimedPosition[] {
  const degreesPerMeter = 1 / 111_195;
  return Array.from({ length: steps }, (_, i) => ({
    latitude: 18.4 + i * metersPerStep * degreesPerMeter,
    longitude: -69.9,
    at: start + i * msPerStep,
  }));
}

describe("bus ETA", () => {
  it("measures the recent average speed", () => {
    // 100 m every 10 s = 36 km/h
    expect(recentSpeedKmh(path(6, 100, 10_000))).toBeCloseTo(36, 0);
  });

  it("has no speed with fewer than two positions or too short a span", () => {
    expect(recentSpeedKmh([])).toBeNull();
    expect(recentSpeedKmh(path(1, 100, 10_000))).toBeNull();
    expect(recentSpeedKmh(path(2, 10, 1_000))).toBeNull();
  });

  it("only averages the last positions of the last 5 minutes", () => {
    const old = path(3, 1000, 10_000, 0); // very fast, long ago
    const recent = path(5, 100, 10_000, 20 * 60_000).map((p) => ({ ...p, latitude: p.latitude + 1 }));
    expect(recentSpeedKmh([...old, ...recent])).toBeCloseTo(36, 0);
  });

  it("divides the straight-line distance by the measured speed", () => {
    const eta = estimateEta(6000, path(6, 100, 10_000));
    expect(eta).toEqual({ minutes: 10, speedKmh: 36, measured: true });
  });

  it("falls back to 25 km/h when unknown or stopped", () => {
    expect(estimateEta(5000, [])).toEqual({ minutes: 12, speedKmh: FALLBACK_SPEED_KMH, measured: false });
    const stopped = path(6, 1, 10_000);
    expect(estimateEta(5000, stopped).measured).toBe(false);
  });

  it("caps GPS jumps at 90 km/h and never says 0 min", () => {
    expect(estimateEta(9000, path(3, 5000, 10_000)).speedKmh).toBe(90);
    expect(estimateEta(10, path(6, 100, 10_000)).minutes).toBe(1);
  });
});
