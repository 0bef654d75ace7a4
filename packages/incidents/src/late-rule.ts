import { drivingMinutes, PLANNING_DEFAULTS, travel } from "@treiber/contract";
import type { PathProgress } from "./path-progress.js";
import type { PlannedPath } from "./planned-path.js";
import { KMH, MINUTE, type TripContext } from "./trip-context.js";
import type { TripStops } from "./trip-stops.js";
import type { EvidencePosition } from "./types.js";

const LATE = "LATE";

export type PredictedArrival = {
  /** The stop (0-based), or null for the workplace. */
  stopIndex: number | null;
  plannedAt: number;
  predictedAt: number;
};

/**
 * LATE (decision 0051): the predicted arrival at the next target (a stop, or the workplace inbound)
 * or at the last one is `lateMinutes` after its planned time; closes `lateClearMarginMinutes` under.
 * Also the arrivals a snapshot shows.
 */
export class LateRule {
  // Targets: the stops, then (inbound) the workplace, in path order.
  private readonly targetProgress: Float64Array;
  private readonly targetPlanned: Float64Array;
  private readonly targetStop: Int32Array;
  private readonly serviceMs: number;
  private nextTarget = 0;
  private late = false;

  constructor(
    private readonly context: TripContext,
    private readonly stops: TripStops,
    private readonly progress: PathProgress,
  ) {
    const { plan, path } = context;
    this.serviceMs = (plan.serviceMinutes ?? PLANNING_DEFAULTS.serviceMinutes) * MINUTE;
    const progressOf: number[] = [];
    const planned: number[] = [];
    const which: number[] = [];
    if (path) {
      plan.stops.forEach((stop, index) => {
        progressOf.push(path.stopProgress[index] ?? 0);
        planned.push(stop.plannedAt);
        which.push(index);
      });
      const workplace = plan.workplace;
      if (path.workplaceProgress !== null && workplace?.plannedAt != null) {
        progressOf.push(path.workplaceProgress);
        planned.push(workplace.plannedAt);
        which.push(-1);
      }
    }
    this.targetProgress = Float64Array.from(progressOf);
    this.targetPlanned = Float64Array.from(planned);
    this.targetStop = Int32Array.from(which);
  }

  /** The next stop not yet passed (null: none left, or the workplace is next). */
  get nextStopIndex(): number | null {
    const next = this.targetStop[this.nextTarget];
    return next === undefined || next < 0 ? null : next;
  }

  /** The remaining targets with their predicted arrival at `now`. */
  arrivals(now: number, lastEvidence: EvidencePosition | null): PredictedArrival[] {
    const arrivals: PredictedArrival[] = [];
    for (let j = this.nextTarget; j < this.targetProgress.length; j++) {
      const stop = this.targetStop[j]!;
      arrivals.push({
        stopIndex: stop < 0 ? null : stop,
        plannedAt: this.targetPlanned[j]!,
        predictedAt: this.predict(j, now, lastEvidence),
      });
    }
    return arrivals;
  }

  evaluate(clock: number, fresh: boolean, lastEvidence: EvidencePosition | null): void {
    const count = this.targetProgress.length;
    if (count === 0) return;
    this.skipReached();
    if (this.nextTarget >= count) return;
    const final = count - 1;
    let lateness = this.predict(this.nextTarget, clock, lastEvidence) - this.targetPlanned[this.nextTarget]!;
    let target = this.nextTarget;
    if (final !== this.nextTarget) {
      const atFinal = this.predict(final, clock, lastEvidence) - this.targetPlanned[final]!;
      if (atFinal > lateness) {
        lateness = atFinal;
        target = final;
      }
    }
    const { t, book } = this.context;
    if (!this.late && lateness > t.late) this.late = true;
    else if (this.late && lateness < t.lateClear) {
      this.late = false;
      book.close(LATE, clock, "cleared", lastEvidence ? [lastEvidence] : []);
    }
    if (this.late && fresh && !book.isOpen(LATE)) {
      const stop = this.targetStop[target]!;
      book.tryOpen(
        LATE,
        null,
        clock,
        { lateMinutes: Math.round(lateness / MINUTE), targetStopIndex: stop < 0 ? null : stop },
        lastEvidence ? [lastEvidence] : [],
      );
    }
  }

  /** Moves past the targets progress has reached and the stops served. */
  private skipReached(): void {
    const count = this.targetProgress.length;
    const { visited } = this.stops;
    while (
      this.nextTarget < count &&
      (this.targetProgress[this.nextTarget]! <= this.progress.progress ||
        (this.targetStop[this.nextTarget]! >= 0 && visited[this.targetStop[this.nextTarget]!] === 1))
    ) {
      this.nextTarget++;
    }
  }

  /**
   * Predicted arrival at target `j` at time `clock`, with the contract's travel model (the one the
   * planned times were made with, decision 0058): the road left (from the nearest place on the path
   * when the bus is off it, plus the way back) driven at the moving speed — the smoothed one, never
   * above the plan's — plus the planned time at each stop between.
   */
  private predict(j: number, clock: number, lastEvidence: EvidencePosition | null): number {
    const path = this.context.path as PlannedPath;
    const p = this.progress;
    const speedKmh = Math.min(p.speed, p.speedCap) / KMH;
    let road = Math.max(0, this.targetProgress[j]! - p.predictFrom) * path.roadPerPathMeter + p.roadBack;
    let minutes = 0;
    if (!p.joined && lastEvidence) {
      road = this.targetProgress[j]! * path.roadPerPathMeter;
      const first = path.projection.toGeo(path.xs[0]!, path.ys[0]!);
      minutes = travel(lastEvidence, first, {
        speedKmh: this.context.plan.speedKmh,
        circuity: p.circuity,
      }).minutes;
    }
    return (
      clock +
      (drivingMinutes(road / 1000, speedKmh) + minutes) * MINUTE +
      Math.max(0, j - this.nextTarget) * this.serviceMs
    );
  }
}
