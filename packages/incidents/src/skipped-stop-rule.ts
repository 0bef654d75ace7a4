import type { PathProgress } from "./path-progress.js";
import type { PlannedPath } from "./planned-path.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import type { TripContext } from "./trip-context.js";
import type { TripStops } from "./trip-stops.js";
import type { EvidencePosition } from "./types.js";

/**
 * A stop crossed between two matched positions further apart than this was not seen (the phone
 * was silent there): it is not called skipped.
 */
const PASS_SEEN_MS = 60_000;

/**
 * SKIPPED_STOP (decisions 0051 and 0060): the bus went past a stop with riders pending, without
 * having stopped there, and was seen going past (not across a silence of the phone).
 */
export class SkippedStopRule {
  private passedStops = 0;
  private crossedStops = 0;
  private readonly unseen: Uint8Array;

  constructor(
    private readonly context: TripContext,
    private readonly stops: TripStops,
    private readonly progress: PathProgress,
  ) {
    this.unseen = new Uint8Array(stops.count);
  }

  /**
   * Stops whose place progress just reached: seen going past, or crossed during a silence (the
   * previous match was more than a minute before `at`).
   */
  noteCrossed(path: PlannedPath, at: number, previousMatchAt: number): void {
    const seen = at - previousMatchAt <= PASS_SEEN_MS;
    const progress = this.progress.progress;
    while (this.crossedStops < this.stops.count && path.stopProgress[this.crossedStops]! <= progress) {
      if (!seen && progress > 0) this.unseen[this.crossedStops] = 1;
      this.crossedStops++;
    }
  }

  checkPassed(
    path: PlannedPath,
    x: number,
    y: number,
    at: number,
    evidence: EvidencePosition,
    fresh: boolean,
  ): void {
    const { visited, pendingAtStop } = this.stops;
    while (this.passedStops < visited.length && this.wentPast(path, this.passedStops, x, y)) {
      const stop = this.passedStops++;
      this.stops.approachReached(stop);
      const pending = pendingAtStop[stop]!;
      if (!visited[stop] && !this.unseen[stop] && pending > 0 && fresh) {
        this.context.book.tryOpen("SKIPPED_STOP", stop, at, { pendingRiders: pending }, [evidence]);
      }
    }
  }

  /**
   * Whether the bus at (x, y) went past stop `stop`: on a trace, progress is beyond it by
   * `passMargin`. On the line through the stops progress is loose (a long leg's slack lets a
   * position match far along it, a detour too), so the approach decides: the bus reached the stop
   * and is `skipMarginMeters` from it; or it never came within `stopRadiusMeters`, progress is past
   * it, and the bus, that much farther from it, drives away from it as far as OFF_ROUTE would
   * read while closing on the next one.
   */
  private wentPast(path: PlannedPath, stop: number, x: number, y: number): boolean {
    const approach = this.stops.approach;
    const beyond = path.stopProgress[stop]! + path.passMargin[stop]! < this.progress.progress;
    if (!approach) return beyond;
    const s = MATCHING_SETTINGS;
    const { t } = this.context;
    const away = Math.hypot(x - path.stopX[stop]!, y - path.stopY[stop]!);
    const target = stop + this.stops.approachOffset;
    if (approach.next > target) return away > s.skipMarginMeters;
    return (
      beyond &&
      approach.next === target &&
      away > s.stopRadiusMeters + s.skipMarginMeters &&
      approach.excessNext > t.offMeters + s.approachMarginMeters &&
      approach.excessAfter < t.onMeters
    );
  }
}
