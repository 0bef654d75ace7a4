import type { IncidentBook } from "./incident-book.js";
import type { PlannedPath } from "./planned-path.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import type { IncidentThresholds, TripPlan } from "./types.js";

export const MINUTE = 60_000;
/** Metres per second in one km/h. */
export const KMH = 1 / 3.6;

/** A branch office's thresholds as the rules compare them: milliseconds, metres, positions. */
export type RuleThresholds = {
  notStarted: number;
  late: number;
  lateClear: number;
  offMeters: number;
  offMs: number;
  offPositions: number;
  onMeters: number;
  onPositions: number;
  longDwell: number;
  noGps: number;
  replay: number;
};

export function ruleThresholds(th: IncidentThresholds): RuleThresholds {
  return {
    notStarted: th.notStartedMinutes * MINUTE,
    late: th.lateMinutes * MINUTE,
    lateClear: (th.lateMinutes - MATCHING_SETTINGS.lateClearMarginMinutes) * MINUTE,
    offMeters: th.offRouteMeters,
    offMs: th.offRouteSeconds * 1000,
    offPositions: th.offRoutePositions,
    onMeters: th.onRouteMeters,
    onPositions: th.onRoutePositions,
    longDwell: th.longDwellMinutes * MINUTE,
    noGps: th.noGpsMinutes * MINUTE,
    replay: th.replayHorizonMinutes * MINUTE,
  };
}

/** What every rule of one trip reads: its plan, the path it is matched on, its thresholds and book. */
export type TripContext = {
  readonly plan: TripPlan;
  /** Null when the plan has no stops: the path rules do not apply. */
  readonly path: PlannedPath | null;
  readonly t: RuleThresholds;
  /** Where the rules open and close incidents. */
  readonly book: IncidentBook;
};
