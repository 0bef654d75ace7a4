import { arrivalViaStops, scheduleStops, straightKm, TRAVEL_DEFAULTS, travel } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import {
  defaultEtaModel,
  type EtaModel,
  estimateEta,
  etaBasisSentence,
  etaModelOf,
  etaTarget,
  etaTo,
  PASSED_STOP_METERS,
  stopEtaSentence,
  stopsStillAhead,
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

const model: EtaModel = { speedKmh: 30, circuity: 1.5, serviceMinutes: 2, source: "calibrated" };

describe("bus ETA (one travel model, decision 0058)", () => {
  it("drives the straight km × circuity at the model's moving speed", () => {
    // 6 km straight × 1.5 = 9 km at 30 km/h = 18 min.
    const from = { latitude: 18.4, longitude: -69.9 };
    const to = { latitude: 18.4 + 6 / 111.195, longitude: -69.9 };
    expect(estimateEta(from, [to], model)).toEqual({
      minutes: 18,
      speedKmh: 30,
      source: "calibrated",
      stopsOnTheWay: 0,
    });
    expect(estimateEta(from, [from], model).minutes).toBe(1);
  });

  it("gives a leg the same minutes as the planner's planned times", () => {
    const workplace = { latitude: 18.47, longitude: -69.93 };
    const stop = { latitude: 18.52, longitude: -69.91 };
    // A speed that makes the leg exactly 12 min, so the planner's rounding cannot hide a difference.
    const exact: EtaModel = {
      speedKmh: (straightKm(workplace, stop) * 1.4 * 60) / 12,
      circuity: 1.4,
      serviceMinutes: 2,
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
    expect(estimateEta(workplace, [stop], exact).minutes).toBe(12);
    expect(travel(workplace, stop, exact).minutes).toBeCloseTo(12, 9);
  });

  it("takes the server's model, else the defaults of the hour", () => {
    expect(
      etaModelOf({ speedKmh: 18, circuity: 1.2, serviceMinutes: 3, speedSource: "override" }, new Date()),
    ).toEqual({ speedKmh: 18, circuity: 1.2, serviceMinutes: 3, source: "override" });
    const peak = new Date(2026, 0, 5, 7, 30);
    const offPeak = new Date(2026, 0, 5, 11, 0);
    expect(etaModelOf(null, peak)).toEqual(defaultEtaModel(peak));
    expect(defaultEtaModel(peak)).toEqual({
      speedKmh: TRAVEL_DEFAULTS.peakSpeedKmh,
      circuity: TRAVEL_DEFAULTS.circuity,
      serviceMinutes: TRAVEL_DEFAULTS.serviceMinutes,
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
    expect(result?.eta).toEqual({ minutes: 18, speedKmh: 30, source: "calibrated", stopsOnTheWay: 0 });
    expect(stopEtaSentence(result?.eta ?? { minutes: 0 }, "06:42")).toBe(
      "Llega a su parada en ~18 min · planificada 06:42",
    );
  });

  it("has no ETA before the bus sends a position or without a target", () => {
    expect(etaTo([], etaTarget(stop, null, "su casa"), model)).toBeNull();
    expect(etaTo(path(3, 100, 10_000), null, model)).toBeNull();
  });
});

describe("ETA through the stops still ahead (decision 0067)", () => {
  const degreesPerMeter = 1 / 111_195;
  const at = (northMeters: number, eastMeters = 0) => ({
    latitude: 18.4 + northMeters * degreesPerMeter,
    longitude: -69.9 + eastMeters * degreesPerMeter * 1.05,
  });
  const mine = { name: "Los Prados", ...at(3000), plannedTime: "06:42" };
  // Two stops before the rider's, off to the east: the bus goes there first.
  const before = [at(1000, 1500), at(2000, 1500)];

  it("goes via the stops the bus has not passed, with their service: the very minutes of arrivalViaStops", () => {
    const trail = path(4, 100, 10_000);
    const newest = trail.at(-1) as TimedPosition;
    const target = etaTarget(mine, null, "su casa");
    const result = etaTo(trail, target, model, before);
    const expected = arrivalViaStops(newest, [...before, at(3000)], model).minutes;
    expect(result?.eta).toEqual({
      minutes: Math.round(expected),
      speedKmh: 30,
      source: "calibrated",
      stopsOnTheWay: 2,
    });
    // Straight to the stop it would be about 3 km × 1.5 at 30 km/h = 9 min; via the two stops, more.
    expect(result?.eta.minutes).toBeGreaterThan(9 + 2 * 2);
    expect(etaBasisSentence(result?.eta ?? { speedKmh: 0, source: "default" })).toBe(
      "Estimado por calle a 30 km/h en movimiento (medida en los viajes de su sucursal), pasando por 2 paradas antes de la suya",
    );
  });

  it("leaves out the stops the trail already reached", () => {
    const reachedFirst: TimedPosition[] = [
      { ...at(1000, 1500 - PASSED_STOP_METERS / 2), at: 0 },
      { ...at(1500, 1500), at: 60_000 },
    ];
    expect(stopsStillAhead(reachedFirst, before)).toEqual([before[1]]);
    expect(stopsStillAhead([at(2000, 1500)], before)).toEqual([]);
    expect(stopsStillAhead(path(3, 100, 10_000), before)).toEqual(before);
    const result = etaTo(reachedFirst, etaTarget(mine, null, "su casa"), model, before);
    expect(result?.eta.stopsOnTheWay).toBe(1);
    expect(result?.eta.minutes).toBe(
      Math.round(arrivalViaStops(at(1500, 1500), [before[1] as TimedPosition, at(3000)], model).minutes),
    );
  });

  it("to the rider themself (no stop of theirs) it stays straight", () => {
    const trail = path(2, 100, 10_000);
    const me = at(3000);
    const result = etaTo(trail, etaTarget(null, me, "su casa"), model, before);
    expect(result?.eta.stopsOnTheWay).toBe(0);
    expect(result?.eta.minutes).toBe(Math.round(travel(trail.at(-1) as TimedPosition, me, model).minutes));
  });
});
