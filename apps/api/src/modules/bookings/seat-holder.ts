import { SEAT_CANCELLED_MESSAGE, SEAT_NO_SHOW_MESSAGE, SEAT_WAITLISTED_MESSAGE } from "@treiber/contract";
import type { Tx } from "../../db/client.js";
import { forbidden } from "../../lib/http-error.js";
import type { BookingClock } from "./booking-clock.js";
import { findBooking, findBookingRoute } from "./bookings-repository.js";

/** Why a rider with a booking row on the trip's date, not CONFIRMED, does not board. */
const SEAT_REFUSALS: Record<string, string> = {
  CANCELLED: SEAT_CANCELLED_MESSAGE,
  NO_SHOW: SEAT_NO_SHOW_MESSAGE,
  WAITLISTED: SEAT_WAITLISTED_MESSAGE,
};

/**
 * Whether a collaborator not assigned to the trip's route holds a seat on it (decision 0064): a
 * CONFIRMED booking for the trip's service date counts as being on the roster. A CANCELLED,
 * NO_SHOW or WAITLISTED one is refused (403) with its reason; no booking at all answers false.
 */
export async function holdsSeat(
  tx: Tx,
  clock: BookingClock,
  trip: { routeId: number | null; startedAt: Date | null },
  employeeId: number,
): Promise<boolean> {
  if (trip.routeId === null) return false;
  const route = await findBookingRoute(tx, trip.routeId);
  if (!route) return false;
  const date = clock.serviceDateOfTrip(route, (trip.startedAt ?? new Date(clock.now())).getTime());
  const row = await findBooking(tx, route.id, date, employeeId);
  if (!row) return false;
  if (row.status === "CONFIRMED") return true;
  const refusal = SEAT_REFUSALS[row.status];
  if (refusal) throw forbidden(refusal);
  return false;
}
