import { safeStopAddress, safeStopName, type TodayRoute } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { type DayRouteVersion, dayVersionsOf } from "../day-plans/day-version.js";
import { toRider } from "./expected-rider.js";
import { ridersByIds } from "./field-app-repository.js";

/** The versions of the routes not started yet on their service dates, by `routeId:date`. */
async function versionsOf(db: Db, routes: TodayRoute[]) {
  const byDate = new Map<string, number[]>();
  for (const route of routes) {
    if (route.routeId === null || route.serviceDate === null || route.state !== "Pendiente") continue;
    byDate.set(route.serviceDate, [...(byDate.get(route.serviceDate) ?? []), route.routeId]);
  }
  const versions = new Map<string, DayRouteVersion>();
  for (const [date, ids] of byDate) {
    for (const [routeId, version] of (await dayVersionsOf(db, ids, date)) ?? [])
      versions.set(`${routeId}:${date}`, version);
  }
  return versions;
}

/**
 * «Hoy» and «Mañana» under a plan of the day (issue 36): a route the plan releases on its service
 * date stays listed as released (no stops, no riders: the app says «Liberada»), so its driver knows
 * it does not run rather than wonder where it went; a running route's stops, planned times and
 * expected riders are the day's (riders of other routes included). A route already started keeps
 * what it had; a date without a plan, the standing plan.
 */
export async function withDayVersions(db: Db, routes: TodayRoute[]): Promise<TodayRoute[]> {
  const versions = await versionsOf(db, routes);
  if (versions.size === 0) return routes;
  const known = new Map(routes.flatMap((route) => route.riders.map((rider) => [rider.id, rider] as const)));
  const wanted = [...versions.values()].flatMap((version) =>
    version.stops.flatMap((stop) => stop.employeeIds),
  );
  for (const row of await ridersByIds(
    db,
    [...new Set(wanted)].filter((id) => !known.has(id)),
  ))
    known.set(row.id, toRider(row));
  return routes.map((route) => {
    const version = versions.get(`${route.routeId}:${route.serviceDate}`);
    if (!version) return route;
    if (version.released) return { ...route, released: true, stops: [], riders: [], amountRiders: 0 };
    const riders = version.stops.flatMap((stop) =>
      stop.employeeIds.flatMap((id) => {
        const rider = known.get(id);
        return rider ? [rider] : [];
      }),
    );
    const stops = version.stops.map((stop) => ({
      ...stop,
      name: safeStopName(stop.name, stop.position),
      address: safeStopAddress(stop.address),
    }));
    return { ...route, released: false, stops, riders, amountRiders: riders.length };
  });
}
