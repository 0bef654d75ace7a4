import type { BookingRoute, ExplicitCount } from "./bookings-repository.js";

/** A route's day in figures (decision 0064). `seatsUsed` = confirmed + no-shows. */
export type DayCount = {
  confirmed: number;
  cancelled: number;
  waitlisted: number;
  noShow: number;
  /** Cancelled after the cut-off. */
  late: number;
  seatsUsed: number;
};

export type DayCounts = { assigned: Map<number, number>; explicit: ExplicitCount[] };

const key = (routeId: number, date: string) => `${routeId}:${date}`;

/**
 * The figures of each route's day from the active assigned riders and the explicit rows: an
 * assigned rider without a row is CONFIRMED on an opt-out shift and unconfirmed (counted as
 * cancelled, «Sin confirmar») on an opt-in one.
 */
export function dayCountsOf(
  routes: readonly BookingRoute[],
  dates: readonly string[],
  counts: DayCounts,
  /** The assigned riders expected on a day (the report's: only from their assignment on). */
  assignedOn: (routeId: number, date: string) => number = (routeId) => counts.assigned.get(routeId) ?? 0,
) {
  const byDay = new Map<string, ExplicitCount[]>();
  for (const row of counts.explicit) {
    const list = byDay.get(key(row.routeId, row.date)) ?? [];
    list.push(row);
    byDay.set(key(row.routeId, row.date), list);
  }
  const result = new Map<string, DayCount>();
  for (const route of routes) {
    for (const date of dates) {
      result.set(
        key(route.id, date),
        countOf(route, assignedOn(route.id, date), byDay.get(key(route.id, date)) ?? []),
      );
    }
  }
  return { get: (routeId: number, date: string) => result.get(key(routeId, date)) ?? emptyDay() };
}

const emptyDay = (): DayCount => ({
  confirmed: 0,
  cancelled: 0,
  waitlisted: 0,
  noShow: 0,
  late: 0,
  seatsUsed: 0,
});

function countOf(route: BookingRoute, assigned: number, rows: ExplicitCount[]): DayCount {
  const n = (status: string) =>
    rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.n, 0);
  const withoutRow = Math.max(0, assigned - rows.reduce((sum, row) => sum + row.ofAssigned, 0));
  const confirmed = n("CONFIRMED") + (route.confirmationRequired ? 0 : withoutRow);
  const noShow = n("NO_SHOW");
  return {
    confirmed,
    cancelled: n("CANCELLED") + (route.confirmationRequired ? withoutRow : 0),
    waitlisted: n("WAITLISTED"),
    noShow,
    late: rows.reduce((sum, row) => sum + row.late, 0),
    seatsUsed: confirmed + noShow,
  };
}
