import { type PlanParams, type PlanPoint, scheduleStops } from "./plan-schedule.js";
import { rateCost, type SupplierRate } from "./supplier-rates.js";

/** What prices a planned route: its driver's vehicle, its supplier's rate and its own cost here. */
export type RouteCostDriver = { seats: number | null; rate: SupplierRate; cost: number };

/**
 * What one trip of a planned route costs (written as the route's cost on apply; the cuts bill it):
 * the driver's supplier rate (per trip, per km of the route under the travel model, or for the
 * type of the driver's vehicle), else the driver's own cost here (the route it drives on this
 * shift to this workplace), else 0.
 */
export function planRouteCost(
  route: { stops: readonly PlanPoint[] },
  driver: RouteCostDriver | null | undefined,
  params: PlanParams,
): number {
  if (!driver) return 0;
  // The route's km as its figures show them (routeFigures).
  const km = Math.round(scheduleStops(route.stops, params).km * 10) / 10;
  return rateCost(driver.rate, { km, seats: driver.seats }) ?? driver.cost;
}

/** The routes with riders that would cost $0 a trip: a cut would bill them at $0. */
export function zeroCostRoutes<
  R extends { cost: number; stops: readonly { employeeIds: readonly number[] }[] },
>(routes: readonly R[]): R[] {
  return routes.filter((route) => route.cost <= 0 && route.stops.some((stop) => stop.employeeIds.length > 0));
}
