import { PLANNING_DEFAULTS, RIDER_NEAR_MINUTES, type RiderAlertKind } from "@treiber/contract";
import type { TripMonitorSnapshot } from "./trip-monitor.js";
import type { IncidentThresholds, TripPlan } from "./types.js";

const MINUTE = 60_000;

/** What the rider alerts read of one monitor update (the API's `TripWatchUpdate` has all of it). */
export type RiderAlertInput = {
  trip: {
    plan: Pick<TripPlan, "direction" | "plannedDepartureAt" | "serviceMinutes">;
    /** In the order the bus visits them: the riders of each (inbound: who boards; outbound: who alights). */
    stops: ReadonlyArray<{ plannedAt: number; employeeIds: readonly number[] }>;
    thresholds: Pick<IncidentThresholds, "lateMinutes">;
  };
  snapshot: Pick<TripMonitorSnapshot, "started" | "ended" | "nextStopIndex" | "arrivals">;
  now: number;
};

export type DueRiderAlert = {
  employeeId: number;
  kind: RiderAlertKind;
  /** NEAR: minutes to the rider's stop (1–5); LATE: minutes late there; DEPARTED: null. */
  minutes: number | null;
  /** The rider's stop (0-based). */
  stopIndex: number;
};

/** Whether the rider was already told this kind on this trip (the caller's record). */
export type AlreadySent = (employeeId: number, kind: RiderAlertKind) => boolean;

/**
 * The alerts due to the riders of one trip after an update (issue 25 point 4), each kind at most
 * once per rider (`alreadySent` says what was told; the caller records what it sends):
 * - DEPARTED: the trip started and the bus has not passed the rider's stop yet.
 * - NEAR (inbound only; outbound riders are on the bus): the predicted arrival at the rider's stop is
 *   ≤ RIDER_NEAR_MINUTES away and the bus has not passed it. Not for stops planned less than
 *   RIDER_NEAR_MINUTES after the departure: the bus starts that close, DEPARTED already says it.
 * - LATE: the predicted arrival at the rider's stop (inbound: where they board; outbound: where they
 *   get off) is ≥ `lateMinutes` after its planned time; before the start, as soon as the departure
 *   itself is that late (the bus cannot be earlier anywhere than its planned offset from it).
 * Riders at a stop already passed, and everything after the end, get nothing. Pure.
 */
export function riderAlertsDue(
  input: RiderAlertInput,
  alreadySent: AlreadySent = () => false,
): DueRiderAlert[] {
  const { trip, snapshot, now } = input;
  if (snapshot.ended || trip.stops.length === 0) return [];
  const next = snapshot.nextStopIndex;
  const inbound = trip.plan.direction === "inbound";
  const departure = trip.plan.plannedDepartureAt ?? trip.stops[0]?.plannedAt ?? now;
  const lateMs = trip.thresholds.lateMinutes * MINUTE;
  const serviceMs = (trip.plan.serviceMinutes ?? PLANNING_DEFAULTS.serviceMinutes) * MINUTE;
  const due: DueRiderAlert[] = [];
  const seen = new Set<number>();
  trip.stops.forEach((stop, stopIndex) => {
    // Not passed yet: the monitor's next stop is this one or an earlier one.
    if (next === null || stopIndex < next) {
      for (const id of stop.employeeIds) seen.add(id);
      return;
    }
    const arrival = snapshot.arrivals.find((a) => a.stopIndex === stopIndex);
    let lateness: number | null = null;
    if (!snapshot.started) {
      if (trip.plan.plannedDepartureAt !== null) lateness = now - trip.plan.plannedDepartureAt;
    } else if (arrival) {
      lateness = arrival.predictedAt - arrival.plannedAt;
    }
    // NEAR reads the prediction without the planned service at the next stop when it is not the
    // rider's (the first stop excepted: the bus starts there and boards): the bus may be standing
    // there already, the planned 2 min overstate the usual dwell, and riders rather hear it early
    // than late (bench:incidents: p95 delay 11 s instead of 74 s).
    const toStop = arrival
      ? arrival.predictedAt - now - (stopIndex > next && next > 0 ? serviceMs : 0)
      : null;
    const nearFar = stop.plannedAt - departure >= RIDER_NEAR_MINUTES * MINUTE;
    for (const employeeId of stop.employeeIds) {
      // A rider listed at two stops is told about the first one (as the monitor counts them).
      if (seen.has(employeeId)) continue;
      seen.add(employeeId);
      const tell = (kind: RiderAlertKind, minutes: number | null) => {
        if (!alreadySent(employeeId, kind)) due.push({ employeeId, kind, minutes, stopIndex });
      };
      if (snapshot.started) tell("DEPARTED", null);
      if (lateness !== null && lateness >= lateMs) tell("LATE", Math.round(lateness / MINUTE));
      if (
        inbound &&
        snapshot.started &&
        nearFar &&
        toStop !== null &&
        toStop <= RIDER_NEAR_MINUTES * MINUTE
      ) {
        tell("NEAR", Math.max(1, Math.round(toStop / MINUTE)));
      }
    }
  });
  return due;
}
