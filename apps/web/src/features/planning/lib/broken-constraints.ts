import { formatMinutes } from "@treiber/client/format";
import { type PlanParams, type PlanRoute, routeFigures } from "@treiber/contract";
import { routesToWrite } from "./plan-changes";

/**
 * The constraints a plan breaks, route by route, in the words of the page's warnings. More riders
 * than seats cannot be applied (the server refuses it); a ride over the maximum can, once the admin
 * accepts it (`acceptBrokenLimits`, issue 33).
 */
export interface BrokenConstraints {
  seats: string[];
  ride: string[];
}

/** What the routes to be written break (routes left without riders are not written). */
export function brokenConstraints(routes: readonly PlanRoute[], params: PlanParams): BrokenConstraints {
  const broken: BrokenConstraints = { seats: [], ride: [] };
  for (const route of routesToWrite(routes)) {
    const figures = routeFigures(route, params);
    if (route.seats !== null && figures.riders > route.seats) {
      broken.seats.push(`${route.name}: ${figures.riders} colaboradores y ${route.seats} asientos`);
    }
    if (figures.longestRideMinutes > params.maxRideMinutes) {
      broken.ride.push(
        `${route.name}: un viaje de ${formatMinutes(figures.longestRideMinutes)} supera el máximo de ${formatMinutes(params.maxRideMinutes)}`,
      );
    }
  }
  return broken;
}

/** Whether «Aplicar» may be sent: no seat overflow, and rides over the maximum accepted. */
export const canApplyWith = (broken: BrokenConstraints, accepted: boolean) =>
  broken.seats.length === 0 && (broken.ride.length === 0 || accepted);
