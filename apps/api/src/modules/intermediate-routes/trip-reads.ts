import type { CurrentTripResponse, TripDetail, TripPosition } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { notFound } from "../../lib/http-error.js";
import { CALIBRATION_TTL_MS, createCalibrationCache } from "../planning/load-calibration.js";
import { riderTravelModel } from "../planning/rider-travel-model.js";
import { positionsOf } from "../trip-positions/trip-positions-repository.js";
import { riderTripView } from "../trips/rider-trip-view.js";
import { assertCanSeeTrip, employeeOf, TRIP_NOT_FOUND, type TripSeatCheck } from "../trips/trip-access.js";
import { findTrip } from "../trips/trip-repository.js";
import { servicesOf } from "../trips/trip-rider-repository.js";
import { toRider, toTripSummary } from "../trips/trip-rows.js";
import { commentsOf } from "./trip-comment-repository.js";
import { toComment } from "./trip-comments.js";

export const CURRENT_TRIP_NOT_FOUND = "No hay una ruta en curso con ese identificador";

async function trailOf(db: Db, id: number): Promise<TripPosition[]> {
  return (await positionsOf(db, id)).map((p) => ({
    latitude: p.latitude,
    longitude: p.longitude,
    heading: p.heading,
    speed: p.speed,
    recordedDate: p.recordedAt.toISOString(),
  }));
}

async function tripDetail(
  db: Db,
  seats: TripSeatCheck,
  user: AuthUser,
  id: number,
  onlyInProgress: boolean,
): Promise<TripDetail> {
  const row = await findTrip(db, id);
  if (!row || (onlyInProgress && row.status !== "InProgress")) {
    throw notFound(onlyInProgress ? CURRENT_TRIP_NOT_FOUND : TRIP_NOT_FOUND);
  }
  await assertCanSeeTrip(db, user, row, seats);
  const [positions, riders, tripComments] = await Promise.all([
    trailOf(db, id),
    servicesOf(db, id),
    commentsOf(db, id),
  ]);
  return {
    ...toTripSummary(row),
    destinationName: row.destinationName,
    destinationLatitude: row.destinationLatitude,
    destinationLongitude: row.destinationLongitude,
    positions,
    riders: riders.map(toRider),
    comments: tripComments.map(toComment),
  };
}

/** One trip's detail, and a trip in progress as its viewer sees it (`seats`: a rider's booked seat). */
export function createTripReads(db: Db, time: BranchOfficeTime, seats: TripSeatCheck) {
  const calibrations = createCalibrationCache(db, time, { ttlMs: CALIBRATION_TTL_MS });

  /**
   * A trip in progress: whole for admins and its driver, the rider's view for a collaborator (with
   * the travel model «Mi bus» times the bus with).
   */
  async function current(user: AuthUser, id: number): Promise<CurrentTripResponse> {
    if (user.role !== "Collaborator") return tripDetail(db, seats, user, id, true);
    const row = await findTrip(db, id);
    if (row?.status !== "InProgress") throw notFound(CURRENT_TRIP_NOT_FOUND);
    await assertCanSeeTrip(db, user, row, seats);
    const employee = await employeeOf(db, user);
    const [trail, model] = await Promise.all([trailOf(db, id), riderTravelModel(db, calibrations, id)]);
    return riderTripView(db, row, employee.id, trail, model);
  }

  return {
    current,
    detail: (user: AuthUser, id: number) => tripDetail(db, seats, user, id, false),
  };
}
