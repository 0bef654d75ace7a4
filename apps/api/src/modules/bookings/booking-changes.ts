import {
  BOOKING_ROUTE_INACTIVE_MESSAGE,
  BOOKING_ROUTE_NOT_FOUND_MESSAGE,
  type BookingAdminRequest,
  type BookingAdminResponse,
  type BookingCancelRequest,
  type BookingCancelResponse,
  type BookingConfirmRequest,
  type BookingConfirmResponse,
  NO_BOOKING_MESSAGE,
  NOT_A_SERVICE_DAY_MESSAGE,
  OTHER_BRANCH_OFFICE_MESSAGE,
} from "@treiber/contract";
import type { Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import type { UserNotice } from "../notifications/notification-service.js";
import { type BookingClock, runsOn } from "./booking-clock.js";
import { bookingNotices } from "./booking-notices.js";
import type { Rider } from "./booking-people-repository.js";
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

/** A change's answer and the notices to store with it (pushed once it committed). */
export type Changed<T> = { body: T; notices: UserNotice[] };

const granted = (riders: NoticeRider[], route: BookingRoute, date: string) =>
  riders.map((rider) => bookingNotices.seatGranted(rider, route.name, date));

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
function assertBeforeCutoff(clock: BookingClock, route: BookingRoute, date: string, requestedAt?: string) {
  const cutoff = clock.cutoffOn(route, date);
  if (clock.now() < cutoff) return;
  const sent = requestedAt ? Date.parse(requestedAt) : Number.NaN;
  const offline = sent < cutoff ? `; su cambio sin conexión de las ${clock.hhmm(sent)} llegó después` : "";
  throw conflict(`${clock.cutoffMessage(cutoff)}${offline}`);
}

/** «No viajaré»: CANCELLED before the cut-off; a seat it frees goes to the first waiting. */
export async function cancelBooking(
  tx: Tx,
  clock: BookingClock,
  change: { user: AuthUser; rider: Rider; body: BookingCancelRequest },
): Promise<Changed<BookingCancelResponse>> {
  const { user, rider, body } = change;
  const route = await openDay(tx, body.routeId, body.date);
  assertBeforeCutoff(clock, route, body.date, body.requestedAt);
  const row = await findBooking(tx, route.id, body.date, rider.employeeId);
  const assigned = await isAssigned(tx, route.id, rider.employeeId);
  const before = currentStatus(route, row, assigned);
  if (before === "NONE") throw conflict(NO_BOOKING_MESSAGE);
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
  return { body: { status: "CANCELLED" }, notices: granted(promoted, route, body.date) };
}

/** «Sí viajaré» / «Pedir asiento»: own route, or a seat on another route of the branch office. */
export async function confirmBooking(
  tx: Tx,
  clock: BookingClock,
  change: { user: AuthUser; rider: Rider; body: BookingConfirmRequest },
): Promise<Changed<BookingConfirmResponse>> {
  const { user, rider, body } = change;
  const route = await openDay(tx, body.routeId, body.date);
  assertBeforeCutoff(clock, route, body.date, body.requestedAt);
  const row = await findBooking(tx, route.id, body.date, rider.employeeId);
  const assigned = await isAssigned(tx, route.id, rider.employeeId);
  if (!assigned && route.branchOfficeId !== null && route.branchOfficeId !== rider.branchOfficeId) {
    throw forbidden(OTHER_BRANCH_OFFICE_MESSAGE);
  }
  return confirmSeat(tx, clock, { route, date: body.date, rider, user, row, assigned });
}

/** CONFIRMED with a free seat and nobody waiting, else WAITLISTED (promoted at once if it can be). */
async function confirmSeat(
  tx: Tx,
  clock: BookingClock,
  seat: {
    route: BookingRoute;
    date: string;
    rider: Rider;
    user: AuthUser;
    row: BookingRow | undefined;
    assigned: boolean;
  },
): Promise<Changed<BookingConfirmResponse>> {
  const { route, date, rider, user, row, assigned } = seat;
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

/** An admin's change of a rider's booking on a locked day: written, freed seats promoted, the rider told. */
export async function adminChange(
  tx: Tx,
  clock: BookingClock,
  change: { route: BookingRoute; rider: Rider; user: AuthUser; body: BookingAdminRequest },
): Promise<Changed<BookingAdminResponse>> {
  const { route, rider, user, body } = change;
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
  const waiting = body.status === "WAITLISTED";
  const response: BookingAdminResponse = {
    status: body.status,
    waitlistPosition: waiting ? await waitlistPosition(tx, route.id, body.date, rider.employeeId) : null,
    message: "Reserva actualizada",
  };
  return { body: response, notices };
}
