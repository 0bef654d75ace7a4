import type { Place } from "./day-figures.js";
import type { DayRouteState } from "./day-plan-notices.js";
import type { dayPlanContent } from "./day-plans-repository.js";
import type { DayScene } from "./day-scene.js";

type Content = Awaited<ReturnType<typeof dayPlanContent>>;

/** Each rider's route, stop and time in a stored day plan. */
export function storedPlaces(day: DayScene, content: Content): Map<number, Place> {
  const names = new Map(day.routes.map((route) => [route.id, route.name]));
  const places = new Map<number, Place>();
  for (const stop of content.stops)
    for (const employeeId of stop.employeeIds)
      places.set(employeeId, {
        routeId: stop.routeId,
        routeName: names.get(stop.routeId) ?? "",
        time: stop.plannedTime,
        stopName: stop.name,
      });
  return places;
}

/** The date's routes as their drivers know them: the stored day plan's, else the standing stops. */
export function routeStatesOf(day: DayScene, content: Content | null): DayRouteState[] {
  return day.routes.map((route) => {
    const base = { routeId: route.id, name: route.name, driverIds: route.driverIds };
    if (!content) return { ...base, stops: route.stops };
    const runs = content.routes.find((row) => row.routeId === route.id)?.runs ?? true;
    if (!runs) return { ...base, stops: null };
    const stops = content.stops.filter((stop) => stop.routeId === route.id);
    return { ...base, stops: stops.length > 0 ? stops : route.stops };
  });
}

/** The date's routes under a new day plan: the running ones with their stops, the others released. */
export function routeStatesAfter(
  day: DayScene,
  running: ReadonlyMap<number, { name: string; latitude: number; longitude: number; plannedTime: string }[]>,
): DayRouteState[] {
  return day.routes.map((route) => ({
    routeId: route.id,
    name: route.name,
    driverIds: route.driverIds,
    stops: running.get(route.id) ?? null,
  }));
}
