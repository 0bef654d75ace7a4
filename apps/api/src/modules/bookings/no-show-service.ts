import {
  ALREADY_NO_SHOW_MESSAGE,
  BOOKING_EMPLOYEE_NOT_FOUND_MESSAGE,
  NO_SHOW_BOARDED_MESSAGE,
  NO_SHOW_NO_STOP_MESSAGE,
  NO_SHOW_NOT_EXPECTED_MESSAGE,
  NO_SHOW_NOT_SCHEDULED_MESSAGE,
  NO_SHOW_RADIUS_METERS,
  NO_SHOW_RECORDED_MESSAGE,
  NOT_TRIP_DRIVER_MESSAGE,
  type NoShowRequest,
  type NoShowResponse,
  noShowTooFarMessage,
  noShowWaitMessage,
  TRIP_FINISHED_MESSAGE,
} from "@treiber/contract";
import { greatCircleMeters } from "@treiber/contract/geo";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { deviceTime } from "../../lib/device-time.js";
import { conflict, forbidden, HttpError, notFound } from "../../lib/http-error.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { driverOf, TRIP_NOT_FOUND } from "../trips/trip-access.js";
import { currentStatus } from "./booking-changes.js";
import type { BookingClock } from "./booking-clock.js";
import { bookingNotices } from "./booking-notices.js";
import { type Rider, riderById } from "./booking-people-repository.js";
import { stopFor, stopsOf } from "./booking-stops.js";
import {
  type BookingRoute,
  findBooking,
  findBookingRoute,
  isAssigned,
  lockRouteDay,
  writeBooking,
} from "./bookings-repository.js";
import { boardedTrip, firstArrivalNear, lockNoShowTrip, rememberPress } from "./no-show-repository.js";

const MINUTE = 60_000;

type Point = { name: string; latitude: number; longitude: number; time: string | null };

/**
 * Where the driver waits for the rider: their stop on an inbound route or one without a shift; on
 * an outbound route everybody boards at the workplace, at the departure.
 */
async function boardingPoint(tx: Tx, route: BookingRoute, rider: Rider): Promise<Point | null> {
  const { destinationLatitude: latitude, destinationLongitude: longitude } = route;
  if (route.direction === "outbound" && latitude !== null && longitude !== null) {
    return { name: route.destinationName, latitude, longitude, time: route.departureTime ?? route.shiftTime };
  }
  const { stops, riderStops } = await stopsOf(tx, [route.id]);
  // Their own stop, else (an assigned rider not on a stop yet, a seat asked) the nearest to home.
  const stop = stopFor(route.id, stops, riderStops, rider, false);
  return (
    stop && { name: stop.name, latitude: stop.latitude, longitude: stop.longitude, time: stop.plannedTime }
  );
}

type Press = { tripId: number; latitude: number; longitude: number; at: number };

/**
 * «Espere hasta las …» for a press that is also the bus's first known arrival at the point: the
 * refusal rolls back, then the press is kept so that the wait counts from it (decision 0064).
 */
class FirstPressRefused extends HttpError {
  constructor(
    message: string,
    readonly press: Press,
  ) {
    super(409, message);
  }
}

const noShowResponse = (
  intermediateRouteId: number,
  employeeId: number,
  date: string,
  recordedAt: Date,
): NoShowResponse => ({
  status: "NO_SHOW",
  intermediateRouteId,
  employeeId,
  date,
  recordedAt: recordedAt.toISOString(),
  message: NO_SHOW_RECORDED_MESSAGE,
});

export type NoShowService = ReturnType<typeof createNoShowService>;

/**
 * `PUT TransportService/noShow` (issue 35): the trip's driver records a confirmed rider as absent,
 * once per action id, only within NO_SHOW_RADIUS_METERS of where the rider boards and at least the
 * branch office's wait after the later of arriving there and the planned time. Arriving is the trip's
 * first position there or, without one, the driver's first press there (refused, and kept). The
 * rider is told.
 */
export function createNoShowService(deps: { db: Db; notifier: Notifier; clock: BookingClock }) {
  const { db, notifier, clock } = deps;

  async function record(tx: Tx, user: AuthUser, driverId: number, body: NoShowRequest) {
    const trip = await lockNoShowTrip(tx, body.intermediateRouteId);
    if (!trip) throw notFound(TRIP_NOT_FOUND);
    if (trip.driverId !== driverId) throw forbidden(NOT_TRIP_DRIVER_MESSAGE);
    if (trip.routeId === null) throw conflict(NO_SHOW_NOT_SCHEDULED_MESSAGE);
    const at = deviceTime(
      body.recordedAt,
      { field: "recordedAt", notBefore: trip.startedAt },
      clock.now(),
    ).getTime();
    if (trip.endedAt && at > trip.endedAt.getTime()) throw conflict(TRIP_FINISHED_MESSAGE);
    const route = await findBookingRoute(tx, trip.routeId);
    const rider = await riderById(tx, body.employeeId);
    if (!route || !rider) throw notFound(BOOKING_EMPLOYEE_NOT_FOUND_MESSAGE);
    const date = clock.serviceDateOfTrip(route, trip.startedAt.getTime());
    await lockRouteDay(tx, route.id, date);
    if (await boardedTrip(tx, trip.id, rider.employeeId)) throw conflict(NO_SHOW_BOARDED_MESSAGE);
    const row = await findBooking(tx, route.id, date, rider.employeeId);
    const assigned = await isAssigned(tx, route.id, rider.employeeId);
    const status = currentStatus(route, row, assigned);
    if (status === "NO_SHOW") {
      // Another press (another phone, another actionId) on the same trip: already done, as recorded.
      if (row?.intermediateRouteId !== trip.id) throw conflict(ALREADY_NO_SHOW_MESSAGE);
      return { response: noShowResponse(trip.id, rider.employeeId, date, row.changedAt), notices: [] };
    }
    if (status !== "CONFIRMED") throw conflict(NO_SHOW_NOT_EXPECTED_MESSAGE);
    const point = await boardingPoint(tx, route, rider);
    if (!point) throw conflict(NO_SHOW_NO_STOP_MESSAGE);
    const meters = greatCircleMeters(body, point);
    if (meters > NO_SHOW_RADIUS_METERS) throw conflict(noShowTooFarMessage(meters, point.name));
    // Arriving: the trip's first position near the point, or its driver's first press there; else
    // this press, which is then kept (refused) so that a press after the wait is accepted.
    const known = await firstArrivalNear(tx, trip.id, point);
    const arrived = Math.min(known ?? at, at);
    const planned = point.time ? clock.timeOn(route, date, point.time) : arrived;
    const waitUntil = Math.max(arrived, planned) + route.noShowWaitMinutes * MINUTE;
    if (at < waitUntil) {
      const message = noShowWaitMessage(clock.hhmm(Math.ceil(waitUntil / MINUTE) * MINUTE));
      if (known !== undefined && known <= at) throw conflict(message);
      throw new FirstPressRefused(message, {
        tripId: trip.id,
        latitude: body.latitude,
        longitude: body.longitude,
        at,
      });
    }
    await writeBooking(tx, {
      routeId: route.id,
      date,
      employeeId: rider.employeeId,
      status: "NO_SHOW",
      assigned,
      reason: null,
      at: new Date(at),
      byUserId: user.id,
      byAdmin: false,
      afterCutoff: true,
      noShow: { intermediateRouteId: trip.id, latitude: body.latitude, longitude: body.longitude },
    });
    const notices: UserNotice[] =
      rider.userStatus === "active" ? [bookingNotices.noShow(rider, route.name, date, clock.hhmm(at))] : [];
    return { response: noShowResponse(trip.id, rider.employeeId, date, new Date(at)), notices };
  }

  return {
    async noShow(user: AuthUser, body: NoShowRequest) {
      const driver = await driverOf(db, user);
      let notices: UserNotice[] = [];
      const result = await applyOnce(db, actionKey(user, "no-show", body), 200, async (tx) => {
        const done = await record(tx, user, driver.id, body);
        notices = done.notices.length > 0 ? await notifier.storeNotices(tx, done.notices) : [];
        return done.response;
      }).catch(async (error: unknown) => {
        if (error instanceof FirstPressRefused) await rememberPress(db, error.press);
        throw error;
      });
      await notifier.pushNotices(notices);
      return result;
    },
  };
}
