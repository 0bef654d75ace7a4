import type { Db } from "../../db/client.js";
import type { BookingClock } from "../bookings/booking-clock.js";
import { tripServiceDate } from "../bookings/seat-holder.js";
import { dayPlanRoutesOf } from "../day-plans/day-version.js";
import type { SeatTrip } from "../trips/trip-access.js";
import { rosterOf, rosterRowsOf } from "../trips/trip-rider-repository.js";

/**
 * Who is expected on a trip: its route's roster, or under a plan of the day on the trip's service
 * date (issue 36) the riders the day puts on it, plus its own riders the plan seats nowhere; its
 * riders moved to another route of the plan are expected there.
 */
export async function dayRosterOf(db: Db, clock: BookingClock, trip: SeatTrip) {
  const roster = await rosterOf(db, trip);
  if (trip.routeId === null) return roster;
  const date = await tripServiceDate(db, clock, trip);
  const plan = date ? await dayPlanRoutesOf(db, [trip.routeId], date) : null;
  const version = plan?.get(trip.routeId);
  if (!plan || !version) return roster;
  const here = new Set(version.stops.flatMap((stop) => stop.employeeIds));
  const placed = new Set(
    [...plan.values()].flatMap((route) => route.stops.flatMap((stop) => stop.employeeIds)),
  );
  const kept = roster.filter((row) => here.has(row.employeeId) || !placed.has(row.employeeId));
  const listed = new Set(kept.map((row) => row.employeeId));
  const joining = await rosterRowsOf(
    db,
    [...here].filter((id) => !listed.has(id)),
  );
  return [...kept, ...joining];
}
