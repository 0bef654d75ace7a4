import {
  BOOKING_EMPLOYEE_NOT_FOUND_MESSAGE,
  BOOKING_ROUTE_NOT_FOUND_MESSAGE,
  type BookingAdminRequest,
  type BookingAdminResponse,
  type BookingCancelRequest,
  type BookingConfirmRequest,
  type MyBookingsQuery,
  NO_SHOW_FUTURE_MESSAGE,
  NOT_A_COLLABORATOR_MESSAGE,
  NOT_A_SERVICE_DAY_MESSAGE,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-events.js";
import { adminChange, type Changed, cancelBooking, confirmBooking } from "./booking-changes.js";
import { type BookingClock, runsOn } from "./booking-clock.js";
import { type Rider, riderById, riderOfUser } from "./booking-people-repository.js";
import { findBookingRoute, lockRouteDay } from "./bookings-repository.js";
import { dayManifest } from "./day-manifest.js";
import { type DayVersionsReader, noDayVersionsOn } from "./day-versions.js";
import { myBookings, seatRoutes } from "./my-bookings.js";

export type BookingsService = ReturnType<typeof createBookingsService>;
type BookingsDeps = {
  db: Db;
  notifier: Notifier;
  clock: BookingClock;
  /** The plans of the day (issue 36): «Mis viajes» and the manifest read the day's version. */
  days?: DayVersionsReader;
};

/** Stores the notices in the transaction; the caller pushes them once it committed. */
const storeIn = (notifier: Notifier, tx: Tx, notices: UserNotice[]) =>
  notices.length > 0 ? notifier.storeNotices(tx, notices) : Promise.resolve([]);

/** Webhooks' booking.changed, in the change's transaction (decision 0085). */
const bookingChanged = (
  tx: Tx,
  booking: { employeeId: number; routeId: number; date: string },
  status: string,
  by: "rider" | "admin",
) => enqueueWebhookEvent(tx, "booking.changed", { ...booking, status, by });

/** An admin's change, in one transaction with the route's day locked; its notices pushed after. */
async function adminBooking(deps: BookingsDeps, user: AuthUser, body: BookingAdminRequest) {
  const { db, notifier, clock } = deps;
  let notices: UserNotice[] = [];
  const response = await db.transaction(async (tx): Promise<BookingAdminResponse> => {
    const route = await findBookingRoute(tx, body.routeId);
    if (!route) throw notFound(BOOKING_ROUTE_NOT_FOUND_MESSAGE);
    const rider = await riderById(tx, body.employeeId);
    if (!rider) throw notFound(BOOKING_EMPLOYEE_NOT_FOUND_MESSAGE);
    if (!runsOn(route, body.date)) throw conflict(NOT_A_SERVICE_DAY_MESSAGE);
    if (body.status === "NO_SHOW" && body.date > clock.today()) throw conflict(NO_SHOW_FUTURE_MESSAGE);
    await lockRouteDay(tx, route.id, body.date);
    const done = await adminChange(tx, clock, { route, rider, user, body });
    notices = await storeIn(notifier, tx, done.notices);
    await bookingChanged(
      tx,
      { employeeId: rider.employeeId, routeId: route.id, date: body.date },
      done.body.status,
      "admin",
    );
    return done.body;
  });
  await notifier.pushNotices(notices);
  return response;
}

/** A rider's «No viajaré» / «Sí viajaré» / «Pedir asiento» and an admin's change (decision 0064). */
export function createBookingsService(deps: BookingsDeps) {
  const { db, notifier, clock } = deps;
  const days = deps.days ?? noDayVersionsOn;

  async function riderOf(user: AuthUser): Promise<Rider> {
    const rider = await riderOfUser(db, user.id);
    if (!rider) throw forbidden(NOT_A_COLLABORATOR_MESSAGE);
    return rider;
  }

  /** A rider's change, applied once per action id; its notices pushed after the commit. */
  async function riderChange<T extends { status: string }>(
    user: AuthUser,
    kind: string,
    body: { actionId?: string | undefined; routeId: number; date: string },
    change: (tx: Tx, rider: Rider) => Promise<Changed<T>>,
  ) {
    const rider = await riderOf(user);
    let notices: UserNotice[] = [];
    const result = await applyOnce(db, actionKey(user, kind, body), 200, async (tx) => {
      const done = await change(tx, rider);
      notices = await storeIn(notifier, tx, done.notices);
      const booking = { employeeId: rider.employeeId, routeId: body.routeId, date: body.date };
      await bookingChanged(tx, booking, done.body.status, "rider");
      return done.body;
    });
    await notifier.pushNotices(notices);
    return result;
  }

  return {
    /** «Mis viajes» of the signed-in collaborator. */
    my: async (user: AuthUser, query: MyBookingsQuery) =>
      myBookings(db, clock, await riderOf(user), query, days),
    /** Where «Pedir asiento» can ask on a date. */
    seatRoutes: async (user: AuthUser, date: string) => seatRoutes(db, clock, await riderOf(user), date),
    /** The manifest of a route's day (a driver: only their routes), the plan of the day's if any. */
    manifest: (user: AuthUser, query: { routeId: number; date: string }) =>
      dayManifest(db, clock, days, user, query),
    /** «No viajaré»: CANCELLED before the cut-off; a seat it frees goes to the first waiting. */
    cancel: (user: AuthUser, body: BookingCancelRequest) =>
      riderChange(user, "booking-cancel", body, (tx, rider) =>
        cancelBooking(tx, clock, { user, rider, body }),
      ),
    /** «Sí viajaré» / «Pedir asiento»: CONFIRMED with a free seat and nobody waiting, else WAITLISTED. */
    confirm: (user: AuthUser, body: BookingConfirmRequest) =>
      riderChange(user, "booking-confirm", body, (tx, rider) =>
        confirmBooking(tx, clock, { user, rider, body }),
      ),
    /** An admin sets a rider's booking, with a reason, also after the cut-off. */
    admin: (user: AuthUser, body: BookingAdminRequest) => adminBooking(deps, user, body),
  };
}
