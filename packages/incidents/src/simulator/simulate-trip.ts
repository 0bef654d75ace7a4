import { SeededRandom } from "@treiber/contract/seeded-random";
import type { EvidencePosition, TripPlan } from "../types.js";
import { driveTrip } from "./drive-trip.js";
import { type Fault, type FaultTruth, faultTruths, lateConditionAt } from "./fault-truth.js";
import type { SimulatedRoute } from "./simulated-route.js";
import { type Delivery, deliveriesOf, disorder, loseSignal } from "./trip-deliveries.js";
import { drawCity, drawFaults } from "./trip-draws.js";

export { FAULT_INCIDENT, FAULTS, type Fault, type FaultTruth } from "./fault-truth.js";
export type { Delivery } from "./trip-deliveries.js";

export type SimulatedTrip = {
  plan: TripPlan;
  /** What the server receives, in the order it receives it. */
  deliveries: Delivery[];
  truth: FaultTruth[];
  startedAt: number;
  endedAt: number;
  /** The positions the phone took (with noise), in time order: a recorded trace. */
  positions: EvidencePosition[];
  /**
   * When the bus had certainly been more than 10 min late at a stop or the workplace it had not
   * reached yet (whatever the cause: a jam, a late start, a long dwell); null: never.
   */
  lateAt: number | null;
  /** When the bus truly reached each stop (index 0: the start); missing: never reached. */
  stopArrivals: number[];
};

export type SimulateOptions = {
  seed: number;
  faults?: readonly Fault[];
  /** GPS noise: standard deviation per axis, metres (default 15). */
  noiseMeters?: number;
  /** Seconds between positions, drawn in this range (default 5–10). */
  intervalSeconds?: readonly [number, number];
  /** Deliver some positions swapped, twice, or again much later (bad input). */
  disorder?: boolean;
  /** How far out the `detour` fault goes, metres, drawn in this range (default 600–900). */
  detourMeters?: readonly [number, number];
  /** Seconds stopped at each stop while its riders board, drawn in this range (default 30–120). */
  stopSeconds?: readonly [number, number];
};

const MINUTE = 60_000;

/**
 * Drives one trip along its route at city speeds (a cruise speed 10–30 % above the shift's, ±25 %
 * per 300 m, red lights), dwelling 30–120 s at each stop while its riders board (5 % do not show),
 * and sends a position every 5–10 s with Gaussian noise. Faults change the trip: `late` a traffic
 * jam (5–8 min of road at a fifth of the speed), `detour` 600–900 m (`detourMeters`) off the road and back,
 * `skip` a stop driven through, `dwell` 13–18 min stopped away from the stops, `gps-gap` 3.5–5 min
 * without positions (then sent late, or lost), `not-started` a start 18–25 min late,
 * `over-capacity` one seat fewer than riders who board. Same seed, same trip.
 */
export function simulateTrip(route: SimulatedRoute, options: SimulateOptions): SimulatedTrip {
  const random = new SeededRandom(options.seed);
  const faults = new Set(options.faults ?? []);
  const plan = route.plan;
  const city = drawCity(route, random);
  // Faults, drawn up front (the same draws whatever is injected, so a fault's clean twin matches).
  const draws = drawFaults(route, random, city.cruise, options.detourMeters ?? [600, 900]);
  const startedAt =
    (plan.plannedDepartureAt ?? 0) + (faults.has("not-started") ? draws.delayed : draws.onTime);
  const driven = driveTrip(
    route,
    random,
    city,
    draws,
    {
      faults,
      noiseMeters: options.noiseMeters ?? 15,
      intervalSeconds: options.intervalSeconds ?? [5, 10],
      stopSeconds: options.stopSeconds ?? [30, 120],
    },
    startedAt,
  );
  const { endedAt, arrivedAt, boardings } = driven;
  const deliveries = deliveriesOf(driven, startedAt);
  const seats = faults.has("over-capacity") ? Math.max(0, boardings.length - 1) : plan.seats;

  // The phone without signal: what it took in the gap arrives when the gap ends, or is lost.
  const gapStart = startedAt + draws.gapFraction * ((arrivedAt ?? endedAt) - startedAt);
  const gapEnd = Math.min(gapStart + draws.gapMinutes * MINUTE, (arrivedAt ?? endedAt) - MINUTE);
  const lastBeforeGap =
    faults.has("gps-gap") && gapEnd > gapStart
      ? loseSignal(deliveries, gapStart, gapEnd, draws.gapReplayed)
      : null;
  if (options.disorder) disorder(deliveries, random);
  deliveries.sort((a, b) => a.receivedAt - b.receivedAt);

  const lateAt = lateConditionAt(plan, driven.arrivals, arrivedAt);
  const truth = faultTruths(faults, {
    route,
    plan,
    truePositions: driven.truePositions,
    skipStop: draws.skipStop,
    skipPassedAt: driven.skipPassedAt,
    dwellStartedAt: driven.dwellStartedAt,
    lastBeforeGap,
    seats,
    boardings,
    lateAt,
  });
  return {
    plan: { ...plan, seats },
    deliveries,
    truth,
    startedAt,
    endedAt,
    positions: driven.positions,
    lateAt,
    stopArrivals: driven.arrivals,
  };
}
