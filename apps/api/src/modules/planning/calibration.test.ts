import { MIN_CALIBRATION_TRIPS, PLANNING_DEFAULTS, straightKm } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { branchOfficeTime } from "../../lib/branch-office-time.js";
import {
  type CalibrationTrip,
  calibrate,
  measureTrip,
  median,
  straightChainKm,
  type TripMeasure,
} from "./calibration.js";

/** Branch offices on UTC−4 (Santo Domingo) and on UTC. */
const UTC_MINUS_4 = branchOfficeTime(() => 240);
const UTC = branchOfficeTime(() => 0);

const workplace = { latitude: 18.4697, longitude: -69.9386 };
/** A point `km` straight north of the workplace (1° of latitude ≈ 111.19 km). */
const north = (km: number) => ({
  latitude: workplace.latitude + km / 111.195,
  longitude: workplace.longitude,
});

function trip(
  values: Partial<CalibrationTrip> & { minutes?: number; startUtc?: string } = {},
): CalibrationTrip {
  const { minutes = 30, startUtc = "11:00", ...rest } = values;
  const startedAt = new Date(`2025-03-03T${startUtc}:00Z`);
  return {
    km: 10,
    movingKm: rest.km ?? 10,
    movingSeconds: minutes * 60,
    startedAt,
    boardings: [north(6), north(5)],
    destination: workplace,
    ...rest,
  };
}

describe("measureTrip", () => {
  it("speed is moving km ÷ moving hours; circuity is moving km ÷ the straight chain of boardings to the destination", () => {
    const measure = measureTrip(trip({ km: 12, minutes: 30 }), UTC_MINUS_4);
    expect(measure?.speedKmh).toBeCloseTo(24, 6);
    const straight = straightChainKm([north(6), north(5)], workplace);
    expect(straight).toBeCloseTo(6, 2);
    expect(measure?.circuity).toBeCloseTo(12 / straight, 6);
  });

  it("leaves the dwell out: a trip that stood 40 of its 70 minutes drove at its moving speed, not the average", () => {
    // 12.4 km of trace (0.4 km of it GPS noise while standing), 12 km driven in 30 min.
    const measure = measureTrip(trip({ km: 12.4, movingKm: 12, movingSeconds: 30 * 60 }), UTC);
    expect(measure?.speedKmh).toBeCloseTo(24, 6);
    expect(measure?.circuity).toBeCloseTo(12 / straightChainKm([north(6), north(5)], workplace), 6);
  });

  it("has no speed when the moving figures were not measured (an old trace): its circuity is from the trace km", () => {
    const measure = measureTrip(trip({ km: 12, movingKm: null, movingSeconds: null }), UTC);
    expect(measure?.speedKmh).toBeNull();
    expect(measure?.circuity).toBeCloseTo(12 / straightChainKm([north(6), north(5)], workplace), 6);
    expect(measureTrip(trip({ movingKm: 0, movingSeconds: 0 }), UTC)?.speedKmh).toBeNull();
  });

  it("splits peak and off-peak by the start hour on the branch offices' clock", () => {
    // 11:00Z is 07:00 in UTC-4 (peak) and 11:00 in UTC (off-peak).
    expect(measureTrip(trip({ startUtc: "11:00" }), UTC_MINUS_4)?.peak).toBe(true);
    expect(measureTrip(trip({ startUtc: "11:00" }), UTC)?.peak).toBe(false);
    // 02:30Z is 22:30 the day before in UTC-4: off-peak.
    expect(measureTrip(trip({ startUtc: "02:30" }), UTC_MINUS_4)?.peak).toBe(false);
  });

  it("skips circuity when the boardings lie within 1 km of the destination, or there are none", () => {
    expect(measureTrip(trip({ boardings: [north(0.3), north(0.2)] }), UTC)?.circuity).toBeNull();
    expect(measureTrip(trip({ boardings: [] }), UTC)?.circuity).toBeNull();
    expect(measureTrip(trip({ destination: null }), UTC)?.circuity).toBeNull();
  });

  it("measures nothing without km", () => {
    expect(measureTrip(trip({ km: 0 }), UTC)).toBeUndefined();
  });
});

describe("calibrate", () => {
  const measures = (speeds: number[], peak: boolean, circuity: number | null = null): TripMeasure[] =>
    speeds.map((speedKmh) => ({ speedKmh, peak, circuity }));

  it("uses each value's median once it has MIN_CALIBRATION_TRIPS trips of its own, else the default", () => {
    expect(MIN_CALIBRATION_TRIPS).toBe(5);
    const calibration = calibrate([
      ...measures([10, 20, 30, 40, 50], true, 1.4),
      ...measures([25, 35, 45, 55], false, 1.6),
    ]);
    expect(calibration).toMatchObject({
      trips: 9,
      minTrips: 5,
      calibrated: true,
      peakSpeedKmh: 30,
      offPeakSpeedKmh: PLANNING_DEFAULTS.offPeakSpeedKmh,
      circuity: 1.4,
      peakTrips: 5,
      offPeakTrips: 4,
      circuityTrips: 9,
    });
  });

  it("counts only trips with a moving speed for the speeds, every trip with one for the circuity", () => {
    const calibration = calibrate([
      ...measures([30, 30, 30, 30, 30], true, 1.5),
      { speedKmh: null, peak: true, circuity: 1.5 },
    ]);
    expect(calibration).toMatchObject({ trips: 6, peakTrips: 5, peakSpeedKmh: 30, circuityTrips: 6 });
  });

  it("is the defaults, not calibrated, with fewer trips", () => {
    const calibration = calibrate(measures([20, 20, 20, 20], true, 1.2));
    expect(calibration).toMatchObject({
      trips: 4,
      calibrated: false,
      peakSpeedKmh: PLANNING_DEFAULTS.peakSpeedKmh,
      offPeakSpeedKmh: PLANNING_DEFAULTS.offPeakSpeedKmh,
      circuity: PLANNING_DEFAULTS.circuity,
    });
  });

  it("clamps medians to plausible ranges: speed 8–80 km/h, circuity 1.0–2.5", () => {
    const fast = calibrate(measures([120, 130, 140, 150, 160], false, 3.2));
    expect(fast.offPeakSpeedKmh).toBe(80);
    expect(fast.circuity).toBe(2.5);
    const slow = calibrate(measures([1, 2, 3, 4, 5], true, 0.5));
    expect(slow.peakSpeedKmh).toBe(8);
    expect(slow.circuity).toBe(1);
    // The medians before the clamp say it applied; null where the default stands.
    expect(slow).toMatchObject({ peakSpeedMedianKmh: 3, circuityMedian: 0.5, offPeakSpeedMedianKmh: null });
    expect(calibrate(measures([20, 21, 22, 23, 24], true)).peakSpeedMedianKmh).toBe(22);
  });

  it("median of an even count is the mean of the middle two", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(straightKm(workplace, north(10))).toBeCloseTo(10, 2);
  });
});
