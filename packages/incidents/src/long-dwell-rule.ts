import { DwellTracker } from "./dwell-tracker.js";
import type { PlannedPath } from "./planned-path.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import { MINUTE, type TripContext } from "./trip-context.js";
import type { TripStops } from "./trip-stops.js";
import type { EvidencePosition } from "./types.js";

/**
 * LONG_DWELL: stopped `longDwellMinutes` away from the stops and the workplace; ends when the bus
 * moves (two positions outside the dwell). A dwell of `stopSeconds` near a stop is a stop there.
 */
export class LongDwellRule {
  private readonly dwell = new DwellTracker();

  constructor(
    private readonly context: TripContext,
    private readonly stops: TripStops,
  ) {}

  onPosition(
    path: PlannedPath,
    x: number,
    y: number,
    at: number,
    evidence: EvidencePosition,
    fresh: boolean,
    progress: number,
  ): void {
    const { book, t } = this.context;
    const dwell = this.dwell;
    if (dwell.add(x, y, at, evidence)) book.close("LONG_DWELL", at, "cleared", [evidence]);
    if (!dwell.stoodFor(MATCHING_SETTINGS.stopSeconds * 1000)) return;
    const duration = dwell.duration;
    const nearStop = this.servedStopsNear(path, dwell.centreX, dwell.centreY, at, progress);
    if (duration < t.longDwell || nearStop || !fresh || book.isOpen("LONG_DWELL")) return;
    if (this.nearWorkplace(path, dwell.centreX, dwell.centreY)) return;
    const first = dwell.first ?? evidence;
    book.tryOpen(
      "LONG_DWELL",
      null,
      at,
      { dwellMinutes: Math.round(duration / MINUTE) },
      first === evidence ? [evidence] : [first, evidence],
    );
  }

  /** Whether a stop lies near the dwell's centre; each such stop this pass serves counts as visited. */
  private servedStopsNear(path: PlannedPath, cx: number, cy: number, at: number, progress: number): boolean {
    const radius = MATCHING_SETTINGS.stopRadiusMeters;
    let nearStop = false;
    for (let k = 0; k < this.stops.count; k++) {
      if (Math.hypot(cx - path.stopX[k]!, cy - path.stopY[k]!) > radius) continue;
      nearStop = true;
      // A stop the route comes back to later is not served by a dwell on an earlier pass.
      if (this.stops.servesNow(path, k, progress)) this.stops.markVisited(k, at);
    }
    return nearStop;
  }

  private nearWorkplace(path: PlannedPath, cx: number, cy: number): boolean {
    const workplace = this.context.plan.workplace;
    return (
      workplace != null &&
      Math.hypot(cx - path.projection.x(workplace.longitude), cy - path.projection.y(workplace.latitude)) <=
        MATCHING_SETTINGS.stopRadiusMeters
    );
  }
}
