import { z } from "zod";
import { type PlanParams, scheduleStops } from "./plan-schedule.js";

/** A plan's routes and stops (proposal, current routes, what is applied) and their figures. */

export const planStopSchema = z.object({
  /** Stable within one plan (moves keep it). */
  key: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  plannedTime: z.string(),
  employeeIds: z.array(z.number().int()),
});
export type PlanStop = z.infer<typeof planStopSchema>;

export const planRouteSchema = z.object({
  key: z.string(),
  /** The existing route this one updates; null: a new route. */
  routeId: z.number().int().nullable(),
  name: z.string(),
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  supplierName: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  seats: z.number().int().nullable(),
  cost: z.number(),
  stops: z.array(planStopSchema),
  /**
   * The road the bus takes, [lat, lon] in order, from the routing server (issue 36); absent: the
   * map draws straight lines between the stops. Only for the stops as proposed.
   */
  geometry: z.array(z.tuple([z.number(), z.number()])).optional(),
});
export type PlanRoute = z.infer<typeof planRouteSchema>;

export const routeFiguresSchema = z.object({
  riders: z.number().int(),
  seats: z.number().int().nullable(),
  stops: z.number().int(),
  km: z.number(),
  /** `HH:mm` of the first pickup (inbound) or of leaving the workplace (outbound); null without stops. */
  firstPickup: z.string().nullable(),
  longestRideMinutes: z.number(),
});
export type RouteFigures = z.infer<typeof routeFiguresSchema>;

export const planFiguresSchema = z.object({
  vehicles: z.number().int(),
  riders: z.number().int(),
  km: z.number(),
  /** Riders ÷ seats of the vehicles used (0–1; null when a route has no known seats). */
  seatFill: z.number().nullable(),
  longestRideMinutes: z.number(),
  cost: z.number(),
});
export type PlanFigures = z.infer<typeof planFiguresSchema>;

/** Figures of one route under the travel model. */
export function routeFigures(route: Pick<PlanRoute, "stops" | "seats">, params: PlanParams): RouteFigures {
  const schedule = scheduleStops(route.stops, params);
  const riders = route.stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0);
  const first = schedule.stops[0];
  return {
    riders,
    seats: route.seats,
    stops: route.stops.length,
    km: Math.round(schedule.km * 10) / 10,
    firstPickup: first ? (params.direction === "inbound" ? first.plannedTime : params.shiftTime) : null,
    longestRideMinutes: schedule.longestRideMinutes,
  };
}

/** Figures of a whole plan: routes with at least one rider count as vehicles. */
export function planFigures(
  routes: readonly Pick<PlanRoute, "stops" | "seats" | "cost">[],
  params: PlanParams,
): PlanFigures {
  const used = routes.filter((route) => route.stops.some((stop) => stop.employeeIds.length > 0));
  const figures = used.map((route) => routeFigures(route, params));
  const riders = figures.reduce((sum, f) => sum + f.riders, 0);
  const seatsKnown = figures.every((f) => f.seats !== null);
  const seats = figures.reduce((sum, f) => sum + (f.seats ?? 0), 0);
  return {
    vehicles: used.length,
    riders,
    km: Math.round(figures.reduce((sum, f) => sum + f.km, 0) * 10) / 10,
    seatFill: seatsKnown && seats > 0 ? Math.round((riders / seats) * 1000) / 1000 : null,
    longestRideMinutes: figures.reduce((max, f) => Math.max(max, f.longestRideMinutes), 0),
    cost: Math.round(used.reduce((sum, route) => sum + route.cost, 0) * 100) / 100,
  };
}

/** Spanish warnings for a route that breaks a constraint (seats, maximum ride); empty when it is fine. */
export function routeWarnings(
  route: Pick<PlanRoute, "name" | "stops" | "seats">,
  params: PlanParams,
): string[] {
  const figures = routeFigures(route, params);
  const warnings: string[] = [];
  if (route.seats !== null && figures.riders > route.seats) {
    warnings.push(`${route.name}: ${figures.riders} colaboradores y ${route.seats} asientos`);
  }
  if (figures.longestRideMinutes > params.maxRideMinutes) {
    warnings.push(
      `${route.name}: un viaje de ${figures.longestRideMinutes} min supera el máximo de ${params.maxRideMinutes} min`,
    );
  }
  return warnings;
}
