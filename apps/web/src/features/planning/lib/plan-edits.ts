import {
  type PlanningDriver,
  type PlanParams,
  type PlanPoint,
  type PlanRoute,
  type PlanStop,
  safeStopAddress,
  scheduleStops,
  stopNameFor,
} from "@treiber/contract";
import { cheapestInsertionIndex } from "./cheapest-insertion";

/**
 * The admin's edits of a proposal, as pure functions over its routes: move a whole stop or one
 * rider to another route. The routes they touch get their planned times again from the contract's
 * travel model, the one the server writes them with on apply.
 */

/** A rider's home, where a rider moved alone gets their own stop. */
export type RiderHome = PlanPoint & { employeeId: number; name: string; address: string | null };

/** The route with the planned time of every stop recomputed. */
export function reschedule(route: PlanRoute, params: PlanParams): PlanRoute {
  const schedule = scheduleStops(route.stops, params);
  return {
    ...route,
    stops: route.stops.map((stop, index) => ({
      ...stop,
      plannedTime: schedule.stops[index]?.plannedTime ?? stop.plannedTime,
    })),
  };
}

/** Where the stop is: its route and its index there, or null. */
export function findStop(routes: readonly PlanRoute[], stopKey: string) {
  for (const route of routes) {
    const index = route.stops.findIndex((stop) => stop.key === stopKey);
    if (index >= 0) return { route, index, stop: route.stops[index] as PlanStop };
  }
  return null;
}

/** Where the rider boards (inbound) or alights (outbound): the route and the stop, or null. */
export function findRider(routes: readonly PlanRoute[], employeeId: number) {
  for (const route of routes) {
    const stop = route.stops.find((candidate) => candidate.employeeIds.includes(employeeId));
    if (stop) return { route, stop };
  }
  return null;
}

function insertStop(route: PlanRoute, stop: PlanStop, params: PlanParams): PlanRoute {
  const index = cheapestInsertionIndex(route.stops, stop, params.direction, params.workplace);
  const stops = [...route.stops];
  stops.splice(index, 0, stop);
  return { ...route, stops };
}

const samePlace = (a: PlanPoint, b: PlanPoint) =>
  Math.abs(a.latitude - b.latitude) < 1e-7 && Math.abs(a.longitude - b.longitude) < 1e-7;

function uniqueStopKey(routes: readonly PlanRoute[], base: string): string {
  const keys = new Set(routes.flatMap((route) => route.stops.map((stop) => stop.key)));
  let key = base;
  for (let n = 2; keys.has(key); n++) key = `${base}-${n}`;
  return key;
}

/** Replaces the routes whose key is in `changed` by their rescheduled versions. */
function withChanged(routes: readonly PlanRoute[], changed: PlanRoute[], params: PlanParams): PlanRoute[] {
  const byKey = new Map(changed.map((route) => [route.key, reschedule(route, params)]));
  return routes.map((route) => byKey.get(route.key) ?? route);
}

/**
 * Moves a whole stop, with its riders, to another route, at the place where it adds the fewest km.
 * Unchanged when the stop or the route is unknown, or the stop is already there.
 */
export function moveStop(
  routes: readonly PlanRoute[],
  stopKey: string,
  targetKey: string,
  params: PlanParams,
): PlanRoute[] {
  const found = findStop(routes, stopKey);
  const target = routes.find((route) => route.key === targetKey);
  if (!found || !target || found.route.key === targetKey) return [...routes];
  const source = { ...found.route, stops: found.route.stops.filter((stop) => stop.key !== stopKey) };
  return withChanged(routes, [source, insertStop(target, found.stop, params)], params);
}

/**
 * Moves one rider to another route: they leave their stop (an emptied stop goes away) and board
 * at their own home, a new stop at the place of the target route where it adds the fewest km (or
 * the target's stop already at that very place). Without a known home, at the place of the stop
 * they left. A rider on no route (unassigned) is added the same way. A stop at a home is named
 * after its street without the house number, else «Parada N» (issue 33): other riders may join it.
 */
export function moveRider(
  routes: readonly PlanRoute[],
  employeeId: number,
  targetKey: string,
  home: RiderHome | null,
  params: PlanParams,
): PlanRoute[] {
  const target = routes.find((route) => route.key === targetKey);
  const found = findRider(routes, employeeId);
  if (!target || found?.route.key === targetKey) return [...routes];
  const atHome = home
    ? {
        ...home,
        name: stopNameFor({ address: home.address }, target.stops.length + 1),
        address: safeStopAddress(home.address),
      }
    : null;
  const place: (PlanPoint & { name: string; address: string | null }) | null =
    atHome ?? (found ? found.stop : null);
  if (!place) return [...routes];

  const changed: PlanRoute[] = [];
  let targetNow = target;
  if (found) {
    const stops = found.route.stops
      .map((stop) =>
        stop.key === found.stop.key
          ? { ...stop, employeeIds: stop.employeeIds.filter((id) => id !== employeeId) }
          : stop,
      )
      .filter((stop) => stop.employeeIds.length > 0);
    changed.push({ ...found.route, stops });
  }
  const existing = targetNow.stops.find((stop) => samePlace(stop, place));
  if (existing) {
    targetNow = {
      ...targetNow,
      stops: targetNow.stops.map((stop) =>
        stop === existing ? { ...stop, employeeIds: [...stop.employeeIds, employeeId] } : stop,
      ),
    };
  } else {
    const stop: PlanStop = {
      key: uniqueStopKey(routes, `rider-${employeeId}`),
      name: place.name,
      address: place.address,
      latitude: place.latitude,
      longitude: place.longitude,
      plannedTime: "",
      employeeIds: [employeeId],
    };
    targetNow = insertStop(targetNow, stop, params);
  }
  changed.push(targetNow);
  return withChanged(routes, changed, params);
}

/** Key of the route a driver would open in the plan (`new-driver-<id>`). */
export const newRouteKey = (driverId: number) => `new-driver-${driverId}`;

/**
 * A new empty route for a driver not used by the plan, named `name` («<Turno> <n>», a free number:
 * see nextRouteName), « (2)» after it if the plan already has that name.
 */
export function addRouteFor(routes: readonly PlanRoute[], driver: PlanningDriver, name: string): PlanRoute[] {
  if (routes.some((route) => route.driverId === driver.driverId)) return [...routes];
  const names = new Set(routes.map((route) => route.name.toLowerCase()));
  let free = name;
  for (let n = 2; names.has(free.toLowerCase()); n++) free = `${name} (${n})`;
  return [
    ...routes,
    {
      key: newRouteKey(driver.driverId),
      // The route this driver already drives on the shift is updated, not replaced by a new one
      // (as the planner's own proposal does): its trips, history and cost stay with it.
      routeId:
        driver.routeId !== null && !routes.some((route) => route.routeId === driver.routeId)
          ? driver.routeId
          : null,
      name: free,
      driverId: driver.driverId,
      driverName: `${driver.name} ${driver.lastname}`,
      supplierName: driver.supplierName,
      vehiclePlate: driver.vehiclePlate,
      seats: driver.seats,
      cost: driver.cost,
      stops: [],
    },
  ];
}
