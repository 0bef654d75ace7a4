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
  /** A dwell this long near a stop counts as having stopped there. */
  stopSeconds: 30,
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
} as const;
export type MatchingSettings = typeof MATCHING_SETTINGS;
