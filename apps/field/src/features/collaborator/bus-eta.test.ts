import { describe, expect, it } from "vitest";
import {
  estimateEta,
  etaTarget,
  etaTo,
  FALLBACK_SPEED_KMH,
  recentSpeedKmh,
  stopEtaSentence,
  type TimedPosition,
} from "./bus-eta";

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

describe("ETA to the rider's stop", () => {
  const stop = { name: "Los Prados", latitude: 18.4831, longitude: -69.9467, plannedTime: "06:42" };
  const phone = { latitude: 18.47, longitude: -69.9 };

  it("measures to the rider's stop when they have one, else to the rider, else nothing", () => {
    expect(etaTarget(stop, phone, "su ubicación actual")).toEqual({
      kind: "stop",
      point: { latitude: 18.4831, longitude: -69.9467 },
      name: "Los Prados",
      plannedTime: "06:42",
    });
    expect(etaTarget(null, phone, "su casa")).toEqual({ kind: "me", point: phone, label: "su casa" });
    expect(etaTarget(null, null, "su casa")).toBeNull();
  });

  it("is the distance from the bus's newest position to the stop over the bus's speed", () => {
    // 100 m every 10 s (36 km/h) going north; the stop 6 km north of the newest position.
    const trail = path(6, 100, 10_000);
    const newest = trail.at(-1) as TimedPosition;
    const target = etaTarget(
      { ...stop, latitude: newest.latitude + 6000 / 111_195, longitude: newest.longitude },
      phone,
      "su ubicación actual",
    );
    const result = etaTo([...trail].reverse(), target);
    expect(result?.distanceMeters).toBeCloseTo(6000, -1);
    expect(result?.eta).toEqual({ minutes: 10, speedKmh: 36, measured: true });
    expect(stopEtaSentence(result?.eta ?? { minutes: 0 }, "06:42")).toBe(
      "Llega a su parada en ~10 min · planificada 06:42",
    );
  });

  it("has no ETA before the bus sends a position or without a target", () => {
    expect(etaTo([], etaTarget(stop, null, "su casa"))).toBeNull();
    expect(etaTo(path(3, 100, 10_000), null)).toBeNull();
  });
});
