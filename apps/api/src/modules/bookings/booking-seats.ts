import type { Tx } from "../../db/client.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-events.js";
import type { BookingClock } from "./booking-clock.js";
import { type DayCount, dayCountsOf } from "./booking-counts.js";
import { type BookingRoute, dayCounts, type NoticeRider, promoteHeads } from "./bookings-repository.js";

/** The route's day in figures, read inside the (route, date) lock. */
export async function dayCountOf(tx: Tx, route: BookingRoute, date: string): Promise<DayCount> {
  return dayCountsOf([route], [date], await dayCounts(tx, [route.id], date, date)).get(route.id, date);
}

/** True when a new confirmation fits: no limit known, or fewer seats used than the route has. */
export const hasFreeSeat = (route: BookingRoute, day: DayCount) =>
  route.seats === null || day.seatsUsed < route.seats;

/**
 * Fills the free seats of the route's day from the head of its waitlist, before the cut-off only
 * (after it, the sweep tells those still waiting «Sin asiento»). Inside the (route, date) lock, so
 * each freed seat promotes exactly one rider, once. Who was promoted.
 */
export async function promoteWaitlist(
  tx: Tx,
  route: BookingRoute,
  date: string,
  clock: BookingClock,
): Promise<NoticeRider[]> {
  if (clock.now() >= clock.cutoffOn(route, date)) return [];
  const day = await dayCountOf(tx, route, date);
  if (day.waitlisted === 0) return [];
  const free = route.seats === null ? day.waitlisted : route.seats - day.seatsUsed;
  if (free <= 0) return [];
  const promoted = await promoteHeads(tx, route.id, date, free, new Date(clock.now()));
  // Webhooks' booking.changed, in the promotion's transaction (decision 0085).
  for (const rider of promoted) {
    await enqueueWebhookEvent(tx, "booking.changed", {
      employeeId: rider.employeeId,
      routeId: route.id,
      date,
      status: "CONFIRMED",
      by: "waitlist",
    });
  }
  return promoted;
}
