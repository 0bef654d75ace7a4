import { describe, expect, it } from "vitest";
import {
  drivingMinutes,
  MOVING_SETTINGS,
  movingFigures,
  shiftTravelModel,
  straightKm,
  type TimedPoint,
  TRAVEL_DEFAULTS,
  travel,
} from "./travel-model.js";

const origin = { latitude: 18.47, longitude: -69.93 };
const METERS_PER_DEGREE = 111_195;
/** A point `meters` north of the origin, nudged east by `eastMeters` (GPS noise). */
const north = (meters: number, eastMeters = 0) => ({
  latitude: origin.latitude + meters / METERS_PER_DEGREE,
  longitude:
    origin.longitude + eastMeters / (METERS_PER_DEGREE * Math.cos((origin.latitude * Math.PI) / 180)),
});
/** Deterministic noise in [−amplitude, amplitude] metres. */
const noise = (i: number, amplitude: number) => Math.sin(i * 12.9898) * amplitude;

/**
 * A bus along a straight road, one fix every 5 s with ±12 m of noise: `plan` is a list of legs,
 * each driving `meters` at `kmh` or standing `seconds` where it is.
 */
function drive(plan: ({ meters: number; kmh: number } | { seconds: number })[]): TimedPoint[] {
  const points: TimedPoint[] = [];
  let at = 0;
  let position = 0;
  const fix = () => {
    const i = points.length;
    points.push({ ...north(position + noise(i, 12), noise(i + 7, 12)), at });
  };
  fix();
  for (const leg of plan) {
    const seconds = "seconds" in leg ? leg.seconds : leg.meters / (leg.kmh / 3.6);
    const speed = "seconds" in leg ? 0 : leg.kmh / 3.6;
    for (let t = 5; t <= seconds + 1e-9; t += 5) {
      at += 5_000;
      position += speed * 5;
      fix();
    }
  }
  return points;
}

describe("the travel model (decision 0058)", () => {
  it("drives straight km × circuity at the moving speed", () => {
    expect(drivingMinutes(10, 30)).toBe(20);
    const leg = travel(origin, north(10_000), { speedKmh: 30, circuity: 1.5 });
    expect(straightKm(origin, north(10_000))).toBeCloseTo(10, 3);
    expect(leg.km).toBeCloseTo(15, 2);
    expect(leg.minutes).toBeCloseTo(30, 1);
  });

  it("takes the shift's override, else the calibrated value of its hour, else the default, and says which", () => {
    const calibration = {
      minTrips: 5,
      peakSpeedKmh: 18,
      offPeakSpeedKmh: TRAVEL_DEFAULTS.offPeakSpeedKmh,
      circuity: 1.4,
      peakTrips: 9,
      offPeakTrips: 2,
      circuityTrips: 9,
    };
    expect(shiftTravelModel({ time: "07:00" }, calibration)).toEqual({
      peak: true,
      speedKmh: 18,
      circuity: 1.4,
      speedSource: "calibrated",
      circuitySource: "calibrated",
    });
    expect(shiftTravelModel({ time: "11:00" }, calibration)).toMatchObject({
      peak: false,
      speedKmh: TRAVEL_DEFAULTS.offPeakSpeedKmh,
      speedSource: "default",
    });
    expect(
      shiftTravelModel({ time: "07:00", travelSpeedKmh: 25, travelCircuity: null }, calibration),
    ).toMatchObject({ speedKmh: 25, speedSource: "override", circuity: 1.4, circuitySource: "calibrated" });
  });
});

describe("movingFigures: the moving speed of a trace", () => {
  it("a bus driving without stopping moves the whole time", () => {
    const { km, seconds } = movingFigures(drive([{ meters: 6000, kmh: 30 }]), []);
    expect(seconds).toBeCloseTo(720, -1);
    // Noise adds a little to the km of each fix, never much at 40 m a fix.
    expect((km / seconds) * 3600).toBeGreaterThan(29);
    expect((km / seconds) * 3600).toBeLessThan(36);
  });

  it("leaves out the wait before starting, the dwell at the stops and the wait at the end", () => {
    const stopA = north(2000);
    const stopB = north(4000);
    const trace = drive([
      { seconds: 300 },
      { meters: 2000, kmh: 30 },
      { seconds: 120 },
      { meters: 2000, kmh: 30 },
      { seconds: 240 },
      { meters: 2000, kmh: 30 },
      { seconds: 180 },
    ]);
    const whole = (trace.at(-1)?.at ?? 0) / 1000;
    expect(whole).toBeCloseTo(300 + 720 + 120 + 240 + 180, -1);
    const { km, seconds } = movingFigures(trace, [stopA, stopB]);
    const kmh = (km / seconds) * 3600;
    // The average over the whole trace would be 6 km in 26 min (≈ 14 km/h); moving it is 30.
    expect(kmh).toBeGreaterThan(28);
    expect(kmh).toBeLessThan(36);
    expect(seconds).toBeLessThan(720 + 60);
    // Standing noise is not road: the km are about the 6 driven.
    expect(km).toBeGreaterThan(5.9);
    expect(km).toBeLessThan(6.8);
  });

  it("counts a short stand away from the stops (a light, traffic) as time on the road, without km", () => {
    const trace = drive([{ meters: 2000, kmh: 30 }, { seconds: 60 }, { meters: 2000, kmh: 30 }]);
    const { km, seconds } = movingFigures(trace, []);
    expect(seconds).toBeCloseTo(480 + 60, -1);
    expect(km).toBeLessThan(4.5);
    // The same stand at a stop is dwell.
    expect(movingFigures(trace, [north(2000)]).seconds).toBeLessThan(480 + 20);
  });

  it("a long stand anywhere is dwell, and a silence longer than maxGapSeconds counts for nothing", () => {
    const waited = drive([{ meters: 2000, kmh: 30 }, { seconds: 600 }, { meters: 2000, kmh: 30 }]);
    expect(movingFigures(waited, []).seconds).toBeLessThan(480 + 20);
    const silent: TimedPoint[] = [
      { ...north(0), at: 0 },
      { ...north(200), at: 24_000 },
      { ...north(5000), at: 24_000 + (MOVING_SETTINGS.maxGapSeconds + 1) * 1000 },
    ];
    expect(movingFigures(silent, [])).toEqual({ km: expect.closeTo(0.2, 3), seconds: 24 });
  });

  it("measures nothing from fewer than two positions", () => {
    expect(movingFigures([], [])).toEqual({ km: 0, seconds: 0 });
    expect(movingFigures([{ ...origin, at: 0 }], [])).toEqual({ km: 0, seconds: 0 });
  });
});

describe("movingFigures with a fix every second", () => {
  /** One fix a second along a straight road at `kmh`, ±8 m of noise. */
  const everySecond = (kmh: number, seconds: number) =>
    Array.from({ length: seconds + 1 }, (_, i) => ({
      ...north((kmh / 3.6) * i + noise(i, 8), noise(i + 3, 8)),
      at: i * 1000,
    }));

  it("slow traffic is driving, not standing: its km and time count", () => {
    const { km, seconds } = movingFigures(everySecond(10, 600), []);
    expect(seconds).toBeGreaterThan(590);
    expect((km / seconds) * 3600).toBeGreaterThan(9);
  });

  it("standing still is standing, whatever the noise", () => {
    const { km, seconds } = movingFigures(everySecond(0, 600), []);
    expect(km).toBe(0);
    expect(seconds).toBe(0);
  });
});
