import type { Db, Tx } from "../../db/client.js";
import {
  type DayPlanContent,
  type DayStop,
  dayPlanContentByDate,
  dayPlansOfRoutesOn,
  type RoutesOnDate,
} from "./day-plans-repository.js";

/** A route on a date under a day plan: released (no stops), or its stops with times and riders. */
export type DayRouteVersion = { released: boolean; stops: Omit<DayStop, "routeId">[] };

/** The versions of a date's routes (all of its plans' routes, or only the routes asked about). */
function versionsFrom(content: DayPlanContent, routeIds: number[], onlyThese: boolean) {
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

/** Each date's versions, by date; a date none of whose routes has a day plan is absent. */
async function versionsOn(conn: Db | Tx, wanted: RoutesOnDate[], onlyThese: boolean) {
  const byDate = new Map<string, Map<number, DayRouteVersion>>();
  const plans = await dayPlansOfRoutesOn(conn, wanted);
  if (plans.size === 0) return byDate;
  const contents = await dayPlanContentByDate(conn, [...new Set([...plans.values()].flat())]);
  for (const { date, routeIds } of wanted) {
    if (!plans.has(date)) continue;
    const content = contents.get(date) ?? { routes: [], stops: [] };
    byDate.set(date, versionsFrom(content, routeIds, onlyThese));
  }
  return byDate;
}

const versionsOf = async (conn: Db | Tx, routeIds: number[], serviceDate: string, onlyThese: boolean) =>
  (await versionsOn(conn, [{ date: serviceDate, routeIds }], onlyThese)).get(serviceDate) ?? null;

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

/**
 * `dayPlanRoutesOf` for several dates at once («Mis viajes»' 14 days): each date's routes, by
 * date; a date none of whose routes has a day plan is absent. Four reads at most for all dates.
 */
export const dayPlanRoutesOn = (conn: Db | Tx, wanted: RoutesOnDate[]) => versionsOn(conn, wanted, false);
