import type { LocalProjection } from "./local-projection.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import type { GeoPoint } from "./types.js";

export type PathSource = "trace" | "stops";

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
    if (this.segments === 0) return this.matchSinglePoint(x, y, out);
    const lo = Math.max(0, from);
    const hi = Math.min(this.length, to);
    if (hi < lo) return out;
    // Behind the window, the path only counts for the distance (driving back along the route is
    // not being off it).
    this.nearestBehind(x, y, Math.max(0, Math.min(distanceFrom, lo)), lo, out);
    const count = this.scoreWindow(x, y, current, lo, hi, expectedAdvance, out);
    if (count === 0) return out;
    const chosen = this.chosenCandidate(count, current);
    out.found = true;
    out.progress = this.candidates[chosen * 3]!;
    out.excess = this.candidates[chosen * 3 + 1]!;
    return out;
  }

  /** A path of one point: matched there, at its distance. */
  private matchSinglePoint(x: number, y: number, out: PathMatch): PathMatch {
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

  /**
   * Where along segment i (0–1) the nearest point to (x, y) lies, kept between `from` and `to`
   * metres along the path (0 for a segment of no length).
   */
  private nearestT(i: number, x: number, y: number, from: number, to: number): number {
    const ax = this.xs[i]!;
    const ay = this.ys[i]!;
    const dx = this.xs[i + 1]! - ax;
    const dy = this.ys[i + 1]! - ay;
    const start = this.cum[i]!;
    const length = this.cum[i + 1]! - start;
    if (!(length > 0)) return 0;
    const t = ((x - ax) * dx + (y - ay) * dy) / (length * length);
    const tMin = Math.max(0, (from - start) / length);
    const tMax = Math.min(1, (to - start) / length);
    return Math.min(tMax, Math.max(tMin, t));
  }

  /** Metres from (x, y) to the point `t` (0–1) along segment i. */
  private distanceAt(i: number, t: number, x: number, y: number): number {
    const ax = this.xs[i]!;
    const ay = this.ys[i]!;
    return Math.hypot(x - (ax + t * (this.xs[i + 1]! - ax)), y - (ay + t * (this.ys[i + 1]! - ay)));
  }

  /** The path from `behind` up to `lo` metres: only its nearest point, for `minExcess`. */
  private nearestBehind(x: number, y: number, behind: number, lo: number, out: PathMatch) {
    for (let i = this.segmentAt(behind); i < this.segments && this.cum[i]! < lo; i++) {
      const distance = this.distanceAt(i, this.nearestT(i, x, y, Number.NEGATIVE_INFINITY, lo), x, y);
      if (distance - this.slack[i]! < out.minExcess) {
        out.minExcess = distance - this.slack[i]!;
        out.nearestProgress = lo;
        out.nearestDistance = distance;
      }
    }
  }

  /**
   * Each segment's nearest point within [lo, hi] as a candidate (progress, excess, score) in
   * `candidates`, the nearest kept in `out`'s `minExcess`; returns how many.
   */
  private scoreWindow(
    x: number,
    y: number,
    current: number,
    lo: number,
    hi: number,
    expectedAdvance: number,
    out: PathMatch,
  ): number {
    const c = this.candidates;
    let count = 0;
    for (let i = this.segmentAt(lo); i < this.segments && this.cum[i]! <= hi; i++) {
      const t = this.nearestT(i, x, y, lo, hi);
      const distance = this.distanceAt(i, t, x, y);
      const excess = distance - this.slack[i]!;
      const start = this.cum[i]!;
      const progress = start + t * (this.cum[i + 1]! - start);
      const back = current - progress;
      const beyond = progress - current - expectedAdvance;
      if (excess < out.minExcess) {
        out.minExcess = excess;
        out.nearestProgress = progress;
        out.nearestDistance = distance;
      }
      c[count * 3] = progress;
      c[count * 3 + 1] = excess;
      c[count * 3 + 2] = excess + Math.max(back, 0) + Math.max(beyond, 0) / 2;
      count++;
    }
    return count;
  }

  /**
   * The candidate with the best score, unless another pass of the same place (a road driven out
   * and back) ties with it and does not go back: it wins when it advances less, as the bus is on
   * its first pass until it has left it.
   */
  private chosenCandidate(count: number, current: number): number {
    const c = this.candidates;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let k = 0; k < count; k++) if (c[k * 3 + 2]! < bestScore) bestScore = c[k * 3 + 2]!;
    let chosen = 0;
    for (let k = 1; k < count; k++) if (c[k * 3 + 2]! < c[chosen * 3 + 2]!) chosen = k;
    const tie = MATCHING_SETTINGS.tieMeters;
    for (let k = 0; k < count; k++) {
      const progress = c[k * 3]!;
      if (c[k * 3 + 2]! <= bestScore + tie && progress >= current && progress < c[chosen * 3]! - 2 * tie) {
        chosen = k;
      }
    }
    return chosen;
  }
}
