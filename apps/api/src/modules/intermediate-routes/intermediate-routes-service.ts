import {
  type ActiveTrip,
  type CurrentTripResponse,
  END_BEFORE_LAST_BOARDING_MESSAGE,
  type EndTripRequest,
  HUB_EVENTS,
  ONE_TRIP_IN_PROGRESS_MESSAGE,
  type RouteHistoryQuery,
  type StartableRoute,
  type StartTripRequest,
  TRIP_FINISHED_MESSAGE,
  type TripDetail,
  type TripPosition,
  type TripSavedResponse,
  type TripStarted,
  type TripSummary,
} from "@treiber/contract";
import { lastCutUntil, lockBilling } from "../../db/billing-lock.js";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { type CallerClock, DAY_MS } from "../../lib/caller-clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { deviceTime } from "../../lib/device-time.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import { createDomainEventPublisher, type DomainEventPublisher } from "../../realtime/domain-events.js";
import { type RealtimeBus, tripGroupName } from "../../realtime/realtime-bus.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import type { Notifier } from "../notifications/notification-service.js";
import { CALIBRATION_TTL_MS, createCalibrationCache } from "../planning/load-calibration.js";
import { riderTravelModel } from "../planning/rider-travel-model.js";
import { positionsOf } from "../trip-positions/trip-positions-repository.js";
import { riderTripView } from "../trips/rider-trip-view.js";
import {
  assertCanSeeTrip,
  driverOf,
  employeeOf,
  NOT_YOUR_TRIP,
  TRIP_NOT_FOUND,
} from "../trips/trip-access.js";
import { findTrip, inProgressTripIdOf, lockTrip } from "../trips/trip-repository.js";
import { riderUserIdsOf, servicesOf } from "../trips/trip-rider-repository.js";
import {
  iso,
  toNotScheduledStartable,
  toRider,
  toScheduledStartable,
  toTripSummary,
} from "../trips/trip-rows.js";
import { compactTrip } from "../trips/trip-trace-repository.js";
import { openIncidentsByTrip } from "./active-trip-incidents.js";
import { offlineStartTime, startTarget } from "./start-target.js";
import { commentsOf } from "./trip-comment-repository.js";
import { createTripComments, toComment } from "./trip-comments.js";
import {
  finishTrip,
  insertTrip,
  lastBoardingAt,
  lockDriver,
  startableRoutesOf,
} from "./trip-lifecycle-repository.js";
import { listActiveTrips, listCurrentTrips, listTripHistory } from "./trip-list-repository.js";

export const CURRENT_TRIP_NOT_FOUND = "No hay una ruta en curso con ese identificador";
const ONE_IN_PROGRESS_INDEX = "intermediate_routes_one_in_progress_per_driver";
const INACTIVE_DRIVER_MESSAGE = "Su usuario está inactivo";

export type IntermediateRoutesService = ReturnType<typeof createIntermediateRoutesService>;

export function createIntermediateRoutesService(
  db: Db,
  realtime: RealtimeBus,
  notifier: Notifier,
  time: BranchOfficeTime,
  /** Where a start and an end are told to the rest of the API (the incident monitor). */
  events: DomainEventPublisher = createDomainEventPublisher(realtime),
) {
  const calibrations = createCalibrationCache(db, time, { ttlMs: CALIBRATION_TTL_MS });

  async function summary(id: number, conn: Db | Tx = db) {
    const row = await findTrip(conn, id);
    if (!row) throw notFound(TRIP_NOT_FOUND);
    return toTripSummary(row);
  }

  async function detail(user: AuthUser, id: number, onlyInProgress: boolean): Promise<TripDetail> {
    const row = await findTrip(db, id);
    if (!row || (onlyInProgress && row.status !== "InProgress")) {
      throw notFound(onlyInProgress ? CURRENT_TRIP_NOT_FOUND : TRIP_NOT_FOUND);
    }
    await assertCanSeeTrip(db, user, row);
    const [positions, riders, tripComments] = await Promise.all([
      trailOf(id),
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

  /**
   * `StartIntermediateRoute` to every rider of the route ("Mi bus" opens at once instead of
   * polling); their connections then join the trip's group to follow it.
   */
  async function announceStart(trip: TripSummary) {
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

  async function trailOf(id: number): Promise<TripPosition[]> {
    return (await positionsOf(db, id)).map((p) => ({
      latitude: p.latitude,
      longitude: p.longitude,
      heading: p.heading,
      speed: p.speed,
      recordedDate: p.recordedAt.toISOString(),
    }));
  }

  /**
   * A trip in progress: whole for admins and its driver, the rider's view for a collaborator (with
   * the travel model «Mi bus» times the bus with).
   */
  async function current(user: AuthUser, id: number): Promise<CurrentTripResponse> {
    if (user.role !== "Collaborator") return detail(user, id, true);
    const row = await findTrip(db, id);
    if (row?.status !== "InProgress") throw notFound(CURRENT_TRIP_NOT_FOUND);
    await assertCanSeeTrip(db, user, row);
    const employee = await employeeOf(db, user);
    const [trail, model] = await Promise.all([trailOf(id), riderTravelModel(db, calibrations, id)]);
    return riderTripView(db, row, employee.id, trail, model);
  }

  return {
    async listCurrent(user: AuthUser, query: { amount: number; skip: number; criterion?: string }) {
      const driverId = user.role === "Driver" ? (await driverOf(db, user)).id : undefined;
      const { amount, rows } = await listCurrentTrips(db, { ...query, driverId });
      return { amount, list: rows.map(toTripSummary) };
    },

    current,
    detail: (user: AuthUser, id: number) => detail(user, id, false),

    async listActive(user: AuthUser) {
      const driverId = user.role === "Driver" ? (await driverOf(db, user)).id : undefined;
      const rows = await listActiveTrips(db, driverId);
      // The control room marks buses with incidents (issue 33); a driver's own view goes without.
      const incidents =
        user.role === "Admin" || user.role === "SuperAdmin"
          ? await openIncidentsByTrip(
              db,
              rows.map((row) => row.id),
            )
          : null;
      return {
        response: rows.map(
          (row): ActiveTrip => ({
            id: row.id,
            routeName: row.routeName,
            driverId: row.driverId,
            driverName: row.driverName,
            driverLastname: row.driverLastname,
            supplierName: row.supplierName,
            startedDate: row.startedAt.toISOString(),
            lastLatitude: row.lastLatitude,
            lastLongitude: row.lastLongitude,
            lastPositionDate: iso(row.lastPositionAt),
            ...(incidents && { openIncidents: incidents.get(row.id) ?? [] }),
          }),
        ),
      };
    },

    /**
     * One trip in progress per driver: the driver row lock serializes, the partial unique index
     * decides. With an `actionId` a repeat replays the first result (see `applyOnce`).
     */
    async start(user: AuthUser, body: StartTripRequest) {
      const driver = await driverOf(db, user);
      // An access token outlives a deactivation by up to 15 minutes: an inactive driver starts nothing.
      if (driver.userStatus !== "active") throw forbidden(INACTIVE_DRIVER_MESSAGE);
      try {
        const result = await applyOnce(
          db,
          actionKey(user, "start", body),
          200,
          async (tx): Promise<TripSavedResponse> => {
            await lockDriver(tx, driver.id);
            const target = await startTarget(tx, body, driver);
            if ((await inProgressTripIdOf(tx, driver.id)) !== undefined) {
              throw conflict(ONE_TRIP_IN_PROGRESS_MESSAGE);
            }
            const startedAt =
              body.startedAt === undefined
                ? undefined
                : await offlineStartTime(tx, driver.id, body.startedAt);
            const id = await insertTrip(tx, {
              ...target,
              driverId: driver.id,
              supplierId: driver.supplierId,
              ...(startedAt && { startedAt }),
            });
            return { message: "Ruta iniciada", intermediateRoute: await summary(id, tx) };
          },
        );
        // The trip is saved: a hub that cannot take the event (Redis down) does not undo the Start.
        if (!result.replayed) {
          const trip = result.body.intermediateRoute;
          await announceStart(trip).catch(() => undefined);
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
    },

    /**
     * Ends a trip in progress (its driver, or an admin) and pushes `FinishIntermediateRoute`. An End
     * queued offline carries the device's `endedAt`: not before the start or the last boarding, not
     * after the server's now (2 minutes of tolerance each way), and never before the last cut's end.
     * Serialized with Cut by the billing lock, so a cut never misses a trip ending meanwhile.
     */
    async end(user: AuthUser, body: EndTripRequest) {
      const { intermediateRouteId } = body;
      const driverId = user.role === "Driver" ? (await driverOf(db, user)).id : undefined;
      let ended: { driverId: number; endedAt: Date } | undefined;
      const result = await applyOnce(
        db,
        actionKey(user, "end", body),
        200,
        async (tx): Promise<TripSavedResponse> => {
          // End and Cut are serialized (docs/decisions/0020): the billing lock first, then the row.
          await lockBilling(tx, "end");
          const trip = await lockTrip(tx, intermediateRouteId, "update");
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
          ended = { driverId: trip.driverId, endedAt };
          return { message: "Ruta finalizada", intermediateRoute: await summary(intermediateRouteId, tx) };
        },
      );
      if (ended) {
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
          args: [
            {
              intermediateRouteId,
              driverId: ended.driverId,
              endedDate: endedAt,
            },
          ],
        });
      }
      return result;
    },

    async history(query: RouteHistoryQuery, clock: CallerClock) {
      const range = clock.optionalDayRange(query);
      const { amount, rows } = await listTripHistory(db, { ...query, range });
      return { amount, data: rows.map(toTripSummary) };
    },

    ...createTripComments(db, notifier),

    async startableRoutes(user: AuthUser) {
      const driver = await driverOf(db, user);
      const { scheduled, notScheduled } = await startableRoutesOf(
        db,
        driver.id,
        new Date(Date.now() - DAY_MS),
      );
      const response: StartableRoute[] = [
        ...scheduled.map(toScheduledStartable),
        ...notScheduled.map(toNotScheduledStartable),
      ];
      return { response };
    },
  };
}
