import type { IncidentType, TripPlan } from "../types.js";
import { distanceToRoad } from "./road-geometry.js";
import type { SimulatedRoute } from "./simulated-route.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The rules' defaults the truth is measured with (OFF_ROUTE, SKIPPED_STOP, LATE, NO_GPS...). */
export const TRUTH = {
  lateMs: 10 * MINUTE,
  offMeters: 300,
  offMs: 60 * SECOND,
  offPositions: 3,
  skipMeters: 200,
  longDwellMs: 10 * MINUTE,
  noGpsMs: 2 * MINUTE,
  notStartedMs: 10 * MINUTE,
};

export const FAULTS = ["late", "detour", "skip", "dwell", "gps-gap", "not-started", "over-capacity"] as const;
export type Fault = (typeof FAULTS)[number];

/** The incident each injected fault must raise. */
export const FAULT_INCIDENT: Readonly<Record<Fault, IncidentType>> = {
  late: "LATE",
  detour: "OFF_ROUTE",
  skip: "SKIPPED_STOP",
  dwell: "LONG_DWELL",
  "gps-gap": "NO_GPS",
  "not-started": "NOT_STARTED",
  "over-capacity": "OVER_CAPACITY",
};

export type FaultTruth = {
  fault: Fault;
  type: IncidentType;
  stopIndex: number | null;
  /** When the rule's condition first held on the true (noise-free) trip; null: it never did. */
  conditionAt: number | null;
};

/** Where the bus truly was at each position the phone took (no noise), and whether on the detour. */
export type TruePosition = { at: number; x: number; y: number; detour: boolean };

/** What happened on the true trip that the faults' conditions are read from. */
export type TripFacts = {
  route: SimulatedRoute;
  plan: TripPlan;
  truePositions: readonly TruePosition[];
  /** The stop driven through (−1: none) and when the bus was `skipMeters` past it. */
  skipStop: number;
  skipPassedAt: number | null;
  dwellStartedAt: number | null;
  /** The last position received before the phone lost signal (null: no gap). */
  lastBeforeGap: number | null;
  /** Seats of the plan (one fewer than the boardings with `over-capacity`). */
  seats: number | null;
  boardings: readonly { at: number; riderId: number }[];
  lateAt: number | null;
};

/** When each injected fault's condition first held on the true trip. */
export function faultTruths(faults: ReadonlySet<Fault>, facts: TripFacts): FaultTruth[] {
  const truth: FaultTruth[] = [];
  for (const fault of faults) {
    const skipped = fault === "skip" && facts.skipStop >= 0;
    truth.push({
      fault,
      type: FAULT_INCIDENT[fault],
      stopIndex: skipped ? facts.skipStop : null,
      conditionAt: conditionAt(fault, facts),
    });
  }
  return truth;
}

function conditionAt(fault: Fault, facts: TripFacts): number | null {
  switch (fault) {
    case "late":
      return facts.lateAt;
    case "detour":
      return offRouteConditionAt(facts.route, facts.truePositions);
    case "skip":
      return facts.skipStop >= 0 ? facts.skipPassedAt : null;
    case "dwell":
      return facts.dwellStartedAt === null ? null : facts.dwellStartedAt + TRUTH.longDwellMs;
    case "gps-gap":
      return facts.lastBeforeGap === null ? null : facts.lastBeforeGap + TRUTH.noGpsMs;
    case "not-started":
      return facts.plan.plannedDepartureAt === null
        ? null
        : facts.plan.plannedDepartureAt + TRUTH.notStartedMs;
    case "over-capacity":
      return facts.seats === null
        ? null
        : ([...facts.boardings].sort((a, b) => a.at - b.at)[facts.seats]?.at ?? null);
  }
}

/** When the bus had certainly been > 10 min late at a stop or the workplace it had not reached. */
export function lateConditionAt(plan: TripPlan, arrivals: number[], arrivedAt: number | null): number | null {
  const targets = plan.stops.map((stop, k) => ({ planned: stop.plannedAt, actual: arrivals[k] }));
  if (plan.workplace?.plannedAt != null)
    targets.push({ planned: plan.workplace.plannedAt, actual: arrivedAt ?? undefined });
  let first: number | null = null;
  for (const { planned, actual } of targets) {
    const limit = planned + TRUTH.lateMs;
    if (actual === undefined || actual > limit) first = first === null ? limit : Math.min(first, limit);
  }
  return first;
}

/** The sample at which the true positions had been > 300 m from the road for 60 s and 3 positions. */
function offRouteConditionAt(route: SimulatedRoute, samples: readonly TruePosition[]): number | null {
  let since: number | null = null;
  let count = 0;
  for (const sample of samples) {
    const off = sample.detour && distanceToRoad(route, sample.x, sample.y) > TRUTH.offMeters;
    if (!off) {
      since = null;
      count = 0;
      continue;
    }
    since ??= sample.at;
    count++;
    if (count >= TRUTH.offPositions && sample.at - since >= TRUTH.offMs) return sample.at;
  }
  return null;
}
