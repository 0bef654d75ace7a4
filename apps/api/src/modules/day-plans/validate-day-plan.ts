import {
  type DayPlanApplyRequest,
  PLAN_RIDE_LIMIT_MESSAGE,
  type PlanParams,
  type RouteSchedule,
  scheduleStops,
} from "@treiber/contract";
import { badRequest } from "../../lib/http-error.js";
import { routeSeats } from "./day-problem.js";
import { type DayRider, type DayScene, type StandingRoute, sameSpot } from "./day-scene.js";

type ApplyRoute = DayPlanApplyRequest["routes"][number];
/** A day route that passed the checks: its standing route and its schedule under the travel model. */
export type CheckedDayRoute = ApplyRoute & { standing: StandingRoute; schedule: RouteSchedule };

const fail = (field: string, message: string) => badRequest(message, { [field]: message });
const fullName = (rider: DayRider) => `${rider.name} ${rider.lastname}`;

/** Each route a standing route of the shift there that runs the date, once. */
function checkRoutes(day: DayScene, routes: ApplyRoute[]) {
  const seen = new Set<number>();
  return routes.map((route, i) => {
    const standing = day.routes.find((own) => own.id === route.routeId);
    if (!standing || seen.has(route.routeId)) {
      throw fail(
        `routes.${i}.routeId`,
        `La ruta ${route.routeId} no es una ruta de este turno a este destino que salga ese día, o está dos veces en el plan`,
      );
    }
    seen.add(route.routeId);
    return standing;
  });
}

/** Every rider once, riding (or waiting for a seat) that date, at their own stop; every confirmed one there. */
function checkRiders(day: DayScene, routes: ApplyRoute[]) {
  const riders = new Map(day.riders.map((rider) => [rider.employeeId, rider]));
  const seen = new Set<number>();
  routes.forEach((route, i) => {
    route.stops.forEach((stop, j) => {
      stop.employeeIds.forEach((id, k) => {
        const field = `routes.${i}.stops.${j}.employeeIds.${k}`;
        const rider = riders.get(id);
        if (!rider) throw fail(field, `El colaborador ${id} no viaja ese día en las rutas de este turno`);
        if (seen.has(id)) throw fail(field, `${fullName(rider)} está más de una vez en el plan`);
        if (!rider.stop) throw fail(field, `${fullName(rider)} no tiene parada en su ruta`);
        if (!sameSpot(stop, rider.stop)) {
          throw fail(
            field,
            `${fullName(rider)} sube en su parada ${rider.stop.name}: no se le puede cambiar de parada`,
          );
        }
        seen.add(id);
      });
    });
  });
  const missing = day.riders.find(
    (rider) => rider.status === "CONFIRMED" && rider.stop && !seen.has(rider.employeeId),
  );
  if (missing) throw fail("routes", `${fullName(missing)} viaja ese día y no está en el plan`);
}

/** The seats hold the riders; the longest ride within the maximum unless accepted. */
function checkRoute(
  route: ApplyRoute,
  i: number,
  standing: StandingRoute,
  params: PlanParams,
  accept: boolean,
) {
  const riders = route.stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0);
  const seats = routeSeats(standing);
  if (riders > seats) {
    throw fail(
      `routes.${i}.stops`,
      `La ruta ${standing.name} tiene ${seats} asientos y ${riders} colaboradores`,
    );
  }
  const schedule = scheduleStops(route.stops, params);
  if (!accept && schedule.longestRideMinutes > params.maxRideMinutes) {
    const message = `${standing.name}: un viaje de ${schedule.longestRideMinutes} min supera el máximo de ${params.maxRideMinutes} min`;
    throw badRequest(`${PLAN_RIDE_LIMIT_MESSAGE}. ${message}`, {
      acceptBrokenLimits: PLAN_RIDE_LIMIT_MESSAGE,
      [`routes.${i}.stops`]: message,
    });
  }
  return schedule;
}

/** The day plan sent to Planning/day/apply, checked against the date's scene (400 naming the field). */
export function validateDayPlan(
  day: DayScene,
  input: DayPlanApplyRequest,
  params: PlanParams,
): CheckedDayRoute[] {
  const standing = checkRoutes(day, input.routes);
  checkRiders(day, input.routes);
  return input.routes.map((route, i) => {
    const own = standing[i] as StandingRoute;
    return {
      ...route,
      standing: own,
      schedule: checkRoute(route, i, own, params, input.acceptBrokenLimits === true),
    };
  });
}
