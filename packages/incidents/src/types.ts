/**
 * What the rules engine reads and writes (issue 25). Times are epoch milliseconds; the caller turns
 * the route's `HH:mm` planned times into instants with the trip's date and the branch office's offset.
 */

import type { IncidentThresholdValues, IncidentType } from "@treiber/contract";

export { INCIDENT_TYPES, type IncidentType } from "@treiber/contract";

export type GeoPoint = { latitude: number; longitude: number };

export type TripPlanStop = GeoPoint & {
  /** When the bus is planned at the stop. */
  plannedAt: number;
  /** Riders still expected at the stop when the trip starts (inbound: who boards there). */
  riderIds: readonly number[];
};

export type TripPlan = {
  /** Inbound: stops → workplace; outbound: workplace → stops. */
  direction: "inbound" | "outbound";
  /** The route's departure; null: NOT_STARTED is not evaluated. */
  plannedDepartureAt: number | null;
  /** In the order the bus visits them. Empty: only NO_GPS, NOT_STARTED and OVER_CAPACITY apply. */
  stops: readonly TripPlanStop[];
  /** The workplace; `plannedAt` is the planned arrival (inbound) and is ignored outbound. */
  workplace: (GeoPoint & { plannedAt: number | null }) | null;
  /** Seats of the vehicle; null: OVER_CAPACITY is not evaluated. */
  seats: number | null;
  /**
   * The shift's moving speed (the travel model's, decision 0058: the shift's override, else the
   * branch office's calibration, else PLANNING_DEFAULTS by peak hour); stops are `serviceMinutes`.
   */
  speedKmh: number;
  /** Road km ÷ straight km (default PLANNING_DEFAULTS.circuity). */
  circuity?: number;
  /** Minutes planned at each stop (default PLANNING_DEFAULTS.serviceMinutes). */
  serviceMinutes?: number;
  /**
   * The path to match against: the trace of a recent good trip of the route (points in order). Absent,
   * or when a stop lies too far from it: the line through the stops (and the workplace).
   */
  trace?: readonly GeoPoint[];
};

/** Thresholds configurable per branch office (issue 25's defaults in INCIDENT_THRESHOLD_DEFAULTS). */
export type IncidentThresholds = IncidentThresholdValues;

/**
 * One input. `at` is the event's own time: the device's for positions (Treiber App's `recordedAt`
 * when the position waited in the phone, else when it arrived); `now` is given to `handle` apart.
 */
export type TripEvent =
  | { kind: "start"; at: number }
  | { kind: "end"; at: number }
  | { kind: "tick" }
  | { kind: "position"; at: number; latitude: number; longitude: number; accuracy?: number | null }
  /** A rider boarded (QR scan); without `riderId` it counts as one more boarding. */
  | { kind: "boarding"; at: number; riderId?: number | null }
  /** A rider will not board (cancelled, absent): no longer pending at their stop. */
  | { kind: "cancellation"; at: number; riderId: number }
  /** The driver's app said the bus is at stop `stopIndex` (0-based). */
  | { kind: "stop"; at: number; stopIndex: number };

export type EvidencePosition = { latitude: number; longitude: number; at: number };

export type IncidentDetail = {
  /** LATE: predicted minutes after the planned time. */
  lateMinutes?: number;
  /** LATE: the stop (0-based) or null for the workplace. */
  targetStopIndex?: number | null;
  /** OFF_ROUTE: metres from the planned path. */
  distanceMeters?: number;
  /**
   * OFF_ROUTE on a route without a trace (no path to measure from): metres driven beyond what
   * closing on the next stop explains.
   */
  detourMeters?: number;
  /** LONG_DWELL: minutes stopped. */
  dwellMinutes?: number;
  /** SKIPPED_STOP: riders of the stop still pending. */
  pendingRiders?: number;
  /** OVER_CAPACITY. */
  boardings?: number;
  seats?: number;
};

export type IncidentTransition = {
  action: "open" | "close";
  type: IncidentType;
  /** SKIPPED_STOP: which stop (0-based); null for the others. */
  stopIndex: number | null;
  at: number;
  /** Close only: the condition cleared or the trip ended. */
  reason?: "cleared" | "trip-ended";
  detail: IncidentDetail;
  /** Positions behind the decision (a few, oldest first). */
  evidence: EvidencePosition[];
};

export type OpenIncident = {
  type: IncidentType;
  stopIndex: number | null;
  openedAt: number;
  detail: IncidentDetail;
  evidence: EvidencePosition[];
};
