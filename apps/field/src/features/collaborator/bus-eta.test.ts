import { scheduleStops, straightKm, TRAVEL_DEFAULTS, travel } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import {
  defaultEtaModel,
  type EtaModel,
  estimateEta,
  etaBasisSentence,
  etaModelOf,
  etaTarget,
  etaTo,
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

const model: EtaModel = { speedKmh: 30, circuity: 1.5, source: "calibrated" };

describe("bus ETA (one travel model, decision 0058)", () => {
  it("drives the straight km × circuity at the model's moving speed", () => {
    // 6 km straight × 1.5 = 9 km at 30 km/h = 18 min.
    const from = { latitude: 18.4, longitude: -69.9 };
    const to = { latitude: 18.4 + 6 / 111.195, longitude: -69.9 };
    expect(estimateEta(from, to, model)).toEqual({ minutes: 18, speedKmh: 30, source: "calibrated" });
    expect(estimateEta(from, from, model).minutes).toBe(1);
  });

  it("gives a leg the same minutes as the planner's planned times", () => {
    const workplace = { latitude: 18.47, longitude: -69.93 };
    const stop = { latitude: 18.52, longitude: -69.91 };
    // A speed that makes the leg exactly 12 min, so the planner's rounding cannot hide a difference.
    const exact: EtaModel = {
      speedKmh: (straightKm(workplace, stop) * 1.4 * 60) / 12,
      circuity: 1.4,
      source: "override",
    };
    const schedule = scheduleStops([stop], {
      direction: "outbound",
      shiftTime: "17:00",
      workplace,
      speedKmh: exact.speedKmh,
      circuity: exact.circuity,
      serviceMinutes: 2,
      maxRideMinutes: 60,
    });
    expect(schedule.stops[0]?.rideMinutes).toBe(12);
    expect(estimateEta(workplace, stop, exact).minutes).toBe(12);
    expect(travel(workplace, stop, exact).minutes).toBeCloseTo(12, 9);
  });

  it("takes the server's model, else the defaults of the hour", () => {
    expect(etaModelOf({ speedKmh: 18, circuity: 1.2, speedSource: "override" }, new Date())).toEqual({
      speedKmh: 18,
      circuity: 1.2,
      source: "override",
    });
    const peak = new Date(2026, 0, 5, 7, 30);
    const offPeak = new Date(2026, 0, 5, 11, 0);
    expect(etaModelOf(null, peak)).toEqual(defaultEtaModel(peak));
    expect(defaultEtaModel(peak)).toEqual({
      speedKmh: TRAVEL_DEFAULTS.peakSpeedKmh,
      circuity: TRAVEL_DEFAULTS.circuity,
      source: "default",
    });
    expect(defaultEtaModel(offPeak).speedKmh).toBe(TRAVEL_DEFAULTS.offPeakSpeedKmh);
  });

  it("says what the estimate rests on", () => {
    expect(etaBasisSentence({ speedKmh: 22, source: "default" })).toBe(
      "Estimado por calle a 22 km/h en movimiento (valor por defecto)",
    );
    expect(etaBasisSentence({ speedKmh: 24.5, source: "calibrated" })).toBe(
      "Estimado por calle a 24.5 km/h en movimiento (medida en los viajes de su sucursal)",
    );
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

  it("is from the bus's newest position to the stop, with the travel model", () => {
    // The stop 6 km north of the newest position: 9 km of road at 30 km/h.
    const trail = path(6, 100, 10_000);
    const newest = trail.at(-1) as TimedPosition;
    const target = etaTarget(
      { ...stop, latitude: newest.latitude + 6000 / 111_195, longitude: newest.longitude },
      phone,
      "su ubicación actual",
    );
    const result = etaTo([...trail].reverse(), target, model);
    expect(result?.distanceMeters).toBeCloseTo(6000, -1);
    expect(result?.eta).toEqual({ minutes: 18, speedKmh: 30, source: "calibrated" });
    expect(stopEtaSentence(result?.eta ?? { minutes: 0 }, "06:42")).toBe(
      "Llega a su parada en ~18 min · planificada 06:42",
    );
  });

  it("has no ETA before the bus sends a position or without a target", () => {
    expect(etaTo([], etaTarget(stop, null, "su casa"), model)).toBeNull();
    expect(etaTo(path(3, 100, 10_000), null, model)).toBeNull();
  });
});
