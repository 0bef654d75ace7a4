import {
  type Calibration,
  isPeak,
  MIN_CALIBRATION_TRIPS,
  minutesOfDay,
  PLANNING_DEFAULTS,
  type PlanParams,
  type PlanPoint,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import { DAY_MS } from "../../lib/caller-clock.js";
import { type CalibrationTrip, calibrate, measureTrip, type TripMeasure } from "./calibration.js";
import { boardingsOfTrips, calibrationTrips } from "./calibration-repository.js";

/** How far back finished trips calibrate the travel model. */
export const CALIBRATION_DAYS = 90;

/**
 * Speed and circuity from the finished trips of the last CALIBRATION_DAYS: the branch office's own
 * trips when there are at least MIN_CALIBRATION_TRIPS of them, else every branch office's.
 * `offsetMinutes` is the caller's UTC offset (sign inverted, like the `GMT` header) for the peak split.
 */
export async function loadCalibration(
  db: Db | Tx,
  branchOfficeId: number,
  offsetMinutes: number,
  now = Date.now(),
): Promise<Calibration> {
  const trips = await calibrationTrips(db, new Date(now - CALIBRATION_DAYS * DAY_MS), branchOfficeId);
  const boardings = await boardingsOfTrips(
    db,
    trips.map((trip) => trip.id),
  );
  const pointsByTrip = new Map<number, PlanPoint[]>();
  for (const boarding of boardings) {
    if (boarding.latitude === null || boarding.longitude === null) continue;
    const points = pointsByTrip.get(boarding.tripId) ?? [];
    points.push({ latitude: boarding.latitude, longitude: boarding.longitude });
    pointsByTrip.set(boarding.tripId, points);
  }
  const own: TripMeasure[] = [];
  const all: TripMeasure[] = [];
  for (const trip of trips) {
    if (!trip.endedAt) continue;
    const measured: CalibrationTrip = {
      km: trip.km,
      startedAt: trip.startedAt,
      endedAt: trip.endedAt,
      boardings: pointsByTrip.get(trip.id) ?? [],
      destination:
        trip.destinationLatitude === null || trip.destinationLongitude === null
          ? null
          : { latitude: trip.destinationLatitude, longitude: trip.destinationLongitude },
    };
    const measure = measureTrip(measured, offsetMinutes);
    if (!measure) continue;
    all.push(measure);
    if (trip.ofBranchOffice) own.push(measure);
  }
  return calibrate(own.length >= MIN_CALIBRATION_TRIPS ? own : all);
}

/** The travel model of a shift to a workplace: the calibrated (or default) speed of the shift's hour. */
export function planParams(
  shift: { direction: PlanParams["direction"]; time: string },
  workplace: PlanPoint,
  calibration: Calibration,
  options: { serviceMinutes?: number; maxRideMinutes?: number } = {},
): PlanParams {
  const peak = isPeak(minutesOfDay(shift.time));
  return {
    direction: shift.direction,
    shiftTime: shift.time,
    workplace,
    speedKmh: peak ? calibration.peakSpeedKmh : calibration.offPeakSpeedKmh,
    circuity: calibration.circuity,
    serviceMinutes: options.serviceMinutes ?? PLANNING_DEFAULTS.serviceMinutes,
    maxRideMinutes: options.maxRideMinutes ?? PLANNING_DEFAULTS.maxRideMinutes,
  };
}
