import type { Db, Tx } from "../../db/client.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { alignRows } from "./booking-assignments-repository.js";
import type { BookingClock } from "./booking-clock.js";
import { bookingNotices } from "./booking-notices.js";
import { promoteWaitlist } from "./booking-seats.js";
import { findBookingRoute, lockRouteDay, waitlistedDays } from "./bookings-repository.js";

/**
 * Hooks for whatever assigns or removes riders (addRoute/removeRoute, Planificación's apply): in
 * their transaction, `alignBookingsWithRiders`; once it committed, `rebalanceWaitlists` gives the
 * seats that freed to the first waiting on each coming day. The import assigns no routes. Both
 * read the app's bookings clock (`SharedServices.bookingClock`): "today" and the cut-off are the
 * branch offices', as in the rest of the module.
 */
export async function alignBookingsWithRiders(tx: Tx, routeIds: number[], clock: BookingClock) {
  await alignRows(tx, routeIds, clock.today());
}

/** Promotes, on each coming day of the routes with riders waiting, as many as there are free seats. */
export async function rebalanceWaitlists(
  db: Db,
  notifier: Pick<Notifier, "storeNotices" | "pushNotices">,
  routeIds: number[],
  clock: BookingClock,
) {
  const days = await waitlistedDays(db, routeIds, clock.today());
  for (const { routeId, date } of days) {
    const stored = await db.transaction(async (tx): Promise<UserNotice[]> => {
      const route = await findBookingRoute(tx, routeId);
      if (route?.status !== "active") return [];
      await lockRouteDay(tx, routeId, date);
      const promoted = await promoteWaitlist(tx, route, date, clock);
      const notices = promoted.map((rider) => bookingNotices.seatGranted(rider, route.name, date));
      return notices.length > 0 ? notifier.storeNotices(tx, notices) : [];
    });
    await notifier.pushNotices(stored);
  }
}
