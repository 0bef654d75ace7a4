export { ApproachTracker } from "./approach-tracker.js";
export { compilePath, thinTrace } from "./compile-path.js";
export { type PathSource, PlannedPath } from "./planned-path.js";
export {
  type AlreadySent,
  type DueRiderAlert,
  type RiderAlertInput,
  riderAlertsDue,
} from "./rider-alerts.js";
export { replayRiderAlerts, type SentRiderAlert } from "./simulator/replay-rider-alerts.js";
export { type ReplayOptions, recordedTrace, replayTrip } from "./simulator/replay-trip.js";
export { distanceToRoad } from "./simulator/road-geometry.js";
export {
  type Delivery,
  FAULT_INCIDENT,
  FAULTS,
  type Fault,
  type FaultTruth,
  type SimulatedTrip,
  type SimulateOptions,
  simulateTrip,
} from "./simulator/simulate-trip.js";
export {
  type GenerateRouteOptions,
  generateRoute,
  type RoadStyle,
  type RouteGeometry,
  routeFromGeometry,
  routeFromPlan,
  SIMULATED_DAY,
  type SimulatedRoute,
} from "./simulator/simulated-route.js";
export { INCIDENT_THRESHOLD_DEFAULTS, MATCHING_SETTINGS } from "./thresholds.js";
export {
  type PredictedArrival,
  TripMonitor,
  type TripMonitorOptions,
  type TripMonitorSnapshot,
} from "./trip-monitor.js";
export * from "./types.js";
