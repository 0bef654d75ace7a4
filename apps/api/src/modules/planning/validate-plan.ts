import {
  type PlanningApplyRequest,
  type PlanParams,
  type RouteSchedule,
  scheduleStops,
  stopTimesProblem,
  straightKm,
} from "@treiber/contract";
import { badRequest } from "../../lib/http-error.js";
import { MAX_STOP_DISTANCE_KM } from "../route-stops/route-stops-service.js";
import type { PlanningScene, SceneDriver } from "./planning-scene.js";

type ApplyRoute = PlanningApplyRequest["routes"][number];

/** A plan route that passed the checks, with its driver and its schedule under the travel model. */
export type CheckedRoute = ApplyRoute & { driver: SceneDriver; schedule: RouteSchedule };

const fail = (field: string, message: string) => badRequest(message, { [field]: message });
const riderCount = (route: ApplyRoute) => route.stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0);

/** Names unique in the plan, one route per driver and per existing route (of this shift and workplace). */
function checkRoutes(scene: PlanningScene, routes: ApplyRoute[]) {
  const names = new Set<string>();
  const driverIds = new Set<number>();
  const routeIds = new Set<number>();
  const ownRoutes = new Set(scene.routes.map((route) => route.id));
  routes.forEach((route, i) => {
    const name = route.name.toLocaleLowerCase("es");
    if (names.has(name)) throw fail(`routes.${i}.name`, `Dos rutas del plan se llaman ${route.name}`);
    names.add(name);
    if (driverIds.has(route.driverId)) {
      throw fail(`routes.${i}.driverId`, `La ruta ${route.name} repite un chofer de otra ruta del plan`);
    }
    driverIds.add(route.driverId);
    if (route.routeId === null) return;
    if (!ownRoutes.has(route.routeId) || routeIds.has(route.routeId)) {
      throw fail(
        `routes.${i}.routeId`,
        `La ruta ${route.name} no es una ruta activa de este turno a este destino, o está dos veces en el plan`,
      );
    }
    routeIds.add(route.routeId);
  });
}

/** Every rider once in the whole plan, an active collaborator of the branch office, not on the shift elsewhere. */
function checkRiders(scene: PlanningScene, routes: ApplyRoute[]) {
  const riders = new Map(scene.riders.map((rider) => [rider.employeeId, rider]));
  const seen = new Set<number>();
  routes.forEach((route, i) => {
    route.stops.forEach((stop, j) => {
      stop.employeeIds.forEach((id, k) => {
        const field = `routes.${i}.stops.${j}.employeeIds.${k}`;
        const rider = riders.get(id);
        if (!rider) {
          throw fail(field, `El colaborador ${id} no es un colaborador activo de la sucursal del turno`);
        }
        const who = `${rider.name} ${rider.lastname}`;
        if (seen.has(id)) throw fail(field, `${who} está más de una vez en el plan`);
        if (rider.otherRouteName) {
          throw fail(field, `${who} va en la ruta ${rider.otherRouteName} de este turno a otro destino`);
        }
        seen.add(id);
      });
    });
  });
}

/** The route's seats hold its riders, its stops lie near the workplace and their times fit the shift. */
function checkRoute(route: ApplyRoute, i: number, params: PlanParams, driver: SceneDriver): CheckedRoute {
  const riders = riderCount(route);
  if (riders > route.seats) {
    throw fail(
      `routes.${i}.seats`,
      `La ruta ${route.name} tiene ${route.seats} asientos y ${riders} colaboradores`,
    );
  }
  route.stops.forEach((stop, j) => {
    const km = straightKm(stop, params.workplace);
    if (km > MAX_STOP_DISTANCE_KM) {
      throw fail(
        `routes.${i}.stops.${j}.latitude`,
        `La parada ${stop.name} de la ruta ${route.name} está a ${Math.round(km)} km del destino (máximo ${MAX_STOP_DISTANCE_KM} km)`,
      );
    }
  });
  const schedule = scheduleStops(route.stops, params);
  const times = schedule.stops.map((stop) => stop.plannedTime);
  const problem = stopTimesProblem(times, { direction: params.direction, time: params.shiftTime });
  if (problem) {
    throw fail(`routes.${i}.stops.${problem.index}`, `Ruta ${route.name}: ${problem.message}`);
  }
  return { ...route, driver, schedule };
}

/**
 * Checks a plan against the shift and workplace as they are now (400 naming the route, with the
 * field): drivers active and once each, existing routes of this shift and workplace, each rider
 * once, seats, distance to the workplace and planned times on the shift's side.
 */
export function validatePlan(scene: PlanningScene, routes: ApplyRoute[], params: PlanParams): CheckedRoute[] {
  checkRoutes(scene, routes);
  checkRiders(scene, routes);
  const drivers = new Map(scene.drivers.map((driver) => [driver.driverId, driver]));
  return routes.map((route, i) => {
    const driver = drivers.get(route.driverId);
    if (!driver)
      throw fail(`routes.${i}.driverId`, `El chofer de la ruta ${route.name} no existe o está inactivo`);
    return checkRoute(route, i, params, driver);
  });
}
