import { PLANNING_DEFAULTS } from "@treiber/contract";
import { emptyMatch, type PlannedPath } from "./planned-path.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import { KMH } from "./trip-context.js";
import type { TripPlan } from "./types.js";

/**
 * Where the bus is along the planned path (decision 0051): progress, not the nearest segment. Each
 * position is matched within a window from the progress; progress never goes back. Also the moving
 * speed on the road, smoothed, and — off the path — where a prediction starts from and the road back.
 * Only `match` and `startAt` write these fields; the rules read them.
 */
export class PathProgress {
  /** Whether a position has matched the path yet. */
  joined = false;
  progress = 0;
  lastMatchedAt = 0;
  /** How far the last position lies from the path (infinite: no candidate in the window). */
  offExcess = 0;
  /** Off the path: where the prediction starts from (the nearest place ahead) and the road back to it. */
  predictFrom = 0;
  roadBack = 0;
  /** The smoothed moving speed on the road, m/s. */
  speed: number;
  readonly speedCap: number;
  readonly circuity: number;
  private readonly found = emptyMatch();
  private speedAnchorAt = Number.NaN;
  private speedAnchorProgress = 0;

  constructor(
    plan: TripPlan,
    private readonly onMeters: number,
  ) {
    this.circuity = plan.circuity ?? PLANNING_DEFAULTS.circuity;
    this.speedCap = Math.max(1, plan.speedKmh) * KMH;
    this.speed = this.speedCap;
  }

  /** The trip started at `at`: the window before joining grows from then. */
  startAt(at: number): void {
    this.lastMatchedAt = at;
  }

  /** Matches the position (x, y) taken at `at`. */
  match(path: PlannedPath, x: number, y: number, at: number): void {
    const s = MATCHING_SETTINGS;
    const sinceMatch = Math.max(0, at - this.lastMatchedAt) / 1000;
    let from: number;
    let to: number;
    let expected: number;
    if (this.joined) {
      from = this.progress - s.backWindowMeters;
      to = this.progress + s.aheadWindowMeters + s.maxSpeedKmh * KMH * sinceMatch;
      expected = (this.speed / path.roadPerPathMeter) * sinceMatch * 1.5 + 50;
    } else {
      // Before the bus first joins the path: only as far as it could have come since it started.
      from = 0;
      to = s.joinWindowMeters + (this.speedCap / path.roadPerPathMeter) * sinceMatch;
      expected = to;
    }
    const m = path.match(x, y, this.progress, from, to, expected, this.found, from - s.backDistanceMeters);
    this.offExcess = m.found ? m.minExcess : Number.POSITIVE_INFINITY;
    if (!m.found || m.excess > this.onMeters) {
      if (this.joined && m.found) {
        this.predictFrom = Math.max(this.progress, m.nearestProgress);
        this.roadBack = m.nearestDistance * this.circuity;
      }
      return;
    }
    this.joined = true;
    this.lastMatchedAt = at;
    if (m.progress > this.progress) this.progress = m.progress;
    this.predictFrom = this.progress;
    this.roadBack = 0;
    this.updateSpeed(path, at);
  }

  /** The moving speed on the road, smoothed over time (stops at stops and lights do not count). */
  private updateSpeed(path: PlannedPath, at: number): void {
    if (Number.isNaN(this.speedAnchorAt)) {
      this.speedAnchorAt = at;
      this.speedAnchorProgress = this.progress;
      return;
    }
    const seconds = (at - this.speedAnchorAt) / 1000;
    if (seconds < 3) return;
    const s = MATCHING_SETTINGS;
    const v = ((this.progress - this.speedAnchorProgress) * path.roadPerPathMeter) / seconds;
    // Only between close positions: over a gap or a detour, progress says little about the speed.
    if (seconds <= 30 && v >= s.movingSpeedKmh * KMH && v <= s.maxSpeedKmh * KMH) {
      this.speed += (1 - Math.exp(-seconds / s.speedTimeConstantSeconds)) * (v - this.speed);
    }
    this.speedAnchorAt = at;
    this.speedAnchorProgress = this.progress;
  }
}
