import {
  BOOKING_EMPLOYEE_NOT_FOUND_MESSAGE,
  BOOKING_ROUTE_INACTIVE_MESSAGE,
  BOOKING_ROUTE_NOT_FOUND_MESSAGE,
  type BookingAdminRequest,
  type BookingAdminResponse,
  type BookingCancelRequest,
  type BookingCancelResponse,
  type BookingConfirmRequest,
  type BookingConfirmResponse,
  type MyBookingsQuery,
  NO_BOOKING_MESSAGE,
  NO_SHOW_FUTURE_MESSAGE,
  NOT_A_COLLABORATOR_MESSAGE,
  NOT_A_SERVICE_DAY_MESSAGE,
  OTHER_BRANCH_OFFICE_MESSAGE,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { type BookingClock, runsOn } from "./booking-clock.js";
import { bookingManifest } from "./booking-manifest.js";
import { bookingNotices } from "./booking-notices.js";
import { type Rider, riderById, riderOfUser } from "./booking-people-repository.js";
import { dayCountOf, hasFreeSeat, promoteWaitlist } from "./booking-seats.js";
import {
  type BookingRoute,
  type BookingRow,
  deleteBooking,
  findBooking,
  findBookingRoute,
  isAssigned,
  lockRouteDay,
  type NoticeRider,
  waitlistPosition,
  writeBooking,
} from "./bookings-repository.js";
import { myBookings, seatRoutes } from "./my-bookings.js";

/** The rider's booking as it stands: a row's status, else the standing list's default. */
export type CurrentStatus = BookingRow["status"] | "UNCONFIRMED" | "NONE";
export function currentStatus(
  route: BookingRoute,
  row: BookingRow | undefined,
  assigned: boolean,
): CurrentStatus {
  if (row) return row.status;
  if (!assigned) return "NONE";
  return route.confirmationRequired ? "UNCONFIRMED" : "CONFIRMED";
}
const occupiesSeat = (status: CurrentStatus) => status === "CONFIRMED" || status === "NO_SHOW";

export type BookingsService = ReturnType<typeof createBookingsService>;

/** A rider's «No viajaré» / «Sí viajaré» / «Pedir asiento» and an admin's change (decision 0064). */
export function createBookingsService(deps: { db: Db; notifier: Notifier; clock: BookingClock }) {
  const { db, notifier, clock } = deps;

  /** The route's day opened for a change, locked: 404 / 409 when it does not run that day. */
  async function openDay(tx: Tx, routeId: number, date: string) {
    const route = await findBookingRoute(tx, routeId);
    if (!route) throw notFound(BOOKING_ROUTE_NOT_FOUND_MESSAGE);
    if (route.status !== "active") throw conflict(BOOKING_ROUTE_INACTIVE_MESSAGE);
    if (!runsOn(route, date)) throw conflict(NOT_A_SERVICE_DAY_MESSAGE);
    await lockRouteDay(tx, route.id, date);
    return route;
  }

  /** 409 naming the cut-off once it passed (the server's clock decides, not the phone's). */
  function assertBeforeCutoff(route: BookingRoute, date: string, requestedAt?: string) {
    const cutoff = clock.cutoffOn(route, date);
    if (clock.now() < cutoff) return;
    const sent = requestedAt ? Date.parse(requestedAt) : Number.NaN;
    const offline = sent < cutoff ? `; su cambio sin conexión de las ${clock.hhmm(sent)} llegó después` : "";
    throw conflict(`${clock.cutoffMessage(cutoff)}${offline}`);
  }

  async function riderOf(user: AuthUser): Promise<Rider> {
    const rider = await riderOfUser(db, user.id);
    if (!rider) throw forbidden(NOT_A_COLLABORATOR_MESSAGE);
    return rider;
  }

  /** Stores the notices in the transaction; the caller pushes them once it committed. */
  const store = (tx: Tx, notices: UserNotice[]) =>
    notices.length > 0 ? notifier.storeNotices(tx, notices) : Promise.resolve([]);
  const granted = (riders: NoticeRider[], route: BookingRoute, date: string) =>
    riders.map((rider) => bookingNotices.seatGranted(rider, route.name, date));

  /** A rider's change, applied once per action id; its notices pushed after the commit. */
  async function riderChange<T>(
    user: AuthUser,
    kind: string,
    body: { actionId?: string | undefined },
    change: (tx: Tx, rider: Rider) => Promise<{ body: T; notices: UserNotice[] }>,
  ) {
    const rider = await riderOf(user);
    let notices: UserNotice[] = [];
    const result = await applyOnce(db, actionKey(user, kind, body), 200, async (tx) => {
      const done = await change(tx, rider);
      notices = await store(tx, done.notices);
      return done.body;
    });
    await notifier.pushNotices(notices);
    return result;
  }

  return {
    /** «Mis viajes» of the signed-in collaborator. */
    my: async (user: AuthUser, query: MyBookingsQuery) => myBookings(db, clock, await riderOf(user), query),
    /** Where «Pedir asiento» can ask on a date. */
    seatRoutes: async (user: AuthUser, date: string) => seatRoutes(db, clock, await riderOf(user), date),
    /** The manifest of a route's day (a driver: only their routes). */
    manifest: (user: AuthUser, query: { routeId: number; date: string }) =>
      bookingManifest(db, clock, user, query),

    /** «No viajaré»: CANCELLED before the cut-off; a seat it frees goes to the first waiting. */
    cancel: (user: AuthUser, body: BookingCancelRequest) =>
      riderChange(user, "booking-cancel", body, async (tx, rider) => {
        const route = await openDay(tx, body.routeId, body.date);
        assertBeforeCutoff(route, body.date, body.requestedAt);
        const row = await findBooking(tx, route.id, body.date, rider.employeeId);
        const assigned = await isAssigned(tx, route.id, rider.employeeId);
        const before = currentStatus(route, row, assigned);
        if (before === "NONE") throw conflict(NO_BOOKING_MESSAGE);
        const response: BookingCancelResponse = { status: "CANCELLED" };
        await writeBooking(tx, {
          routeId: route.id,
          date: body.date,
          employeeId: rider.employeeId,
          status: "CANCELLED",
          assigned,
          reason: body.reason ?? row?.reason ?? null,
          at: new Date(clock.now()),
          byUserId: user.id,
          byAdmin: false,
          afterCutoff: false,
        });
        const promoted = occupiesSeat(before) ? await promoteWaitlist(tx, route, body.date, clock) : [];
        return { body: response, notices: granted(promoted, route, body.date) };
      }),

    /** «Sí viajaré» / «Pedir asiento»: CONFIRMED with a free seat and nobody waiting, else WAITLISTED. */
    confirm: (user: AuthUser, body: BookingConfirmRequest) =>
      riderChange(user, "booking-confirm", body, async (tx, rider) => {
        const route = await openDay(tx, body.routeId, body.date);
        assertBeforeCutoff(route, body.date, body.requestedAt);
        const row = await findBooking(tx, route.id, body.date, rider.employeeId);
        const assigned = await isAssigned(tx, route.id, rider.employeeId);
        if (!assigned && route.branchOfficeId !== null && route.branchOfficeId !== rider.branchOfficeId) {
          throw forbidden(OTHER_BRANCH_OFFICE_MESSAGE);
        }
        return confirmSeat(tx, route, body.date, rider, user, { row, assigned });
      }),

    /** An admin sets a rider's booking, with a reason, also after the cut-off. */
    async admin(user: AuthUser, body: BookingAdminRequest): Promise<BookingAdminResponse> {
      let notices: UserNotice[] = [];
      const response = await db.transaction(async (tx) => {
        const route = await findBookingRoute(tx, body.routeId);
        if (!route) throw notFound(BOOKING_ROUTE_NOT_FOUND_MESSAGE);
        const rider = await riderById(tx, body.employeeId);
        if (!rider) throw notFound(BOOKING_EMPLOYEE_NOT_FOUND_MESSAGE);
        if (!runsOn(route, body.date)) throw conflict(NOT_A_SERVICE_DAY_MESSAGE);
        if (body.status === "NO_SHOW" && body.date > clock.today()) throw conflict(NO_SHOW_FUTURE_MESSAGE);
        await lockRouteDay(tx, route.id, body.date);
        const done = await adminChange(tx, route, rider, user, body);
        notices = await store(tx, done.notices);
        return done.response;
      });
      await notifier.pushNotices(notices);
      return response;
    },
  };

  async function confirmSeat(
    tx: Tx,
    route: BookingRoute,
    date: string,
    rider: Rider,
    user: AuthUser,
    current: { row: BookingRow | undefined; assigned: boolean },
  ): Promise<{ body: BookingConfirmResponse; notices: UserNotice[] }> {
    const { row, assigned } = current;
    const before = currentStatus(route, row, assigned);
    if (before === "CONFIRMED") return { body: { status: "CONFIRMED" }, notices: [] };
    const position = () => waitlistPosition(tx, route.id, date, rider.employeeId);
    if (before === "WAITLISTED")
      return { body: { status: "WAITLISTED", waitlistPosition: await position() }, notices: [] };
    const base = { routeId: route.id, date, employeeId: rider.employeeId, assigned, reason: null };
    const by = { at: new Date(clock.now()), byUserId: user.id, byAdmin: false, afterCutoff: false };
    const day = await dayCountOf(tx, route, date);
    if (hasFreeSeat(route, day) && day.waitlisted === 0) {
      // Back on the standing list when it is their own route of an opt-out shift: no row needed.
      if (assigned && !route.confirmationRequired) await deleteBooking(tx, route.id, date, rider.employeeId);
      else await writeBooking(tx, { ...base, ...by, status: "CONFIRMED" });
      return { body: { status: "CONFIRMED" }, notices: [] };
    }
    await writeBooking(tx, { ...base, ...by, status: "WAITLISTED" });
    const promoted = await promoteWaitlist(tx, route, date, clock);
    const others = promoted.filter((one) => one.employeeId !== rider.employeeId);
    const notices = granted(others, route, date);
    if (others.length < promoted.length) return { body: { status: "CONFIRMED" }, notices };
    return { body: { status: "WAITLISTED", waitlistPosition: await position() }, notices };
  }

  async function adminChange(
    tx: Tx,
    route: BookingRoute,
    rider: Rider,
    user: AuthUser,
    body: BookingAdminRequest,
  ) {
    const row = await findBooking(tx, route.id, body.date, rider.employeeId);
    const assigned = await isAssigned(tx, route.id, rider.employeeId);
    const before = currentStatus(route, row, assigned);
    const now = clock.now();
    await writeBooking(tx, {
      routeId: route.id,
      date: body.date,
      employeeId: rider.employeeId,
      status: body.status,
      assigned,
      reason: body.reason,
      at: new Date(now),
      byUserId: user.id,
      byAdmin: true,
      afterCutoff: now >= clock.cutoffOn(route, body.date),
    });
    const freed = occupiesSeat(before) && !occupiesSeat(body.status);
    const promoted = freed ? await promoteWaitlist(tx, route, body.date, clock) : [];
    const notices = granted(promoted, route, body.date);
    if (rider.userId !== user.id && rider.userStatus === "active") {
      notices.push(bookingNotices.adminChange(rider, route.name, body.date, body.status, body.reason));
    }
    const response: BookingAdminResponse = {
      status: body.status,
      waitlistPosition:
        body.status === "WAITLISTED"
          ? await waitlistPosition(tx, route.id, body.date, rider.employeeId)
          : null,
      message: "Reserva actualizada",
    };
    return { response, notices };
  }
}
