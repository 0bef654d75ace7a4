import { SEAT_CANCELLED_MESSAGE, SEAT_NO_SHOW_MESSAGE, SEAT_WAITLISTED_MESSAGE } from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import { forbidden } from "../../lib/http-error.js";
import type { SeatTrip, TripSeatCheck } from "../trips/trip-access.js";
import type { BookingClock } from "./booking-clock.js";
import { rowsOfRider } from "./booking-lists-repository.js";
import { type BookingRow, findBooking, findBookingRoute } from "./bookings-repository.js";
import { type DayVersionReader, noDayVersions } from "./day-versions.js";

/** Why a rider with a booking row on the trip's date, not CONFIRMED, does not board. */
const SEAT_REFUSALS: Record<string, string> = {
  CANCELLED: SEAT_CANCELLED_MESSAGE,
  NO_SHOW: SEAT_NO_SHOW_MESSAGE,
  WAITLISTED: SEAT_WAITLISTED_MESSAGE,
};

/** The trip's route (as bookings time it) and its service date. */
async function tripDay(conn: Db | Tx, clock: BookingClock, trip: SeatTrip) {
  if (trip.routeId === null) return undefined;
  const route = await findBookingRoute(conn, trip.routeId);
  if (!route) return undefined;
  return { route, date: clock.serviceDateOfTrip(route, (trip.startedAt ?? new Date(clock.now())).getTime()) };
}

/** The service date of a scheduled route's trip, as bookings decide it (undefined: none). */
export async function tripServiceDate(conn: Db | Tx, clock: BookingClock, trip: SeatTrip) {
  return (await tripDay(conn, clock, trip))?.date;
}

/** The collaborator's booking row on the trip's route for the trip's service date, if any. */
async function seatRowOfTrip(
  conn: Db | Tx,
  day: { route: { id: number }; date: string },
  employeeId: number,
): Promise<BookingRow | undefined> {
  return findBooking(conn, day.route.id, day.date, employeeId);
}

/** The plan of the day seats the collaborator on the trip's route that date (issue 36). */
async function seatedByDay(
  conn: Db | Tx,
  readDay: DayVersionReader,
  day: { route: { id: number }; date: string },
  employeeId: number,
) {
  const plan = await readDay(conn, [day.route.id], day.date);
  const stops = plan?.get(day.route.id)?.stops ?? [];
  return stops.some((stop) => stop.employeeIds.includes(employeeId));
}

/**
 * Whether a collaborator not assigned to the trip's route holds a seat on it (decision 0064): a
 * CONFIRMED booking for the trip's service date counts as being on the roster, and so does a place
 * the plan of the day gives them on it (issue 36) unless they then gave up or missed that date. A
 * CANCELLED, NO_SHOW or WAITLISTED one is refused (403) with its reason; no booking at all answers false.
 */
export async function holdsSeat(
  tx: Tx,
  clock: BookingClock,
  trip: SeatTrip,
  employeeId: number,
  readDay: DayVersionReader = noDayVersions,
) {
  const day = await tripDay(tx, clock, trip);
  if (!day) return false;
  if (await seatedByDay(tx, readDay, day, employeeId)) {
    const rows = await rowsOfRider(tx, employeeId, day.date, day.date);
    const refused = rows.find((row) => row.status === "CANCELLED" || row.status === "NO_SHOW");
    if (refused && !rows.some((row) => row.status === "CONFIRMED"))
      throw forbidden(SEAT_REFUSALS[refused.status]);
    return true;
  }
  const row = await seatRowOfTrip(tx, day, employeeId);
  if (!row) return false;
  if (row.status === "CONFIRMED") return true;
  const refusal = SEAT_REFUSALS[row.status];
  if (refusal) throw forbidden(refusal);
  return false;
}

/**
 * Who may view a trip as a rider («Mi bus», the hub's trip group) without being on its roster: a
 * seat booked on its route that day, held (CONFIRMED), given up (CANCELLED) or missed (NO_SHOW),
 * or a place the plan of the day gives them on it (issue 36); read only. A place on the waitlist is
 * not a seat.
 */
export const tripSeatCheck =
  (clock: BookingClock, readDay: DayVersionReader = noDayVersions): TripSeatCheck =>
  async (db, trip, employeeId) => {
    const day = await tripDay(db, clock, trip);
    if (!day) return false;
    const row = await seatRowOfTrip(db, day, employeeId);
    if (row !== undefined && row.status !== "WAITLISTED") return true;
    return seatedByDay(db, readDay, day, employeeId);
  };
