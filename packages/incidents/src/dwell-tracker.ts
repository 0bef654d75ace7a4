import { MATCHING_SETTINGS } from "./thresholds.js";
import type { EvidencePosition } from "./types.js";

const RECENT = 8;

/**
 * Whether the bus is standing still, read from positions alone (speed from 15 m-noisy fixes a few
 * seconds apart is mostly noise): a dwell is a run of positions within `dwellRadiusMeters` of their
 * running centre; two positions in a row outside it end the dwell (one stray fix does not), and the
 * first of those two starts the next one with the second when they are close.
 */
export class DwellTracker {
  private sumX = 0;
  private sumY = 0;
  count = 0;
  startAt = 0;
  lastAt = 0;
  first: EvidencePosition | null = null;
  // The dwell's latest positions (x, y, at), a ring of RECENT.
  private readonly recent = new Float64Array(RECENT * 3);
  private recentCount = 0;
  // The first position outside the dwell, kept until the next one says whether the dwell ended.
  private outside: { x: number; y: number; at: number; evidence: EvidencePosition } | null = null;
  private lastOutsideAt = Number.NEGATIVE_INFINITY;

  get centreX(): number {
    return this.sumX / this.count;
  }

  get centreY(): number {
    return this.sumY / this.count;
  }

  /** Milliseconds the current dwell has lasted (0 with one position). */
  get duration(): number {
    return this.count > 0 ? this.lastAt - this.startAt : 0;
  }

  /**
   * Whether the bus has stood still for `ms`: the latest position and every one of the dwell's
   * recent positions back to one at least `ms` old all lie within the radius of each other's
   * latest, and no position fell outside the dwell meanwhile (a bus crawling through, or round a
   * corner, has moved farther by then; one lucky pair of noisy fixes is not enough).
   */
  stoodFor(ms: number): boolean {
    if (this.count < 3 || this.duration < ms || this.lastAt - this.lastOutsideAt < ms) return false;
    const r = this.recent;
    const last = ((this.recentCount - 1) % RECENT) * 3;
    const radius = MATCHING_SETTINGS.dwellRadiusMeters;
    for (let k = this.recentCount - 2; k >= Math.max(0, this.recentCount - RECENT); k--) {
      const i = (k % RECENT) * 3;
      if ((r[last]! - r[i]!) ** 2 + (r[last + 1]! - r[i + 1]!) ** 2 > radius * radius) return false;
      if (r[last + 2]! - r[i + 2]! >= ms) return true;
    }
    return false;
  }

  /** Adds a position; true when it ended the dwell that was going (and started a new one). */
  add(x: number, y: number, at: number, evidence: EvidencePosition): boolean {
    const radius2 = MATCHING_SETTINGS.dwellRadiusMeters ** 2;
    if (this.count > 0) {
      const dx = x - this.sumX / this.count;
      const dy = y - this.sumY / this.count;
      if (dx * dx + dy * dy <= radius2) {
        this.join(x, y, at);
        this.outside = null;
        return false;
      }
      this.lastOutsideAt = at;
      if (!this.outside) {
        this.outside = { x, y, at, evidence };
        return false;
      }
    }
    const ended = this.count > 1;
    const previous = this.outside;
    this.outside = null;
    this.count = 0;
    this.sumX = 0;
    this.sumY = 0;
    this.recentCount = 0;
    if (previous && (previous.x - x) ** 2 + (previous.y - y) ** 2 <= radius2) {
      this.begin(previous.x, previous.y, previous.at, previous.evidence);
      this.join(x, y, at);
    } else {
      this.begin(x, y, at, evidence);
    }
    return ended;
  }

  private begin(x: number, y: number, at: number, evidence: EvidencePosition): void {
    this.startAt = at;
    this.first = evidence;
    this.join(x, y, at);
  }

  private join(x: number, y: number, at: number): void {
    this.sumX += x;
    this.sumY += y;
    this.count++;
    this.lastAt = at;
    const i = (this.recentCount % RECENT) * 3;
    this.recent[i] = x;
    this.recent[i + 1] = y;
    this.recent[i + 2] = at;
    this.recentCount++;
  }
}

const SLOW_RING = 16;
const KMH = 1 / 3.6;

/**
 * Whether the bus is slow, read from positions alone, as a stretch of time: a position is slow
 * when it lies within `slowNoiseMeters` + `slowSpeedKmh` × Δt of each position back to the latest
 * one at least `slowBaselineSeconds` before it (two noisy fixes a few seconds apart say little; 20 s
 * apart, a standing bus is still within GPS noise while a moving one has gone 80 m or more). Then the whole
 * stretch between the two counts as slow (`baseAt` to the position's time): a stop sampled every
 * 5–10 s adds its time up whatever the gaps, and a stray fix costs one stretch, not the stop.
 */
export class SlowClock {
  // Recent positions (x, y, at), a ring of SLOW_RING.
  private readonly ring = new Float64Array(SLOW_RING * 3);
  private count = 0;
  /** After `add` returned true: where and when the slow stretch began. */
  baseX = 0;
  baseY = 0;
  baseAt = 0;

  /** Adds a position (in time order); true when it ends a slow stretch (see `baseAt`). */
  add(x: number, y: number, at: number): boolean {
    const s = MATCHING_SETTINGS;
    const r = this.ring;
    let slow = false;
    for (let k = this.count - 1; k >= Math.max(0, this.count - SLOW_RING); k--) {
      const i = (k % SLOW_RING) * 3;
      const dt = at - r[i + 2]!;
      if (dt > s.slowMaxBaselineSeconds * 1000) break;
      // Every position back to the base, not only the base: a bus round a block comes back near
      // where it was 20 s before, but it was not there in between.
      const allowed = s.slowNoiseMeters + s.slowSpeedKmh * KMH * (dt / 1000);
      if ((x - r[i]!) ** 2 + (y - r[i + 1]!) ** 2 > allowed * allowed) break;
      if (dt >= s.slowBaselineSeconds * 1000) {
        slow = true;
        this.baseX = r[i]!;
        this.baseY = r[i + 1]!;
        this.baseAt = r[i + 2]!;
        break;
      }
    }
    const i = (this.count % SLOW_RING) * 3;
    r[i] = x;
    r[i + 1] = y;
    r[i + 2] = at;
    this.count++;
    return slow;
  }
}
