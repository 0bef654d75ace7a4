import {
  HUB_EVENTS,
  ONE_TRIP_IN_PROGRESS_MESSAGE,
  type StartTripRequest,
  type TripSavedResponse,
  type TripStarted,
  type TripSummary,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { conflict, forbidden } from "../../lib/http-error.js";
import type { DomainEventPublisher } from "../../realtime/domain-events.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import { blockOn } from "../documents/driver-clearance-repository.js";
import { driverOf } from "../trips/trip-access.js";
import { inProgressTripIdOf } from "../trips/trip-repository.js";
import { riderUserIdsOf } from "../trips/trip-rider-repository.js";
import { enqueueWebhookEvent, tripEventData } from "../webhooks/webhook-events.js";
import { offlineStartTime, startTarget } from "./start-target.js";
import { insertTrip, lockDriverForStart } from "./trip-lifecycle-repository.js";
import { tripSummary } from "./trip-summary.js";

const ONE_IN_PROGRESS_INDEX = "intermediate_routes_one_in_progress_per_driver";
const INACTIVE_DRIVER_MESSAGE = "Su usuario está inactivo";

/**
 * `StartIntermediateRoute` to every rider of the route ("Mi bus" opens at once instead of
 * polling); their connections then join the trip's group to follow it.
 */
async function announceStart(db: Db, realtime: RealtimeBus, trip: TripSummary) {
  const userIds = await riderUserIdsOf(db, trip);
  if (userIds.length === 0) return;
  const started: TripStarted = {
    intermediateRouteId: trip.id,
    routeId: trip.routeId,
    routeNotScheduledId: trip.routeNotScheduledId,
    routeName: trip.routeName,
    startedDate: trip.startedDate,
  };
  await realtime.publish({
    audience: { kind: "many", audiences: userIds.map((userId) => ({ kind: "user", userId })) },
    target: HUB_EVENTS.startIntermediateRoute,
    args: [started],
  });
}

/**
 * Start: one trip in progress per driver: the driver row lock serializes, the partial unique index
 * decides. With an `actionId` a repeat replays the first result (see `applyOnce`). A driver whose
 * licence or vehicle's insurance or inspection expired before the branch office's day of the start
 * gets 409 with the paper and its date (decision 0078); a renewal clears it once approved.
 */
export function createTripStart(
  db: Db,
  realtime: RealtimeBus,
  events: DomainEventPublisher,
  time: BranchOfficeTime,
) {
  return async function start(user: AuthUser, body: StartTripRequest) {
    const driver = await driverOf(db, user);
    // An access token outlives a deactivation by up to 15 minutes: an inactive driver starts nothing.
    if (driver.userStatus !== "active") throw forbidden(INACTIVE_DRIVER_MESSAGE);
    try {
      const result = await applyOnce(
        db,
        actionKey(user, "start", body),
        200,
        async (tx): Promise<TripSavedResponse> => {
          // The lock's statement also reads the driver's blocking papers: the check adds no query.
          const papers = await lockDriverForStart(tx, driver.id);
          const target = await startTarget(tx, body, driver);
          if ((await inProgressTripIdOf(tx, driver.id)) !== undefined) {
            throw conflict(ONE_TRIP_IN_PROGRESS_MESSAGE);
          }
          const startedAt =
            body.startedAt === undefined ? undefined : await offlineStartTime(tx, driver.id, body.startedAt);
          // A start queued offline counts on its own day: valid through the expiry day, even synced later.
          const blocked = blockOn(papers, time.serviceDay(startedAt?.getTime() ?? Date.now()));
          if (blocked) throw conflict(blocked.reason);
          const id = await insertTrip(tx, {
            ...target,
            driverId: driver.id,
            supplierId: driver.supplierId,
            ...(startedAt && { startedAt }),
          });
          const intermediateRoute = await tripSummary(tx, id);
          // Webhooks' trip.started commits with the start (decision 0085).
          await enqueueWebhookEvent(tx, "trip.started", tripEventData(intermediateRoute));
          return { message: "Ruta iniciada", intermediateRoute };
        },
      );
      // The trip is saved: a hub that cannot take the event (Redis down) does not undo the Start.
      if (!result.replayed) {
        const trip = result.body.intermediateRoute;
        await announceStart(db, realtime, trip).catch(() => undefined);
        await events.publish({
          kind: "trip-started",
          intermediateRouteId: trip.id,
          startedAt: trip.startedDate,
        });
      }
      return result;
    } catch (error) {
      if (uniqueViolation(error) === ONE_IN_PROGRESS_INDEX) throw conflict(ONE_TRIP_IN_PROGRESS_MESSAGE);
      throw error;
    }
  };
}
