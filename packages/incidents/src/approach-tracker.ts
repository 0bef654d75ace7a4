import { MATCHING_SETTINGS } from "./thresholds.js";

/** Hops kept per target: the window's metres over the spacing, and some to spare. */
const RING = 64;

/**
 * OFF_ROUTE for a route without a trace yet: the line through its stops is not the road, so the
 * distance to it proves nothing (a city leg strays up to a third of its length from it). What does
 * not depend on the road's shape is whether the bus keeps closing on where it must go next.
 *
 * The targets are the stops (and the workplace) in the order the bus serves them. Every
 * `approachSpacingMeters` of movement is a hop whose gain is its length minus `approachCircuity` ×
 * the metres it closed on the next target. `excess` is the largest sum of the latest hops within the
 * last `approachWindowMeters` driven (the worst recent stretch): along city streets towards the stop
 * it stays near 0; a block sideways adds the block; driving away adds (1 + circuity) × the metres;
 * a detour out to one side, along and back adds about twice its depth, and leaves the window once
 * the bus has driven that far again on its way.
 *
 * The same is kept for the target after the next, and once the bus is nearer to that one than the
 * next target is, the lesser of the two counts: a stop passed far from the road (skipped) is not a
 * detour while the bus heads for the following one. Reaching a target (within `reachMeters`, or told
 * by `reached`) starts afresh on the next one.
 */
export class ApproachTracker {
  /** The next target not reached yet (the number of targets: none left). */
  next = 0;
  private readonly next_ = new HopWindow();
  private readonly after_ = new HopWindow();
  private distanceNext = 0;
  private distanceAfter = 0;
  private trackX = 0;
  private trackY = 0;
  private tracking = false;

  constructor(
    private readonly targetX: Float64Array,
    private readonly targetY: Float64Array,
    private readonly reachMeters: number,
  ) {}

  /** The worst recent stretch on the next target alone. */
  get excessNext(): number {
    return this.next_.excess;
  }

  /** The same on the target after it (0 without one). */
  get excessAfter(): number {
    return this.after_.excess;
  }

  /** Metres driven beyond what closing on the next target explains, lately (0 when none is left). */
  get excess(): number {
    const count = this.targetX.length;
    if (this.next >= count) return 0;
    // The target after counts once the bus is nearer to it than the next target is (it may have
    // gone past the next one away from the road); before, a detour towards it is still a detour.
    const after = this.next + 1;
    if (after >= count || this.distanceAfter >= this.legAfter()) return this.next_.excess;
    return Math.min(this.next_.excess, this.after_.excess);
  }

  /**
   * Target `index` was reached (the bus stopped there, or went past it): the next one counts. Only
   * the next target: standing by a later stop on the way (its corner is on the road to this one)
   * does not skip the ones between.
   */
  reached(index: number): void {
    if (index !== this.next) return;
    this.next = index + 1;
    this.tracking = false;
  }

  /** Whether the bus may be serving `target` now: the next one, or the one just reached. */
  isCurrent(target: number): boolean {
    return target === this.next || target === this.next - 1;
  }

  /** A position, in flat metres, in time order. */
  add(x: number, y: number): void {
    const count = this.targetX.length;
    while (
      this.next < count &&
      Math.hypot(x - this.targetX[this.next]!, y - this.targetY[this.next]!) <= this.reachMeters
    ) {
      this.next++;
      this.tracking = false;
    }
    if (this.next >= count) return;
    const after = this.next + 1 < count ? this.next + 1 : -1;
    if (!this.tracking) {
      this.tracking = true;
      this.next_.clear();
      this.after_.clear();
      this.trackX = x;
      this.trackY = y;
      this.distanceNext = this.distanceTo(this.next, x, y);
      this.distanceAfter = after < 0 ? Number.POSITIVE_INFINITY : this.distanceTo(after, x, y);
      return;
    }
    const hop = Math.hypot(x - this.trackX, y - this.trackY);
    if (hop < MATCHING_SETTINGS.approachSpacingMeters) return;
    const circuity = MATCHING_SETTINGS.approachCircuity;
    const toNext = this.distanceTo(this.next, x, y);
    this.next_.push(hop, hop - circuity * (this.distanceNext - toNext));
    this.distanceNext = toNext;
    if (after >= 0) {
      const toAfter = this.distanceTo(after, x, y);
      this.after_.push(hop, hop - circuity * (this.distanceAfter - toAfter));
      this.distanceAfter = toAfter;
    }
    this.trackX = x;
    this.trackY = y;
  }

  /** From the next target to the one after. */
  private legAfter(): number {
    const next = this.next;
    return Math.hypot(
      this.targetX[next + 1]! - this.targetX[next]!,
      this.targetY[next + 1]! - this.targetY[next]!,
    );
  }

  private distanceTo(target: number, x: number, y: number): number {
    return Math.hypot(x - this.targetX[target]!, y - this.targetY[target]!);
  }
}

/** The latest hops (length, gain) and the largest sum of a latest run of them within the window. */
class HopWindow {
  private readonly lengths = new Float64Array(RING);
  private readonly gains = new Float64Array(RING);
  private count = 0;
  excess = 0;

  clear(): void {
    this.count = 0;
    this.excess = 0;
  }

  push(length: number, gain: number): void {
    const i = this.count % RING;
    this.lengths[i] = length;
    this.gains[i] = gain;
    this.count++;
    const window = MATCHING_SETTINGS.approachWindowMeters;
    let sum = 0;
    let driven = 0;
    let best = 0;
    // The latest hop always counts; earlier ones while the later ones are within the window.
    for (let k = this.count - 1; k >= Math.max(0, this.count - RING) && driven < window; k--) {
      const j = k % RING;
      sum += this.gains[j]!;
      driven += this.lengths[j]!;
      if (sum > best) best = sum;
    }
    this.excess = best;
  }
}
