import { SEAT_CANCELLED_MESSAGE, SEAT_NO_SHOW_MESSAGE, SEAT_WAITLISTED_MESSAGE } from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import { forbidden } from "../../lib/http-error.js";
import type { SeatTrip, TripSeatCheck } from "../trips/trip-access.js";
import type { BookingClock } from "./booking-clock.js";
import { type BookingRow, findBooking, findBookingRoute } from "./bookings-repository.js";

/** Why a rider with a booking row on the trip's date, not CONFIRMED, does not board. */
const SEAT_REFUSALS: Record<string, string> = {
  CANCELLED: SEAT_CANCELLED_MESSAGE,
  NO_SHOW: SEAT_NO_SHOW_MESSAGE,
  WAITLISTED: SEAT_WAITLISTED_MESSAGE,
};

/** The collaborator's booking row on the trip's route for the trip's service date, if any. */
async function seatRowOfTrip(
  conn: Db | Tx,
  clock: BookingClock,
  trip: SeatTrip,
  employeeId: number,
): Promise<BookingRow | undefined> {
  if (trip.routeId === null) return undefined;
  const route = await findBookingRoute(conn, trip.routeId);
  if (!route) return undefined;
  const date = clock.serviceDateOfTrip(route, (trip.startedAt ?? new Date(clock.now())).getTime());
  return findBooking(conn, route.id, date, employeeId);
}

/**
 * Whether a collaborator not assigned to the trip's route holds a seat on it (decision 0064): a
 * CONFIRMED booking for the trip's service date counts as being on the roster. A CANCELLED,
 * NO_SHOW or WAITLISTED one is refused (403) with its reason; no booking at all answers false.
 */
export async function holdsSeat(tx: Tx, clock: BookingClock, trip: SeatTrip, employeeId: number) {
  const row = await seatRowOfTrip(tx, clock, trip, employeeId);
  if (!row) return false;
  if (row.status === "CONFIRMED") return true;
  const refusal = SEAT_REFUSALS[row.status];
  if (refusal) throw forbidden(refusal);
  return false;
}

/**
 * Who may view a trip as a rider («Mi bus», the hub's trip group) without being on its roster: a
 * seat booked on its route that day, held (CONFIRMED), given up (CANCELLED) or missed (NO_SHOW);
 * read only. A place on the waitlist is not a seat.
 */
export const tripSeatCheck =
  (clock: BookingClock): TripSeatCheck =>
  async (db, trip, employeeId) => {
    const row = await seatRowOfTrip(db, clock, trip, employeeId);
    return row !== undefined && row.status !== "WAITLISTED";
  };
