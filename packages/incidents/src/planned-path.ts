import { PLANNING_DEFAULTS } from "@treiber/contract";
import { LocalProjection } from "./local-projection.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import type { GeoPoint, TripPlan } from "./types.js";

export type PathSource = "trace" | "stops";

/** A trace point is kept when it is this far from the last one kept (less noise, fewer segments). */
const TRACE_SPACING_METERS = 100;

/** Where a position falls on the path (reused between calls: no allocation per position). */
export type PathMatch = {
  /** Metres along the path of the chosen candidate. */
  progress: number;
  /** Its distance from the position, minus the segment's slack (see `slack`). */
  excess: number;
  /** The least excess over the whole window (what OFF_ROUTE reads). */
  minExcess: number;
  /** Where that least excess is, and its plain distance. */
  nearestProgress: number;
  nearestDistance: number;
  found: boolean;
};

export const emptyMatch = (): PathMatch => ({
  progress: 0,
  excess: 0,
  minExcess: 0,
  nearestProgress: 0,
  nearestDistance: 0,
  found: false,
});

/**
 * The planned path in flat metres with the distance along it, the stops' places on it, and how
 * a position is matched by progress: only within a window around the last match, preferring the
 * least advance among equally near candidates, so a road driven out and back is never jumped.
 */
export class PlannedPath {
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  /** Metres along the path at each point. */
  readonly cum: Float64Array;
  /**
   * Per segment, how far the road may stray from it and still be the plan: 0 on a trace; on the
   * line through the stops, the farthest a road `circuity` × the segment long can be from it
   * (the ellipse with the stops as foci: half the length × √(circuity² − 1)).
   */
  readonly slack: Float64Array;
  readonly length: number;
  /** Metres along the path of each plan stop. */
  readonly stopProgress: Float64Array;
  /** Inbound: the workplace's place on the path (its end); null outbound or without one. */
  readonly workplaceProgress: number | null;
  /** Road metres per path metre: 1 on a trace, the circuity on the line through the stops. */
  readonly roadPerPathMeter: number;
  /**
   * Per stop, how far beyond it progress must be to say the bus went past: `skipMarginMeters`, plus
   * on the line through the stops the slack of the segment leaving the stop (the road may reach
   * the next segment's line before the stop itself).
   */
  readonly passMargin: Float64Array;
  readonly stopX: Float64Array;
  readonly stopY: Float64Array;
  private readonly candidates: Float64Array;

  constructor(
    readonly projection: LocalProjection,
    readonly source: PathSource,
    points: readonly GeoPoint[],
    stopProgress: number[],
    workplaceProgress: number | null,
    stops: readonly GeoPoint[],
    circuity: number,
  ) {
    const n = points.length;
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    this.cum = new Float64Array(n);
    this.slack = new Float64Array(Math.max(0, n - 1));
    const slackFactor = source === "stops" ? Math.sqrt(Math.max(0, circuity * circuity - 1)) / 2 : 0;
    for (let i = 0; i < n; i++) {
      const point = points[i] as GeoPoint;
      this.xs[i] = projection.x(point.longitude);
      this.ys[i] = projection.y(point.latitude);
      if (i > 0) {
        const length = Math.hypot(this.xs[i]! - this.xs[i - 1]!, this.ys[i]! - this.ys[i - 1]!);
        this.cum[i] = this.cum[i - 1]! + length;
        this.slack[i - 1] = length * slackFactor;
      }
    }
    this.length = n > 0 ? this.cum[n - 1]! : 0;
    this.stopProgress = Float64Array.from(stopProgress);
    this.workplaceProgress = workplaceProgress;
    this.roadPerPathMeter = source === "stops" ? circuity : 1;
    this.passMargin = Float64Array.from(this.stopProgress, (progress) => {
      const segment = this.segmentAt(progress);
      const leaving = this.cum[segment] === progress ? segment : segment + 1;
      return MATCHING_SETTINGS.skipMarginMeters + (this.slack[leaving] ?? 0);
    });
    this.stopX = Float64Array.from(stops, (stop) => projection.x(stop.longitude));
    this.stopY = Float64Array.from(stops, (stop) => projection.y(stop.latitude));
    this.candidates = new Float64Array(Math.max(1, n - 1) * 3);
  }

  get segments(): number {
    return Math.max(0, this.xs.length - 1);
  }

  /** The segment holding `progress` (the last one starting at or before it). */
  segmentAt(progress: number): number {
    let lo = 0;
    let hi = this.segments - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.cum[mid]! <= progress) lo = mid;
      else hi = mid - 1;
    }
    return Math.max(0, lo);
  }

  /**
   * Matches (x, y) within [from, to] metres along the path. Each segment gives its nearest point
   * in the window; a candidate's score is its excess distance plus the metres it would go back
   * from `current` plus half the metres it would advance beyond `expectedAdvance`. The best wins,
   * unless a candidate within `tieMeters` of its score lies more than 2 × `tieMeters` before it
   * without going back from `current`: another pass of the same place (out and back), taken first.
   * From `distanceFrom` to `from` the path only counts for `minExcess` (the distance off the path).
   */
  match(
    x: number,
    y: number,
    current: number,
    from: number,
    to: number,
    expectedAdvance: number,
    out: PathMatch,
    distanceFrom = from,
  ): PathMatch {
    out.found = false;
    out.minExcess = Number.POSITIVE_INFINITY;
    const segments = this.segments;
    if (segments === 0) {
      if (this.xs.length === 1) {
        out.found = true;
        out.progress = 0;
        out.excess = Math.hypot(x - this.xs[0]!, y - this.ys[0]!);
        out.minExcess = out.excess;
        out.nearestProgress = 0;
        out.nearestDistance = out.excess;
      }
      return out;
    }
    const lo = Math.max(0, from);
    const hi = Math.min(this.length, to);
    if (hi < lo) return out;
    const c = this.candidates;
    let count = 0;
    let bestScore = Number.POSITIVE_INFINITY;
    // Behind the window, the path only counts for the distance (driving back along the route is
    // not being off it).
    const behind = Math.max(0, Math.min(distanceFrom, lo));
    for (let i = this.segmentAt(behind); i < segments && this.cum[i]! < lo; i++) {
      const ax = this.xs[i]!;
      const ay = this.ys[i]!;
      const dx = this.xs[i + 1]! - ax;
      const dy = this.ys[i + 1]! - ay;
      const start = this.cum[i]!;
      const length = this.cum[i + 1]! - start;
      let t = length > 0 ? ((x - ax) * dx + (y - ay) * dy) / (length * length) : 0;
      t = Math.min(length > 0 ? Math.min(1, (lo - start) / length) : 0, Math.max(0, t));
      const distance = Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
      if (distance - this.slack[i]! < out.minExcess) {
        out.minExcess = distance - this.slack[i]!;
        out.nearestProgress = lo;
        out.nearestDistance = distance;
      }
    }
    for (let i = this.segmentAt(lo); i < segments && this.cum[i]! <= hi; i++) {
      const ax = this.xs[i]!;
      const ay = this.ys[i]!;
      const dx = this.xs[i + 1]! - ax;
      const dy = this.ys[i + 1]! - ay;
      const start = this.cum[i]!;
      const length = this.cum[i + 1]! - start;
      let t = length > 0 ? ((x - ax) * dx + (y - ay) * dy) / (length * length) : 0;
      const tMin = length > 0 ? Math.max(0, (lo - start) / length) : 0;
      const tMax = length > 0 ? Math.min(1, (hi - start) / length) : 0;
      t = Math.min(tMax, Math.max(tMin, t));
      const distance = Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
      const excess = distance - this.slack[i]!;
      const progress = start + t * length;
      const back = current - progress;
      const beyond = progress - current - expectedAdvance;
      const score = excess + Math.max(back, 0) + Math.max(beyond, 0) / 2;
      if (excess < out.minExcess) {
        out.minExcess = excess;
        out.nearestProgress = progress;
        out.nearestDistance = distance;
      }
      if (score < bestScore) bestScore = score;
      c[count * 3] = progress;
      c[count * 3 + 1] = excess;
      c[count * 3 + 2] = score;
      count++;
    }
    if (count === 0) return out;
    // Another pass of the same place (a road driven out and back) that ties with the best and does
    // not go back wins when it advances less: the bus is on its first pass until it has left it.
    let chosen = 0;
    for (let k = 1; k < count; k++) if (c[k * 3 + 2]! < c[chosen * 3 + 2]!) chosen = k;
    const tie = MATCHING_SETTINGS.tieMeters;
    for (let k = 0; k < count; k++) {
      const progress = c[k * 3]!;
      if (c[k * 3 + 2]! <= bestScore + tie && progress >= current && progress < c[chosen * 3]! - 2 * tie) {
        chosen = k;
      }
    }
    out.found = true;
    out.progress = c[chosen * 3]!;
    out.excess = c[chosen * 3 + 1]!;
    return out;
  }
}

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
