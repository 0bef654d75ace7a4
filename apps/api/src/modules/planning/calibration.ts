import {
  type Calibration,
  isPeak,
  MIN_CALIBRATION_TRIPS,
  PLANNING_DEFAULTS,
  type PlanPoint,
  straightKm,
} from "@treiber/contract";

/** Plausible ranges: a median outside them is clamped (a bad trace or a stuck phone). */
export const SPEED_RANGE_KMH = [8, 80] as const;
export const CIRCUITY_RANGE = [1, 2.5] as const;
/** A chain of boardings shorter than this says nothing about the roads (everyone boarded at one place). */
export const MIN_STRAIGHT_CHAIN_KM = 1;

/** A finished trip as the calibration reads it. */
export type CalibrationTrip = {
  /** Road km of the trip's compact trace. */
  km: number;
  startedAt: Date;
  endedAt: Date;
  /** Where riders boarded, in time order. */
  boardings: PlanPoint[];
  /** The route's destination (the workplace); null when it has no coordinates. */
  destination: PlanPoint | null;
};

/** What one trip says: its speed, whether it started in the peak hours, and its circuity (if measurable). */
export type TripMeasure = { speedKmh: number; peak: boolean; circuity: number | null };

/** Straight km from the first boarding through the others (in order) to the destination. */
export function straightChainKm(boardings: readonly PlanPoint[], destination: PlanPoint): number {
  const chain = [...boardings, destination];
  let km = 0;
  for (let i = 1; i < chain.length; i++) km += straightKm(chain[i - 1] as PlanPoint, chain[i] as PlanPoint);
  return km;
}

/**
 * Measures a trip, or undefined when it has no km or no duration. `offsetMinutes` turns its start
 * into the local time of day (UTC − offset, the `GMT` header's convention) for the peak split.
 */
export function measureTrip(trip: CalibrationTrip, offsetMinutes: number): TripMeasure | undefined {
  const hours = (trip.endedAt.getTime() - trip.startedAt.getTime()) / 3_600_000;
  if (!(trip.km > 0) || !(hours > 0)) return undefined;
  const utcMinutes = trip.startedAt.getUTCHours() * 60 + trip.startedAt.getUTCMinutes();
  let circuity: number | null = null;
  if (trip.destination && trip.boardings.length > 0) {
    const straight = straightChainKm(trip.boardings, trip.destination);
    if (straight >= MIN_STRAIGHT_CHAIN_KM) circuity = trip.km / straight;
  }
  return { speedKmh: trip.km / hours, peak: isPeak(utcMinutes - offsetMinutes), circuity };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const clamp = (value: number, [min, max]: readonly [number, number]) => Math.min(max, Math.max(min, value));
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The median of the values, clamped and rounded, when there are enough of them; else the default. */
function calibratedValue(
  values: number[],
  range: readonly [number, number],
  fallback: number,
  digits: number,
) {
  if (values.length < MIN_CALIBRATION_TRIPS) return { value: fallback, calibrated: false };
  return { value: round(clamp(median(values), range), digits), calibrated: true };
}

/**
 * Peak and off-peak speed and circuity from the measured trips: each value is the median of its
 * own trips (peak trips for the peak speed…) when there are at least MIN_CALIBRATION_TRIPS of
 * them, clamped to a plausible range; otherwise the default.
 */
export function calibrate(measures: readonly TripMeasure[]): Calibration {
  const peak = measures.filter((m) => m.peak).map((m) => m.speedKmh);
  const offPeak = measures.filter((m) => !m.peak).map((m) => m.speedKmh);
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
  };
}
