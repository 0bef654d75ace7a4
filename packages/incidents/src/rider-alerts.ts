import {
  arrivalViaStops,
  PLANNING_DEFAULTS,
  RIDER_NEAR_MINUTES,
  type RiderAlertKind,
  TRAVEL_DEFAULTS,
  type TravelPoint,
} from "@treiber/contract";
import type { TripMonitorSnapshot } from "./trip-monitor.js";
import type { IncidentThresholds, TripPlan } from "./types.js";

const MINUTE = 60_000;

/** What the rider alerts read of one monitor update (the API's `TripWatchUpdate` has all of it). */
export type RiderAlertInput = {
  trip: {
    /** With `stops` (their points), `speedKmh` and `circuity`: what the arrival is timed with. */
    plan: Pick<TripPlan, "direction" | "plannedDepartureAt" | "serviceMinutes"> &
      Partial<Pick<TripPlan, "stops" | "speedKmh" | "circuity">>;
    /** In the order the bus visits them: the riders of each (inbound: who boards; outbound: who alights). */
    stops: ReadonlyArray<{ plannedAt: number; employeeIds: readonly number[] }>;
    thresholds: Pick<IncidentThresholds, "lateMinutes">;
  };
  snapshot: Pick<TripMonitorSnapshot, "started" | "ended" | "nextStopIndex" | "arrivals">;
  /** The bus's newest position (null or absent: none known to the caller). */
  bus?: TravelPoint | null;
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
 * When the bus reaches stop `stopIndex`: the minutes from now (what NEAR tells) and how late that is
 * against the planned time (ms); null without an estimate. With the bus's position and the plan's
 * stop points: the contract's `arrivalViaStops` from the bus through the stops still ahead (from the
 * monitor's next stop), the very ETA «Mi bus» shows (decision 0067). A caller that knows no position
 * (the simulator's replay) gets the monitor's prediction, NEAR's minutes without the planned service
 * at the next stop when it is neither the rider's nor the first (the bus may be standing there).
 */
function arrivalAt(
  input: RiderAlertInput,
  stop: { plannedAt: number },
  stopIndex: number,
  next: number,
): { minutes: number; lateness: number } | null {
  const { plan } = input.trip;
  const serviceMinutes = plan.serviceMinutes ?? PLANNING_DEFAULTS.serviceMinutes;
  const ahead = plan.stops?.slice(next, stopIndex + 1) ?? [];
  if (input.bus && plan.speedKmh && ahead.length === stopIndex - next + 1) {
    const circuity = plan.circuity ?? TRAVEL_DEFAULTS.circuity;
    const { minutes } = arrivalViaStops(input.bus, ahead, {
      speedKmh: plan.speedKmh,
      circuity,
      serviceMinutes,
    });
    return { minutes, lateness: input.now + minutes * MINUTE - stop.plannedAt };
  }
  const arrival = input.snapshot.arrivals.find((a) => a.stopIndex === stopIndex);
  if (!arrival) return null;
  const discount = stopIndex > next && next > 0 ? serviceMinutes : 0;
  return {
    minutes: (arrival.predictedAt - input.now) / MINUTE - discount,
    lateness: arrival.predictedAt - arrival.plannedAt,
  };
}

/**
 * The alerts due to the riders of one trip after an update (issue 25 point 4), each kind at most
 * once per rider (`alreadySent` says what was told; the caller records what it sends):
 * - DEPARTED: the trip started and the bus has not passed the rider's stop yet.
 * - NEAR (inbound only; outbound riders are on the bus): the bus reaches the rider's stop in
 *   ≤ RIDER_NEAR_MINUTES (`arrivalAt`) and has not passed it. Not for stops planned less than
 *   RIDER_NEAR_MINUTES after the departure: the bus starts that close, DEPARTED already says it.
 * - LATE: the bus reaches the rider's stop (inbound: where they board; outbound: where they get off)
 *   ≥ `lateMinutes` after its planned time; before the start, as soon as the departure itself is
 *   that late (the bus cannot be earlier anywhere than its planned offset from it).
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
  const due: DueRiderAlert[] = [];
  const seen = new Set<number>();
  trip.stops.forEach((stop, stopIndex) => {
    // Not passed yet: the monitor's next stop is this one or an earlier one.
    if (next === null || stopIndex < next) {
      for (const id of stop.employeeIds) seen.add(id);
      return;
    }
    const arrival = snapshot.started ? arrivalAt(input, stop, stopIndex, next) : null;
    const toStop = arrival?.minutes ?? null;
    let lateness = arrival?.lateness ?? null;
    if (!snapshot.started && trip.plan.plannedDepartureAt !== null) {
      lateness = now - trip.plan.plannedDepartureAt;
    }
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
      if (inbound && nearFar && toStop !== null && toStop <= RIDER_NEAR_MINUTES) {
        tell("NEAR", Math.max(1, Math.round(toStop)));
      }
    }
  });
  return due;
}
