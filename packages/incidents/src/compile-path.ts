import { PLANNING_DEFAULTS } from "@treiber/contract";
import { LocalProjection } from "./local-projection.js";
import { PlannedPath } from "./planned-path.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import type { GeoPoint, TripPlan } from "./types.js";

// From a trip's plan to the PlannedPath it is matched against: a recent good trace, thinned, when
// the stops lie on it in order; else the line through the stops.

/** A trace point is kept when it is this far from the last one kept (less noise, fewer segments). */
const TRACE_SPACING_METERS = 100;

/** The line through the stops (inbound, then the workplace; outbound, the workplace first). */
function stopsLine(plan: TripPlan): {
  points: GeoPoint[];
  stopVertex: number[];
  workplaceVertex: number | null;
} {
  const points: GeoPoint[] = [];
  const stopVertex: number[] = [];
  let workplaceVertex: number | null = null;
  if (plan.direction === "outbound" && plan.workplace) points.push(plan.workplace);
  for (const stop of plan.stops) {
    stopVertex.push(points.length);
    points.push(stop);
  }
  if (plan.direction === "inbound" && plan.workplace) {
    workplaceVertex = points.length;
    points.push(plan.workplace);
  }
  return { points, stopVertex, workplaceVertex };
}

/** Keeps trace points at least `spacing` metres apart (and the last one). */
export function thinTrace(
  trace: readonly GeoPoint[],
  projection: LocalProjection,
  spacing = TRACE_SPACING_METERS,
): GeoPoint[] {
  const kept: GeoPoint[] = [];
  let lastX = 0;
  let lastY = 0;
  for (const point of trace) {
    if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) continue;
    const x = projection.x(point.longitude);
    const y = projection.y(point.latitude);
    if (kept.length === 0 || Math.hypot(x - lastX, y - lastY) >= spacing) {
      kept.push(point);
      lastX = x;
      lastY = y;
    }
  }
  const last = trace.at(-1);
  if (last && kept.at(-1) !== last && Number.isFinite(last.latitude) && Number.isFinite(last.longitude)) {
    kept.push(last);
  }
  return kept;
}

/** The places of the path within `radius` of `point`: each segment's nearest (progress, distance). */
function passesNear(path: PlannedPath, point: GeoPoint, radius: number): [number, number][] {
  const x = path.projection.x(point.longitude);
  const y = path.projection.y(point.latitude);
  const passes: [number, number][] = [];
  for (let i = 0; i < path.segments; i++) {
    const ax = path.xs[i]!;
    const ay = path.ys[i]!;
    const dx = path.xs[i + 1]! - ax;
    const dy = path.ys[i + 1]! - ay;
    const start = path.cum[i]!;
    const length = path.cum[i + 1]! - start;
    const t = length > 0 ? Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / (length * length))) : 0;
    const distance = Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
    if (distance <= radius) passes.push([start + t * length, distance]);
  }
  return passes;
}

/**
 * Places points on the path in their order, each on one of its passes, so that the sum of the
 * distances is least (a road driven twice, or a stop passed before it is served, does not confuse
 * the order). Null when a point has no pass within `radius` or no order fits.
 */
function placeInOrder(path: PlannedPath, points: readonly GeoPoint[], radius: number): number[] | null {
  const passes = points.map((point) => passesNear(path, point, radius));
  if (passes.some((list) => list.length === 0)) return null;
  // cost[k][c]: least total distance placing points 0..k with point k on its pass c.
  const cost: number[][] = [];
  const from: number[][] = [];
  passes.forEach((list, k) => {
    cost.push([]);
    from.push([]);
    list.forEach(([progress, distance]) => {
      if (k === 0) {
        cost[0]!.push(distance);
        from[0]!.push(-1);
        return;
      }
      let best = Number.POSITIVE_INFINITY;
      let bestFrom = -1;
      passes[k - 1]!.forEach(([previous], p) => {
        const total = cost[k - 1]![p]!;
        if (previous <= progress && total < best) {
          best = total;
          bestFrom = p;
        }
      });
      cost[k]!.push(best + distance);
      from[k]!.push(bestFrom);
    });
  });
  const last = cost.length - 1;
  let c = cost[last]!.reduce((best, value, index, all) => (value < all[best]! ? index : best), 0);
  if (!Number.isFinite(cost[last]![c]!)) return null;
  const placed: number[] = new Array(points.length);
  for (let k = last; k >= 0; k--) {
    placed[k] = passes[k]![c]![0];
    c = from[k]![c]!;
  }
  return placed;
}

/**
 * The path a trip is matched against, or null for a trip without stops. A trace is used when every
 * stop (and, inbound, the workplace) lies within `traceStopMeters` of it in order; otherwise the
 * line through the stops.
 */
export function compilePath(plan: TripPlan): PlannedPath | null {
  if (plan.stops.length === 0) return null;
  const circuity = plan.circuity ?? PLANNING_DEFAULTS.circuity;
  const origin = plan.stops[0] as GeoPoint;
  const projection = new LocalProjection(origin);
  if (plan.trace && plan.trace.length >= 2) {
    const points = thinTrace(plan.trace, projection);
    if (points.length >= 2) {
      const trace = new PlannedPath(projection, "trace", points, [], null, plan.stops, circuity);
      const inbound = plan.direction === "inbound" && plan.workplace;
      const placed = placeInOrder(
        trace,
        inbound && plan.workplace ? [...plan.stops, plan.workplace] : plan.stops,
        MATCHING_SETTINGS.traceStopMeters,
      );
      if (placed) {
        const stopProgress = placed.slice(0, plan.stops.length);
        const workplaceProgress = inbound ? (placed.at(-1) ?? null) : null;
        return new PlannedPath(
          projection,
          "trace",
          points,
          stopProgress,
          workplaceProgress,
          plan.stops,
          circuity,
        );
      }
    }
  }
  const line = stopsLine(plan);
  const path = new PlannedPath(projection, "stops", line.points, [], null, plan.stops, circuity);
  return new PlannedPath(
    projection,
    "stops",
    line.points,
    line.stopVertex.map((vertex) => path.cum[vertex]!),
    line.workplaceVertex === null ? null : path.cum[line.workplaceVertex]!,
    plan.stops,
    circuity,
  );
}
