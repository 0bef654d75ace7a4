import {
  type PlanningDriver,
  type PlanningProposal,
  type PlanParams,
  type PlanRoute,
  plannedRouteName,
  plannedRouteNumber,
  planRouteCost,
  zeroCostRoutes,
} from "@treiber/contract";
import { type PlanChanges, routesToWrite } from "./plan-changes";

/**
 * The plan's routes priced as Planning/apply will write them (issue 33): each by its driver's
 * supplier rate (a move changes a route's km, so a rate per km changes its cost), else the
 * driver's own cost here. A route whose driver is not in the context keeps the server's cost.
 */
export function priceRoutes(
  routes: readonly PlanRoute[],
  drivers: readonly PlanningDriver[],
  params: PlanParams,
): PlanRoute[] {
  const byId = new Map(drivers.map((driver) => [driver.driverId, driver]));
  return routes.map((route) => {
    const driver = route.driverId === null ? undefined : byId.get(route.driverId);
    if (!driver) return route;
    const cost = planRouteCost(route, driver, params);
    return cost === route.cost ? route : { ...route, cost };
  });
}

/** The routes the plan would write at $0 a trip (the next cut would bill them at $0). */
export const zeroCostToWrite = (routes: readonly PlanRoute[]) => zeroCostRoutes(routesToWrite(routes));

/**
 * The name of a route the admin opens for a driver: «<Turno> <n>», `n` past the numbers the
 * proposal says are taken and those of the plan's routes.
 */
export function nextRouteName(shiftName: string, routes: readonly PlanRoute[], firstFree: number): string {
  const used = new Set(routes.flatMap((route) => plannedRouteNumber(route.name, shiftName) ?? []));
  let n = Math.max(1, firstFree);
  while (used.has(n)) n++;
  return plannedRouteName(shiftName, n, null);
}

/**
 * Who the plan leaves without a route on this shift, by name: the riders it could not place (and
 * the admin did not place by hand) and those it takes off the route they were on.
 */
export function ridersLeftWithoutRoute(
  unassigned: PlanningProposal["unassigned"],
  changes: Pick<PlanChanges, "riders">,
): { employeeId: number; name: string }[] {
  const names = new Map<number, string>();
  for (const rider of unassigned) names.set(rider.employeeId, `${rider.name} ${rider.lastname}`.trim());
  for (const change of changes.riders) {
    if (change.kind === "removed") names.set(change.employeeId, change.name);
  }
  return [...names]
    .map(([employeeId, name]) => ({ employeeId, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "es") || a.employeeId - b.employeeId);
}
