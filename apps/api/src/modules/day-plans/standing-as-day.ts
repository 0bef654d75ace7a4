import { type PlanParams, type PlanRoute, scheduleStops } from "@treiber/contract";

/**
 * The standing routes as that date's plan: each route keeps its stops in their order with only who
 * rides that date, the times from the travel model (as apply writes them), and the routes nobody
 * rides are left out (released). It seats every confirmed rider who has a stop, so it stands in when
 * the planner's search leaves one out (a day's plan must seat them all to be applied).
 */
export function standingAsDay(standing: readonly PlanRoute[], params: PlanParams): PlanRoute[] {
  return standing
    .filter((route) => route.stops.some((stop) => stop.employeeIds.length > 0))
    .map((route) => {
      const schedule = scheduleStops(route.stops, params);
      return {
        ...route,
        stops: route.stops.map((stop, i) => ({
          ...stop,
          plannedTime: schedule.stops[i]?.plannedTime ?? stop.plannedTime,
        })),
      };
    });
}
