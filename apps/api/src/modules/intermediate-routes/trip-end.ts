import {
  END_BEFORE_LAST_BOARDING_MESSAGE,
  type EndTripRequest,
  TRIP_FINISHED_MESSAGE,
  type TripSavedResponse,
} from "@treiber/contract";
import { lastCutUntil, lockBilling } from "../../db/billing-lock.js";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { deviceTime } from "../../lib/device-time.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import type { DomainEventPublisher } from "../../realtime/domain-events.js";
import { type RealtimeBus, tripGroupName } from "../../realtime/realtime-bus.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import { driverOf, NOT_YOUR_TRIP, TRIP_NOT_FOUND } from "../trips/trip-access.js";
import { lockTrip } from "../trips/trip-repository.js";
import { compactTrip } from "../trips/trip-trace-repository.js";
import { enqueueWebhookEvent, tripEventData } from "../webhooks/webhook-events.js";
import { finishTrip, lastBoardingAt } from "./trip-lifecycle-repository.js";
import { tripSummary } from "./trip-summary.js";

type Ended = { driverId: number; endedAt: Date };

/** Finishes the trip in the transaction; what it writes as the end, or a 404 / 403 / 409. */
async function finishInTx(tx: Tx, body: EndTripRequest, driverId: number | undefined): Promise<Ended> {
  // End and Cut are serialized (docs/decisions/0020): the billing lock first, then the row.
  await lockBilling(tx, "end");
  const trip = await lockTrip(tx, body.intermediateRouteId, "update");
  if (!trip) throw notFound(TRIP_NOT_FOUND);
  if (driverId !== undefined && trip.driverId !== driverId) throw forbidden(NOT_YOUR_TRIP);
  if (trip.status !== "InProgress") throw conflict(TRIP_FINISHED_MESSAGE);
  let at: Date | undefined;
  if (body.endedAt !== undefined) {
    const lastBoarding = await lastBoardingAt(tx, trip.id);
    at = deviceTime(body.endedAt, {
      field: "endedAt",
      notBefore: lastBoarding && lastBoarding > trip.startedAt ? lastBoarding : trip.startedAt,
      ...(lastBoarding && { beforeMessage: END_BEFORE_LAST_BOARDING_MESSAGE }),
    });
  }
  // A device time before the last cut's end (an End queued offline while a cut was made)
  // is stamped at that end: the trip goes into the next cut, never into a closed one.
  const endedAt = await finishTrip(tx, trip.id, at, await lastCutUntil(tx));
  if (!endedAt) throw conflict(TRIP_FINISHED_MESSAGE);
  return { driverId: trip.driverId, endedAt };
}

/**
 * End: ends a trip in progress (its driver, or an admin) and pushes `FinishIntermediateRoute`. An End
 * queued offline carries the device's `endedAt`: not before the start or the last boarding, not
 * after the server's now (2 minutes of tolerance each way), and never before the last cut's end.
 * Serialized with Cut by the billing lock, so a cut never misses a trip ending meanwhile.
 */
export function createTripEnd(db: Db, realtime: RealtimeBus, events: DomainEventPublisher) {
  async function announceEnd(intermediateRouteId: number, ended: Ended) {
    // Its compact trace and km, kept when the raw positions are deleted (docs/decisions/0033),
    // once the End is committed: no position can join a finished trip any more, and the billing
    // lock is not held meanwhile. Should this fail, the positions job compacts it later.
    await compactTrip(db, intermediateRouteId).catch(() => false);
    const endedAt = ended.endedAt.toISOString();
    await events.publish({ kind: "trip-ended", intermediateRouteId, endedAt });
    await realtime.publish({
      audience: {
        kind: "many",
        audiences: [{ kind: "group", name: tripGroupName(intermediateRouteId) }, { kind: "admins" }],
      },
      target: "FinishIntermediateRoute",
      args: [{ intermediateRouteId, driverId: ended.driverId, endedDate: endedAt }],
    });
  }

  return async function end(user: AuthUser, body: EndTripRequest) {
    const { intermediateRouteId } = body;
    const driverId = user.role === "Driver" ? (await driverOf(db, user)).id : undefined;
    let ended: Ended | undefined;
    const result = await applyOnce(
      db,
      actionKey(user, "end", body),
      200,
      async (tx): Promise<TripSavedResponse> => {
        ended = await finishInTx(tx, body, driverId);
        const intermediateRoute = await tripSummary(tx, intermediateRouteId);
        // Webhooks' trip.finished commits with the end (decision 0085).
        await enqueueWebhookEvent(tx, "trip.finished", tripEventData(intermediateRoute));
        return { message: "Ruta finalizada", intermediateRoute };
      },
    );
    if (ended) await announceEnd(intermediateRouteId, ended);
    return result;
  };
}
