import { SlowClock } from "./dwell-tracker.js";
import type { PlannedPath } from "./planned-path.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import type { TripStops } from "./trip-stops.js";

/** A first position this soon after the start is where the bus stood at the start. */
const START_FIX_MS = 15_000;

/**
 * Stopped at a stop (decision 0060): the slow stretches (`SlowClock`) that begin and end within
 * `stopRadiusMeters` of it add up; `stoppedSeconds` in all is a stop there, however the positions
 * fell (5–10 s apart, one of them astray). Only on the pass that serves it (not an earlier pass of
 * the same place).
 */
export class StoppedAtStopRule {
  private readonly slow = new SlowClock();
  private placedAny = false;
  /** Per stop: slow time within its radius, added up (ms), and up to when it was counted. */
  private readonly slowMs: Float64Array;
  private readonly slowUntil: Float64Array;

  constructor(private readonly stops: TripStops) {
    this.slowMs = new Float64Array(stops.count);
    this.slowUntil = new Float64Array(stops.count).fill(Number.NEGATIVE_INFINITY);
  }

  onPosition(path: PlannedPath, x: number, y: number, at: number, startAt: number, progress: number): void {
    // The trip starts where the bus stands (the driver taps Start at the first stop): a first
    // position soon after the start says where it stood since then.
    if (!this.placedAny && at - startAt <= START_FIX_MS) this.slow.add(x, y, startAt);
    this.placedAny = true;
    if (!this.slow.add(x, y, at)) return;
    const { baseX, baseY, baseAt } = this.slow;
    const radius = MATCHING_SETTINGS.stopRadiusMeters;
    const enough = MATCHING_SETTINGS.stoppedSeconds * 1000;
    const { visited } = this.stops;
    for (let k = 0; k < visited.length; k++) {
      if (visited[k]) continue;
      const sx = path.stopX[k]!;
      const sy = path.stopY[k]!;
      if (Math.hypot(x - sx, y - sy) > radius || Math.hypot(baseX - sx, baseY - sy) > radius) continue;
      if (!this.stops.servesNow(path, k, progress)) continue;
      const from = Math.max(baseAt, this.slowUntil[k]!);
      if (at > from) this.slowMs[k]! += at - from;
      this.slowUntil[k] = at;
      if (this.slowMs[k]! >= enough) this.stops.markVisited(k, at);
    }
  }
}
