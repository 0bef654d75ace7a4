import { randomBytes } from "node:crypto";
import {
  SAFETY_MESSAGES,
  type SharedTrip,
  TRIP_SHARE_AFTER_END_MINUTES,
  TRIP_SHARE_MAX_HOURS,
  TRIP_SHARE_PAGE_PATH,
  type TripShareCreateResponse,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import { sha256Hex } from "../../lib/sha256-hex.js";
import { findEmployeeOfUser } from "../employees/employee-repository.js";
import { CALIBRATION_TTL_MS, createCalibrationCache } from "../planning/load-calibration.js";
import { riderTravelModel } from "../planning/rider-travel-model.js";
import type { SeatTrip, TripSeatCheck } from "../trips/trip-access.js";
import { isOnRoster, type TripRoute } from "../trips/trip-rider-repository.js";
import { sharedTripView } from "./shared-trip-view.js";
import {
  findShare,
  findShareableTrip,
  insertShare,
  revokeShare,
  type ShareRow,
  serviceStatusOf,
} from "./trip-share-repository.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 256 random bits, base64url: 43 characters of [A-Za-z0-9_-]. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type TripShareService = ReturnType<typeof createTripShareService>;

/** When a share stops working: 30 min after the trip's end, never later than its 12-hour cap. */
export function shareExpiresAt(share: { maxExpiresAt: Date; endedAt: Date | null }): Date {
  if (!share.endedAt) return share.maxExpiresAt;
  const afterEnd = share.endedAt.getTime() + TRIP_SHARE_AFTER_END_MINUTES * MINUTE;
  return new Date(Math.min(afterEnd, share.maxExpiresAt.getTime()));
}

/**
 * «Compartir mi viaje» (issue 38, decision 0081): a rider on a trip creates a link for people
 * without an account; the page shows the bus and the sharer's stop, nothing of the other riders.
 * Only the token's SHA-256 is kept. Unknown, malformed, revoked and expired tokens are one 404.
 */
export function createTripShareService(deps: {
  db: Db;
  seats: TripSeatCheck;
  time: BranchOfficeTime;
  now?: () => number;
}) {
  const { db, seats } = deps;
  const now = deps.now ?? Date.now;
  const calibrations = createCalibrationCache(db, deps.time, { ttlMs: CALIBRATION_TTL_MS });

  /**
   * The caller rides the trip: boarded on it, or expected on it (its route's roster, or a seat
   * booked or given by the plan of the day) and not cancelled on it.
   */
  async function ridesTrip(trip: { id: number } & TripRoute & SeatTrip, employeeId: number) {
    const service = await serviceStatusOf(db, trip.id, employeeId);
    if (service === "Boarded") return true;
    if (service === "Canceled") return false;
    if (await isOnRoster(db, trip, employeeId)) return true;
    return seats(db, trip, employeeId);
  }

  /** A live share, or the one 404 (unknown, malformed, revoked or expired). */
  async function liveShare(token: string): Promise<{ share: ShareRow; expiresAt: Date }> {
    const share = TOKEN_SHAPE.test(token) ? await findShare(db, sha256Hex(token)) : undefined;
    if (!share || share.revokedAt) throw notFound(SAFETY_MESSAGES.shareNotFound);
    const expiresAt = shareExpiresAt(share);
    if (now() >= expiresAt.getTime()) throw notFound(SAFETY_MESSAGES.shareNotFound);
    return { share, expiresAt };
  }

  return {
    /** Whether the employee rides the running trip (boarded, or expected and not cancelled): the SOS asks too. */
    async ridesRunningTrip(tripId: number, employeeId: number): Promise<boolean> {
      const trip = await findShareableTrip(db, tripId);
      return trip !== undefined && trip.status === "InProgress" && (await ridesTrip(trip, employeeId));
    },

    async create(user: AuthUser, tripId: number, origin: string): Promise<TripShareCreateResponse> {
      const trip = await findShareableTrip(db, tripId);
      if (!trip) throw notFound(SAFETY_MESSAGES.tripNotFound);
      const employee = await findEmployeeOfUser(db, user.id);
      if (!employee || !(await ridesTrip(trip, employee.id))) throw forbidden(SAFETY_MESSAGES.notOnTrip);
      if (trip.status !== "InProgress") throw conflict(SAFETY_MESSAGES.shareEnded);
      const token = randomBytes(TOKEN_BYTES).toString("base64url");
      const maxExpiresAt = new Date(now() + TRIP_SHARE_MAX_HOURS * HOUR);
      await insertShare(db, {
        tokenHash: sha256Hex(token),
        intermediateRouteId: trip.id,
        employeeId: employee.id,
        userId: user.id,
        maxExpiresAt,
      });
      return {
        url: `${origin}${TRIP_SHARE_PAGE_PATH}/${token}`,
        token,
        expiresAt: maxExpiresAt.toISOString(),
      };
    },

    /** The public page's data (no account). */
    async view(token: string): Promise<SharedTrip> {
      const { share, expiresAt } = await liveShare(token);
      return sharedTripView(db, share, expiresAt, () =>
        riderTravelModel(db, calibrations, share.intermediateRouteId),
      );
    },

    /**
     * The sharer or an admin revokes a link. Anyone else, and a token that is not a share, get the
     * one 404: a caller learns nothing of other people's links.
     */
    async revoke(user: AuthUser, token: string) {
      const share = TOKEN_SHAPE.test(token) ? await findShare(db, sha256Hex(token)) : undefined;
      const admin = user.role === "Admin" || user.role === "SuperAdmin";
      if (!share || (!admin && share.userId !== user.id)) throw notFound(SAFETY_MESSAGES.shareNotFound);
      await revokeShare(db, share.id, new Date(now()));
      return { message: SAFETY_MESSAGES.shareRevoked };
    },
  };
}
