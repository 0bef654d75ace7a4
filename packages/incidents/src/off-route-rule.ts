import type { ApproachTracker } from "./approach-tracker.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import type { TripContext } from "./trip-context.js";
import type { EvidencePosition, IncidentDetail } from "./types.js";

const OFF_ROUTE = "OFF_ROUTE";

/**
 * OFF_ROUTE with its hysteresis (decisions 0051 and 0060): on a trace, the distance from the path;
 * without one, the excess of the approach to the next stop (`ApproachTracker`).
 */
export class OffRouteRule {
  private offRoute = false;
  private offCount = 0;
  private offSince = 0;
  private offEvidence: EvidencePosition[] = [];
  private onCount = 0;

  constructor(private readonly context: TripContext) {}

  get isOff(): boolean {
    return this.offRoute;
  }

  /** On a trace: `excess` metres from the path (the nearest candidate's). */
  onTrace(excess: number, at: number, evidence: EvidencePosition, fresh: boolean): void {
    const { t } = this.context;
    this.apply(excess > t.offMeters, excess < t.onMeters, at, evidence, fresh, {
      distanceMeters: Math.round(excess),
    });
  }

  /**
   * Without a trace: opens when the bus has driven more than `offRouteMeters` +
   * `approachMarginMeters` beyond what closing on its next stop explains, and stayed within
   * `approachHoldMeters` under that for `offRouteSeconds` and `offRoutePositions` (a street's
   * sideways blocks stay under it, or not for long; a detour out, along and back stays over it);
   * closes after `onRoutePositions` under `onRouteMeters` (closing on the stop again, the detour out
   * of the window, or the stop reached).
   */
  onApproach(
    approach: ApproachTracker,
    x: number,
    y: number,
    at: number,
    evidence: EvidencePosition,
    fresh: boolean,
  ): void {
    approach.add(x, y);
    const excess = approach.excess;
    const s = MATCHING_SETTINGS;
    const { t } = this.context;
    const open = t.offMeters + s.approachMarginMeters;
    const off = excess > (this.offCount > 0 ? open - s.approachHoldMeters : open);
    const back = excess < t.onMeters;
    this.apply(off, back, at, evidence, fresh, { detourMeters: Math.round(excess) });
  }

  /**
   * The hysteresis: `off` says whether this position counts as off (towards opening), `back`
   * whether it counts as back on the route (towards closing); `detail` goes with the opening.
   */
  private apply(
    off: boolean,
    back: boolean,
    at: number,
    evidence: EvidencePosition,
    fresh: boolean,
    detail: IncidentDetail,
  ): void {
    const { t, book } = this.context;
    if (!this.offRoute) {
      if (off) {
        if (this.offCount === 0) {
          this.offSince = at;
          this.offEvidence = [];
        }
        this.offCount++;
        if (this.offEvidence.length < 4) this.offEvidence.push(evidence);
        if (this.offCount >= t.offPositions && at - this.offSince >= t.offMs) {
          this.offRoute = true;
          this.onCount = 0;
        }
      } else {
        this.offCount = 0;
      }
    } else if (back) {
      this.onCount++;
      if (this.onCount >= t.onPositions) {
        this.offRoute = false;
        this.offCount = 0;
        book.close(OFF_ROUTE, at, "cleared", [evidence]);
      }
    } else {
      this.onCount = 0;
    }
    if (this.offRoute && fresh && !book.isOpen(OFF_ROUTE)) {
      const shown = this.offEvidence.includes(evidence) ? this.offEvidence : [...this.offEvidence, evidence];
      book.tryOpen(OFF_ROUTE, null, at, detail, shown);
    }
  }
}
