import type { Db, Tx } from "../../db/client.js";
import { type DayStop, dayPlanContent, dayPlansOfRoutes } from "./day-plans-repository.js";

/** A route on a date under a day plan: released (no stops), or its stops with times and riders. */
export type DayRouteVersion = { released: boolean; stops: Omit<DayStop, "routeId">[] };

async function versionsOf(conn: Db | Tx, routeIds: number[], serviceDate: string, onlyThese: boolean) {
  const plans = await dayPlansOfRoutes(conn, routeIds, serviceDate);
  if (plans.length === 0) return null;
  const content = await dayPlanContent(conn, plans);
  const wanted = new Set(routeIds);
  const versions = new Map<number, DayRouteVersion>();
  for (const row of content.routes) {
    if (onlyThese && !wanted.has(row.routeId)) continue;
    const stops = row.runs
      ? content.stops.filter((stop) => stop.routeId === row.routeId).map(({ routeId: _id, ...stop }) => stop)
      : [];
    versions.set(row.routeId, { released: !row.runs, stops });
  }
  return versions;
}

/**
 * For other modules (Treiber App, «Mis viajes», trips): the day's version of each route on the
 * date, by route id; routes without a day plan that date are absent (they run the standing plan),
 * and null when none of them has one.
 */
export const dayVersionsOf = (conn: Db | Tx, routeIds: number[], serviceDate: string) =>
  versionsOf(conn, routeIds, serviceDate, true);

/**
 * Every route of the day plans that hold any of the routes on the date (a rider of one route may
 * ride another of the same plan): by route id, null when none has a day plan that date.
 */
export const dayPlanRoutesOf = (conn: Db | Tx, routeIds: number[], serviceDate: string) =>
  versionsOf(conn, routeIds, serviceDate, false);
