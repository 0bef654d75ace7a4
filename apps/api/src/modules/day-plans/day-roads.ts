import { type PlanParams, type PlanPoint, type PlanRoute, roadPointKey } from "@treiber/contract";
import { drivenPoints, type RoadTiming, roadLegs } from "../planning/road-timing.js";

/**
 * The plan of the day on the road network (issue 36, decisions 0069 and 0070): the day's
 * locations (the workplace first, then the jobs) are timed with the routing server's table as
 * Planning/propose does, with the same fallback to the model. The params the day's plan and the
 * standing plan are timed with carry the road legs both drive, so both columns of figures are on
 * the same roads.
 */

/** Each route's locations as indices into `points`, in the order the bus drives them. */
function drivenIndices(
  points: readonly PlanPoint[],
  routes: readonly Pick<PlanRoute, "stops">[],
  params: PlanParams,
): number[][] {
  const index = new Map<string, number>();
  points.forEach((point, i) => {
    const key = roadPointKey(point);
    if (!index.has(key)) index.set(key, i);
  });
  return routes.map((route) =>
    drivenPoints(route.stops, params).flatMap((point) => {
      const i = index.get(roadPointKey(point));
      return i === undefined ? [] : [i];
    }),
  );
}

/**
 * The params with the road legs of `points` (all of them when few, else those `routes` drive:
 * the day's and the standing routes), or the params as they are when the model times the day.
 */
export function dayRoadParams(
  params: PlanParams,
  timing: RoadTiming,
  points: readonly PlanPoint[],
  routes: readonly Pick<PlanRoute, "stops">[],
): PlanParams {
  if (!timing.matrix) return params;
  return { ...params, roads: roadLegs(points, timing.matrix, drivenIndices(points, routes, params)) };
}
