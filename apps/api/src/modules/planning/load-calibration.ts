import {
  type Calibration,
  PLANNING_DEFAULTS,
  type PlanParams,
  type PlanPoint,
  type ShiftTravelModelView,
  shiftTravelModel,
  type TravelOverride,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { DAY_MS } from "../../lib/caller-clock.js";
import { type CalibrationTrip, calibrate, measureTrip, type TripMeasure } from "./calibration.js";
import { boardingsOfTrips, calibrationTrips } from "./calibration-repository.js";

/** How far back finished trips calibrate the travel model. */
export const CALIBRATION_DAYS = 90;
/** A cached calibration is read again after this long (its trips change it over days). */
export const CALIBRATION_TTL_MS = 6 * 60 * 60 * 1000;

/**
 * Moving speed and circuity from the branch office's own finished trips of the last
 * CALIBRATION_DAYS; below MIN_CALIBRATION_TRIPS of them each value is the default, never another
 * branch office's (decision 0058). Its trips' start hours on the branch offices' clock split them
 * into peak and off-peak (decision 0063): one calibration per branch office whoever asks.
 */
export async function loadCalibration(
  db: Db | Tx,
  branchOfficeId: number,
  time: BranchOfficeTime,
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
  const measures: TripMeasure[] = [];
  for (const trip of trips) {
    const measured: CalibrationTrip = {
      km: trip.km,
      movingKm: trip.movingKm,
      movingSeconds: trip.movingSeconds,
      startedAt: trip.startedAt,
      boardings: pointsByTrip.get(trip.id) ?? [],
      destination:
        trip.destinationLatitude === null || trip.destinationLongitude === null
          ? null
          : { latitude: trip.destinationLatitude, longitude: trip.destinationLongitude },
    };
    const measure = measureTrip(measured, time);
    if (measure) measures.push(measure);
  }
  return calibrate(measures);
}

/**
 * Calibrations kept for `ttlMs` per branch office (the incident monitor, «Mi bus»): a branch
 * office's trips change its model over days, not seconds. A shift's override is read apart, so a
 * change to it counts at once.
 */
export function createCalibrationCache(
  db: Db,
  time: BranchOfficeTime,
  options: { ttlMs: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const cached = new Map<number, { at: number; value: Promise<Calibration> }>();
  return {
    get(branchOfficeId: number | null): Promise<Calibration> {
      if (branchOfficeId === null) return Promise.resolve(calibrate([]));
      const hit = cached.get(branchOfficeId);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      const value = loadCalibration(db, branchOfficeId, time, now());
      cached.set(branchOfficeId, { at: now(), value });
      // A failed read is not kept: the next caller tries again.
      value.catch(() => {
        if (cached.get(branchOfficeId)?.value === value) cached.delete(branchOfficeId);
      });
      return value;
    },
    clear: () => cached.clear(),
  };
}
export type CalibrationCache = ReturnType<typeof createCalibrationCache>;

/** The shift's travel model with its override beside it, as Planning/context shows it. */
export function travelModelView(
  shift: { time: string } & TravelOverride,
  calibration: Calibration,
): ShiftTravelModelView {
  return {
    ...shiftTravelModel(shift, calibration),
    travelSpeedKmh: shift.travelSpeedKmh ?? null,
    travelCircuity: shift.travelCircuity ?? null,
  };
}

/**
 * The travel model of a shift to a workplace: the shift's override, else the calibrated (or
 * default) speed of the shift's hour and circuity (`shiftTravelModel`, shared with every caller).
 */
export function planParams(
  shift: { direction: PlanParams["direction"]; time: string } & TravelOverride,
  workplace: PlanPoint,
  calibration: Calibration,
  options: { serviceMinutes?: number; maxRideMinutes?: number } = {},
): PlanParams {
  const model = shiftTravelModel(shift, calibration);
  return {
    direction: shift.direction,
    shiftTime: shift.time,
    workplace,
    speedKmh: model.speedKmh,
    circuity: model.circuity,
    serviceMinutes: options.serviceMinutes ?? PLANNING_DEFAULTS.serviceMinutes,
    maxRideMinutes: options.maxRideMinutes ?? PLANNING_DEFAULTS.maxRideMinutes,
  };
}
