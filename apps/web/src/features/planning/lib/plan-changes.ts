import type { PlanningApplyRequest, PlanningContext, PlanParams, PlanRoute } from "@treiber/contract";

/** What applying a plan changes, for the confirmation. */
export interface PlanChanges {
  created: PlanRoute[];
  updated: PlanRoute[];
  /** The shift's current routes to this workplace that the plan leaves out (they lose riders and stops). */
  deactivated: { routeId: number | null; name: string }[];
  /** Riders whose route or stop changes (the server notifies them). */
  riders: RiderChange[];
}

export interface RiderChange {
  employeeId: number;
  name: string;
  /** `route`: to another route (or onto one); `stop`: same route, another stop; `removed`: left without route. */
  kind: "route" | "stop" | "removed";
  from: string | null;
  to: string | null;
}

/** Routes the plan writes: those with at least one rider (an emptied route is left out). */
export const routesToWrite = (routes: readonly PlanRoute[]) =>
  routes.filter((route) => route.stops.some((stop) => stop.employeeIds.length > 0));

type Place = { routeId: number | null; routeKey: string; routeName: string; stop: string | null };

/** Two points within a micro-degree (~10 cm) are one place. */
const placeKey = (latitude: number, longitude: number) =>
  `${Math.round(latitude * 1e6)},${Math.round(longitude * 1e6)}`;

/** Where each rider is in a set of routes: route and stop (by its place). */
function places(routes: readonly PlanRoute[]): Map<number, Place> {
  const result = new Map<number, Place>();
  for (const route of routes) {
    for (const stop of route.stops) {
      for (const employeeId of stop.employeeIds) {
        result.set(employeeId, {
          routeId: route.routeId,
          routeKey: route.key,
          routeName: route.name,
          stop: placeKey(stop.latitude, stop.longitude),
        });
      }
    }
  }
  return result;
}

/** What applying `routes` changes against the context's current routes and riders. */
export function planChanges(
  context: Pick<PlanningContext, "current" | "riders">,
  routes: readonly PlanRoute[],
): PlanChanges {
  const written = routesToWrite(routes);
  const keptIds = new Set(written.flatMap((route) => (route.routeId === null ? [] : [route.routeId])));
  const deactivated = context.current.routes
    .filter((route) => route.routeId === null || !keptIds.has(route.routeId))
    .map((route) => ({ routeId: route.routeId, name: route.name }));

  // Now: the current routes' stops, and the riders on a route of this shift without a stop yet.
  const before = places(context.current.routes);
  for (const rider of context.riders) {
    if (rider.routeId !== null && !before.has(rider.employeeId)) {
      before.set(rider.employeeId, {
        routeId: rider.routeId,
        routeKey: `route-${rider.routeId}`,
        routeName: rider.routeName ?? "",
        stop: null,
      });
    }
  }
  const after = places(written);
  const names = new Map(context.riders.map((rider) => [rider.employeeId, `${rider.name} ${rider.lastname}`]));
  const nameOf = (employeeId: number) => names.get(employeeId) ?? `Colaborador ${employeeId}`;

  const riders: RiderChange[] = [];
  for (const [employeeId, now] of after) {
    const was = before.get(employeeId);
    const name = nameOf(employeeId);
    if (!was || now.routeId === null || was.routeId !== now.routeId) {
      riders.push({ employeeId, name, kind: "route", from: was?.routeName ?? null, to: now.routeName });
    } else if (was.stop !== now.stop) {
      riders.push({ employeeId, name, kind: "stop", from: was.routeName, to: now.routeName });
    }
  }
  for (const [employeeId, was] of before) {
    if (!after.has(employeeId)) {
      riders.push({ employeeId, name: nameOf(employeeId), kind: "removed", from: was.routeName, to: null });
    }
  }
  riders.sort((a, b) => a.name.localeCompare(b.name, "es"));

  return {
    created: written.filter((route) => route.routeId === null),
    updated: written.filter((route) => route.routeId !== null),
    deactivated,
    riders,
  };
}

/** Why the plan cannot be sent as it is (a route without driver or seats), or null. */
export function applyProblem(routes: readonly PlanRoute[]): string | null {
  const written = routesToWrite(routes);
  if (written.length === 0) return "La propuesta no tiene rutas con colaboradores";
  const noDriver = written.find((route) => route.driverId === null);
  if (noDriver) return `${noDriver.name} no tiene chofer`;
  const noSeats = written.find((route) => !route.seats);
  if (noSeats) return `${noSeats.name} no tiene asientos`;
  return null;
}

/** The `Planning/apply` body: the routes with riders, their stops in order (the server recomputes the times). */
export function applyRequest(input: {
  shiftId: number;
  destinationId: number;
  dayIds: number[];
  version: string;
  params: Pick<PlanParams, "serviceMinutes" | "maxRideMinutes">;
  routes: readonly PlanRoute[];
  /** The admin accepted the rides over the maximum (issue 33). */
  acceptBrokenLimits?: boolean;
}): PlanningApplyRequest {
  return {
    shiftId: input.shiftId,
    destinationId: input.destinationId,
    dayIds: [...input.dayIds].sort((a, b) => a - b),
    version: input.version,
    serviceMinutes: input.params.serviceMinutes,
    maxRideMinutes: input.params.maxRideMinutes,
    routes: routesToWrite(input.routes).map((route) => ({
      routeId: route.routeId,
      name: route.name,
      driverId: route.driverId ?? 0,
      seats: route.seats ?? 0,
      stops: route.stops
        .filter((stop) => stop.employeeIds.length > 0)
        .map((stop) => ({
          name: stop.name.trim().slice(0, 120) || "Parada",
          address: stop.address?.trim().slice(0, 300) || null,
          latitude: stop.latitude,
          longitude: stop.longitude,
          employeeIds: stop.employeeIds,
        })),
    })),
    ...(input.acceptBrokenLimits ? { acceptBrokenLimits: true } : {}),
  };
}
