import {
  type ActiveTrip,
  type CurrentTripResponse,
  END_BEFORE_LAST_BOARDING_MESSAGE,
  type EndTripRequest,
  HUB_EVENTS,
  type MessageResponse,
  NOT_ASSIGNED_MESSAGE,
  ONE_TRIP_IN_PROGRESS_MESSAGE,
  OTHER_SUPPLIER_MESSAGE,
  ROUTE_INACTIVE_MESSAGE,
  ROUTE_NOT_SCHEDULED_ALREADY_RAN_MESSAGE,
  type RouteHistoryQuery,
  START_TOO_EARLY_MESSAGE,
  type StartableRoute,
  type StartTripRequest,
  TRIP_FINISHED_MESSAGE,
  type TripComment,
  type TripDetail,
  type TripPosition,
  type TripSavedResponse,
  type TripStarted,
  type TripSummary,
} from "@treiber/contract";
import { lastCutUntil, lockBilling } from "../../db/billing-lock.js";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { CallerClock, DAY_MS } from "../../lib/caller-clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { deviceTime } from "../../lib/device-time.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import { type RealtimeBus, tripGroupName } from "../../realtime/realtime-bus.js";
import type { TripFeed } from "../../realtime/trip-feed.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import { employeeExists } from "../employees/employee-repository.js";
import type { NotificationDelivery } from "../notifications/comment-notifications.js";
import type { Notifier } from "../notifications/notification-service.js";
import { CALIBRATION_TTL_MS, createCalibrationCache } from "../planning/load-calibration.js";
import { riderTravelModel } from "../planning/rider-travel-model.js";
import { positionsOf } from "../trip-positions/trip-positions-repository.js";
import { riderFacts } from "../trips/rider-notification.js";
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
import { assertMayComment } from "./comment-limits.js";
import { commentsOf, insertComment, lockCommenting } from "./trip-comment-repository.js";
import {
  findRouteForStart,
  findRouteNotScheduledForStart,
  finishTrip,
  insertTrip,
  lastBoardingAt,
  lastEndOfDriver,
  lockDriver,
  routeDriverAssignment,
  routeNotScheduledRan,
  startableRoutesOf,
} from "./trip-lifecycle-repository.js";
import { listActiveTrips, listCurrentTrips, listTripHistory } from "./trip-list-repository.js";

export const CURRENT_TRIP_NOT_FOUND = "No hay una ruta en curso con ese identificador";
export const COMMENT_NOT_RIDER = "Solo puede comentar una ruta en la que viajó";
const ONE_IN_PROGRESS_INDEX = "intermediate_routes_one_in_progress_per_driver";
const toComment = (row: Awaited<ReturnType<typeof commentsOf>>[number]): TripComment => ({
  id: row.id,
  intermediateRouteId: row.intermediateRouteId,
  employeeId: row.employeeId,
  name: row.name,
  lastname: row.lastname,
  comment: row.comment,
  createdDate: row.createdAt.toISOString(),
});

const INACTIVE_DRIVER_MESSAGE = "Su usuario está inactivo";

/** How far back a Start queued offline may begin (a phone that stayed offline for a whole shift). */
const OFFLINE_START_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/**
 * The device time of a Start queued offline: not after the server's now, not before the driver's
 * last End nor 12 hours ago (2 minutes of tolerance each way, like every device time, decision 0017).
 */
async function offlineStartTime(tx: Tx, driverId: number, startedAt: string) {
  const lastEnd = await lastEndOfDriver(tx, driverId);
  const floor = Date.now() - OFFLINE_START_MAX_AGE_MS;
  const notBefore = new Date(Math.max(floor, lastEnd?.getTime() ?? floor));
  return deviceTime(startedAt, { field: "startedAt", notBefore, beforeMessage: START_TOO_EARLY_MESSAGE });
}

/** Which route the driver starts, with the checks of the spec: exists, active, assigned, same supplier. */
async function startTarget(tx: Tx, body: StartTripRequest, driver: { id: number; supplierId: number }) {
  if (body.routeId !== undefined) {
    const route = await findRouteForStart(tx, body.routeId);
    if (!route) throw notFound("Ruta no encontrada");
    const assignment = await routeDriverAssignment(tx, route.id, driver.id);
    if (!assignment.assigned) {
      const otherSupplier = assignment.supplierIds.size > 0 && !assignment.supplierIds.has(driver.supplierId);
      throw forbidden(otherSupplier ? OTHER_SUPPLIER_MESSAGE : NOT_ASSIGNED_MESSAGE);
    }
    if (route.status !== "active") throw conflict(ROUTE_INACTIVE_MESSAGE);
    return { routeId: route.id, routeNotScheduledId: null, cost: route.cost };
  }
  const route = await findRouteNotScheduledForStart(tx, body.routeNotScheduledId ?? 0);
  if (!route) throw notFound("Ruta no programada no encontrada");
  if (route.driverId !== driver.id) {
    throw forbidden(route.supplierId !== driver.supplierId ? OTHER_SUPPLIER_MESSAGE : NOT_ASSIGNED_MESSAGE);
  }
  if (route.status !== "active") throw conflict(ROUTE_INACTIVE_MESSAGE);
  // A one-off route runs once (issue 11): started again it would be billed twice.
  if (await routeNotScheduledRan(tx, route.id)) throw conflict(ROUTE_NOT_SCHEDULED_ALREADY_RAN_MESSAGE);
  return { routeId: null, routeNotScheduledId: route.id, cost: route.cost };
}

export type IntermediateRoutesService = ReturnType<typeof createIntermediateRoutesService>;

export function createIntermediateRoutesService(
  db: Db,
  realtime: RealtimeBus,
  notifier: Notifier,
  feed?: TripFeed,
) {
  const calibrations = createCalibrationCache(db, { ttlMs: CALIBRATION_TTL_MS });

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
   * the travel model «Mi bus» times the bus with; `clock` splits the calibration's peak hours).
   */
  async function current(
    user: AuthUser,
    id: number,
    clock: CallerClock = CallerClock.UTC,
  ): Promise<CurrentTripResponse> {
    if (user.role !== "Collaborator") return detail(user, id, true);
    const row = await findTrip(db, id);
    if (row?.status !== "InProgress") throw notFound(CURRENT_TRIP_NOT_FOUND);
    await assertCanSeeTrip(db, user, row);
    const employee = await employeeOf(db, user);
    const [trail, model] = await Promise.all([
      trailOf(id),
      riderTravelModel(db, calibrations, id, clock.offsetMinutes),
    ]);
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
          await feed?.publish({ kind: "start", intermediateRouteId: trip.id, at: trip.startedDate });
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
              endedDate: ended.endedAt.toISOString(),
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

    async comments(intermediateRouteId: number, employeeId: number) {
      if (!(await findTrip(db, intermediateRouteId))) throw notFound(TRIP_NOT_FOUND);
      if (!(await employeeExists(db, employeeId))) throw notFound("Colaborador no encontrado");
      return (await commentsOf(db, intermediateRouteId, employeeId)).map(toComment);
    },

    /**
     * A collaborator who boarded the trip comments on it, within its limits (`assertMayComment`);
     * every admin is notified (COMMENT), the comments that follow each other on a trip in one
     * notification (`Notifier.storeComment`).
     */
    async comment(user: AuthUser, body: { intermediateRouteId: number; comment: string; actionId?: string }) {
      const employee = await employeeOf(db, user);
      let deliveries: NotificationDelivery[] = [];
      const result = await applyOnce(
        db,
        actionKey(user, "comment", body),
        201,
        async (tx): Promise<MessageResponse> => {
          await lockCommenting(tx, employee.id, body.intermediateRouteId);
          const trip = await lockTrip(tx, body.intermediateRouteId, "share");
          if (!trip) throw notFound(TRIP_NOT_FOUND);
          const rode = (await servicesOf(tx, trip.id)).some(
            (service) => service.employeeId === employee.id && service.status === "Boarded",
          );
          if (!rode) throw forbidden(COMMENT_NOT_RIDER);
          await assertMayComment(tx, employee.id, trip.id);
          await insertComment(tx, {
            intermediateRouteId: trip.id,
            employeeId: employee.id,
            text: body.comment,
          });
          const facts = await riderFacts(tx, trip.id, employee, body.comment);
          deliveries = await notifier.storeComment(tx, trip.id, facts, user.id);
          return { message: "Comentario enviado" };
        },
      );
      await notifier.pushDeliveries(deliveries);
      return result;
    },

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
