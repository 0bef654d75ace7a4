import { INCIDENT_THRESHOLD_DEFAULT_VALUES } from "@treiber/contract";
import type { IncidentThresholds } from "./types.js";

/** Issue 25's defaults (written once, in the contract); a branch office may change any of them. */
export const INCIDENT_THRESHOLD_DEFAULTS: Readonly<IncidentThresholds> = INCIDENT_THRESHOLD_DEFAULT_VALUES;

/**
 * How positions are read (not per branch office): tuned against 15 m GPS noise in
 * `npm run bench:incidents` (decision 0051).
 */
export const MATCHING_SETTINGS = {
  /** Positions reported less precise than this are counted as alive (NO_GPS) but not placed. */
  maxAccuracyMeters: 100,
  /** A dwell within this of a stop is a stop there; a dwell farther from every stop is outside. */
  stopRadiusMeters: 150,
  /** Positions within this of the dwell's centre keep it going (two in a row outside end it). */
  dwellRadiusMeters: 60,
  /** A dwell this long near a stop is a stop there, not a LONG_DWELL away from the stops. */
  stopSeconds: 30,
  /**
   * Slow this long in total within `stopRadiusMeters` of a stop counts as having stopped there
   * (SKIPPED_STOP): the slow stretches add up, however the positions fell; one stretch (a bus
   * crawling round the corner of a stop) is not enough.
   */
  stoppedSeconds: 25,
  /**
   * Slow: every position back to the latest one at least `slowBaselineSeconds` before it (at most
   * `slowMaxBaselineSeconds`) lies within `slowNoiseMeters` plus `slowSpeedKmh` × the time between:
   * over 20 s, two fixes of a standing bus with 15 m GPS noise are ~27 m apart, while a bus driving
   * through at 15 km/h covers 80 m.
   */
  slowSpeedKmh: 5,
  slowNoiseMeters: 35,
  slowBaselineSeconds: 20,
  slowMaxBaselineSeconds: 45,
  /** Progress this far beyond a stop means the bus went past it. */
  skipMarginMeters: 200,
  /** The match may step back this much (noise) but progress itself never goes back. */
  backWindowMeters: 50,
  /** OFF_ROUTE also measures to this much of the path behind (a bus driving back along it). */
  backDistanceMeters: 1000,
  /** Search ahead of the last match: this much plus `maxSpeedKmh` × the time since it. */
  aheadWindowMeters: 150,
  maxSpeedKmh: 90,
  /** Before the bus first joins the path: this much plus the shift's speed × the time since start. */
  joinWindowMeters: 500,
  /** Candidates within this of the best score tie; the least advance wins (out-and-back roads). */
  tieMeters: 25,
  /** LATE closes when the predicted delay drops this many minutes under its threshold. */
  lateClearMarginMinutes: 5,
  /** Smoothing of the moving speed (seconds); below `movingSpeedKmh` the bus is not moving. */
  speedTimeConstantSeconds: 600,
  movingSpeedKmh: 4,
  /** A trace is used as the path only when every stop lies within this of it, in order. */
  traceStopMeters: 250,
  /**
   * OFF_ROUTE without a trace (the line through the stops is not the road, decision 0060): metres
   * driven beyond `approachCircuity` × the metres gained on the next stop, over the worst stretch of
   * the last `approachWindowMeters` driven (`ApproachTracker`). A city street may take 1–1.41 × the
   * straight distance, so driving towards the stop keeps it near 0; a block sideways adds its
   * length; driving away adds (1 + circuity) × it; a detour, about twice its depth.
   */
  approachCircuity: 1.5,
  /**
   * It opens above the branch office's `offRouteMeters` plus this: on simulated city streets
   * (blocks sideways, one round a block) clean trips stay under it; 800 m detours go over it
   * (`npm run bench:incidents`, decision 0060).
   */
  approachMarginMeters: 350,
  /**
   * Once over it, the run towards opening goes on while it stays within this of it (a detour's
   * stretch along the road gains back a little); it opens after `offRouteSeconds` and
   * `offRoutePositions` of that.
   */
  approachHoldMeters: 150,
  /** Positions are followed every this many metres (GPS noise does not add up while standing). */
  approachSpacingMeters: 100,
  /** The stretch looked at: a detour leaves it once the bus has driven this far on its way again. */
  approachWindowMeters: 2000,
} as const;
export type MatchingSettings = typeof MATCHING_SETTINGS;
