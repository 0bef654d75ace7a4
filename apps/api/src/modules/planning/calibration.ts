import {
  type Calibration,
  CIRCUITY_RANGE,
  isPeak,
  MIN_CALIBRATION_TRIPS,
  PLANNING_DEFAULTS,
  type PlanPoint,
  SPEED_RANGE_KMH,
  straightKm,
} from "@treiber/contract";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";

/** A chain of boardings shorter than this says nothing about the roads (everyone boarded at one place). */
export const MIN_STRAIGHT_CHAIN_KM = 1;

/** A finished trip as the calibration reads it. */
export type CalibrationTrip = {
  /** Road km of the trip's compact trace (every position, the standing ones' GPS noise included). */
  km: number;
  /**
   * Km and seconds of driving without the dwell (`movingFigures`, decision 0058); null when the
   * trace was compacted before they existed and was not measured.
   */
  movingKm: number | null;
  movingSeconds: number | null;
  startedAt: Date;
  /** Where riders boarded, in time order. */
  boardings: PlanPoint[];
  /** The route's destination (the workplace); null when it has no coordinates. */
  destination: PlanPoint | null;
};

/**
 * What one trip says: its moving speed (null: not measured), whether it started in the peak hours,
 * and its circuity (if measurable).
 */
export type TripMeasure = { speedKmh: number | null; peak: boolean; circuity: number | null };

/** Straight km from the first boarding through the others (in order) to the destination. */
export function straightChainKm(boardings: readonly PlanPoint[], destination: PlanPoint): number {
  const chain = [...boardings, destination];
  let km = 0;
  for (let i = 1; i < chain.length; i++) km += straightKm(chain[i - 1] as PlanPoint, chain[i] as PlanPoint);
  return km;
}

/**
 * Measures a trip, or undefined when it drove no km. Speed = moving km ÷ moving hours: the stops'
 * dwell is out of it, because the travel model adds `serviceMinutes` per stop on top. Circuity =
 * road km (moving km when measured: no standing noise) ÷ the straight chain of boardings to the
 * destination. The peak split reads the start on the branch offices' clock (decision 0063).
 */
export function measureTrip(
  trip: CalibrationTrip,
  time: Pick<BranchOfficeTime, "minuteOfDay">,
): TripMeasure | undefined {
  if (!(trip.km > 0)) return undefined;
  const moving =
    trip.movingKm !== null && trip.movingSeconds !== null && trip.movingKm > 0 && trip.movingSeconds > 0
      ? { km: trip.movingKm, hours: trip.movingSeconds / 3600 }
      : null;
  const roadKm = moving?.km ?? trip.km;
  let circuity: number | null = null;
  if (trip.destination && trip.boardings.length > 0) {
    const straight = straightChainKm(trip.boardings, trip.destination);
    if (straight >= MIN_STRAIGHT_CHAIN_KM) circuity = roadKm / straight;
  }
  return {
    speedKmh: moving ? moving.km / moving.hours : null,
    peak: isPeak(time.minuteOfDay(trip.startedAt.getTime())),
    circuity,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const clamp = (value: number, [min, max]: readonly [number, number]) => Math.min(max, Math.max(min, value));
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The median of the values, clamped and rounded, when there are enough of them; else the default.
 * `median` is the rounded median before the clamp (null without enough values), so the page can say
 * when the clamp applied.
 */
function calibratedValue(
  values: number[],
  range: readonly [number, number],
  fallback: number,
  digits: number,
) {
  if (values.length < MIN_CALIBRATION_TRIPS) return { value: fallback, median: null, calibrated: false };
  const measured = median(values);
  return { value: round(clamp(measured, range), digits), median: round(measured, digits), calibrated: true };
}

/**
 * Peak and off-peak moving speed and circuity from one branch office's measured trips: each value
 * is the median of its own trips (peak trips for the peak speed…) when there are at least
 * MIN_CALIBRATION_TRIPS of them, clamped to a plausible range; otherwise the default. Never another
 * branch office's trips: a new site starts from the defaults (decision 0058).
 */
export function calibrate(measures: readonly TripMeasure[]): Calibration {
  const speeds = (peak: boolean) =>
    measures.flatMap((m) => (m.peak === peak && m.speedKmh !== null ? [m.speedKmh] : []));
  const peak = speeds(true);
  const offPeak = speeds(false);
  const circuities = measures.flatMap((m) => (m.circuity === null ? [] : [m.circuity]));
  const peakSpeed = calibratedValue(peak, SPEED_RANGE_KMH, PLANNING_DEFAULTS.peakSpeedKmh, 1);
  const offPeakSpeed = calibratedValue(offPeak, SPEED_RANGE_KMH, PLANNING_DEFAULTS.offPeakSpeedKmh, 1);
  const circuity = calibratedValue(circuities, CIRCUITY_RANGE, PLANNING_DEFAULTS.circuity, 2);
  return {
    trips: measures.length,
    minTrips: MIN_CALIBRATION_TRIPS,
    calibrated: peakSpeed.calibrated || offPeakSpeed.calibrated || circuity.calibrated,
    peakSpeedKmh: peakSpeed.value,
    offPeakSpeedKmh: offPeakSpeed.value,
    circuity: circuity.value,
    peakTrips: peak.length,
    offPeakTrips: offPeak.length,
    circuityTrips: circuities.length,
    peakSpeedMedianKmh: peakSpeed.median,
    offPeakSpeedMedianKmh: offPeakSpeed.median,
    circuityMedian: circuity.median,
  };
}
