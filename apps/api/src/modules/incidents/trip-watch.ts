import type {
  IncidentThresholds,
  IncidentTransition,
  TripEvent,
  TripMonitorSnapshot,
  TripPlan,
} from "@treiber/incidents";

/**
 * A trip the control room watches (issue 25): its plan for the rules, plus what the rider alerts
 * need to know who waits at each stop. Built from the route's stops and planned times when the
 * trip starts (or when the server starts and finds it in progress).
 */
export type WatchedTrip = {
  intermediateRouteId: number;
  routeId: number;
  routeName: string;
  branchOfficeId: number | null;
  /** The stops in the order the bus visits them (same indexes as `plan.stops`). */
  stops: ReadonlyArray<{ name: string; plannedAt: number; employeeIds: readonly number[] }>;
  plan: TripPlan;
  thresholds: IncidentThresholds;
};

/** After every event the monitor handled for a trip: what it saw and what it decided. */
export type TripWatchUpdate = {
  trip: WatchedTrip;
  event: TripEvent;
  snapshot: TripMonitorSnapshot;
  transitions: readonly IncidentTransition[];
  /** The server's time when the event was handled. */
  now: number;
};

/** Listeners run after the monitor's own writes; a listener's failure is logged, never thrown. */
export type TripWatchListener = (update: TripWatchUpdate) => void | Promise<void>;
