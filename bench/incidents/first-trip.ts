/**
 * Routes without a trace yet (issue 33, decision 0060): OFF_ROUTE reads the approach to the next
 * stop, and "stopped at a stop" adds up slow time. Measured on simulated trips whose plan has no
 * trace (the path is the line through the stops), over three kinds of streets: the straight legs
 * `npm run simulate` drives, city blocks (`streets`) and the 1–3-step staircase of decision 0051.
 */
import {
  generateRoute,
  type IncidentTransition,
  type RoadStyle,
  replayTrip,
  type SimulatedTrip,
  simulateTrip,
} from "@treiber/incidents";

const HOUR = 3_600_000;
/** Detour depths measured, metres out from the road. */
export const DETOUR_DEPTHS = [300, 400, 500, 600, 700, 800, 900] as const;

export type DetourRow = {
  meters: number;
  /** Trips whose detour met the rule's condition on the true trip (> 300 m for 60 s). */
  held: number;
  detected: number;
  /** Seconds from the condition holding to OFF_ROUTE opening. */
  delays: number[];
  /** OFF_ROUTE opened more than once on one trip. */
  reopened: number;
};

export type FirstTripRow = {
  road: RoadStyle;
  trips: number;
  tripHours: number;
  /** Incidents opened on clean trips (stops of 30–120 s), by type. */
  clean: Record<string, number>;
  /** The same with stops of 20–30 s. */
  shortStops: Record<string, number>;
  shortTripHours: number;
  /** The largest excess OFF_ROUTE read on each clean trip (metres), sorted. */
  cleanExcess: number[];
  detours: DetourRow[];
  /** Stops of 20–30 s where no rider scanned: counted as stopped, of all. */
  shortStopsCounted: number;
  shortStopsTotal: number;
  /** `skip` (a stop driven through with riders waiting): trips whose condition held, and detected. */
  skipHeld: number;
  skipDetected: number;
};

const opened = (transitions: readonly IncidentTransition[], into: Record<string, number>) => {
  for (const t of transitions) if (t.action === "open") into[t.type] = (into[t.type] ?? 0) + 1;
};

/** The trip without its boardings: only the positions can say the bus stopped. */
const withoutBoardings = (trip: SimulatedTrip): SimulatedTrip => ({
  ...trip,
  deliveries: trip.deliveries.filter((delivery) => delivery.event.kind !== "boarding"),
});

export function measureFirstTrips(trips: number, road: RoadStyle): FirstTripRow {
  const row: FirstTripRow = {
    road,
    trips,
    tripHours: 0,
    clean: {},
    shortStops: {},
    shortTripHours: 0,
    cleanExcess: [],
    detours: DETOUR_DEPTHS.map((meters) => ({ meters, held: 0, detected: 0, delays: [], reopened: 0 })),
    shortStopsCounted: 0,
    shortStopsTotal: 0,
    skipHeld: 0,
    skipDetected: 0,
  };
  for (let i = 0; i < trips; i++) {
    const route = generateRoute(1000 + i, { road });
    const seed = 5000 + i;

    const clean = simulateTrip(route, { seed });
    row.tripHours += (clean.endedAt - clean.startedAt) / HOUR;
    let excess = 0;
    const replayed = replayTrip(clean, {
      onHandled: (_event, now, monitor) => {
        excess = Math.max(excess, monitor.snapshot(now).detourMeters);
      },
    });
    opened(replayed.transitions, row.clean);
    row.cleanExcess.push(excess);

    const short = simulateTrip(route, { seed, stopSeconds: [20, 30] });
    row.shortTripHours += (short.endedAt - short.startedAt) / HOUR;
    opened(replayTrip(short).transitions, row.shortStops);
    // Nobody scans: every stop has riders pending, so a stop not counted as stopped is skipped.
    const unscanned = replayTrip(withoutBoardings(short)).transitions;
    const stops = route.plan.stops.length;
    for (let k = 0; k < stops; k++) {
      row.shortStopsTotal++;
      if (!unscanned.some((t) => t.action === "open" && t.type === "SKIPPED_STOP" && t.stopIndex === k)) {
        row.shortStopsCounted++;
      }
    }

    for (const detour of row.detours) {
      const trip = simulateTrip(route, {
        seed,
        faults: ["detour"],
        detourMeters: [detour.meters, detour.meters],
      });
      const conditionAt = trip.truth[0]?.conditionAt;
      if (conditionAt == null) continue;
      detour.held++;
      const offRoute = replayTrip(trip).transitions.filter(
        (t) => t.action === "open" && t.type === "OFF_ROUTE",
      );
      if (offRoute.length > 0) {
        detour.detected++;
        detour.delays.push(((offRoute[0]?.at ?? 0) - conditionAt) / 1000);
      }
      if (offRoute.length > 1) detour.reopened++;
    }

    const skip = simulateTrip(route, { seed, faults: ["skip"] });
    const truth = skip.truth[0];
    if (truth?.conditionAt != null) {
      row.skipHeld++;
      const hit = replayTrip(skip).transitions.some(
        (t) => t.action === "open" && t.type === "SKIPPED_STOP" && t.stopIndex === truth.stopIndex,
      );
      if (hit) row.skipDetected++;
    }
  }
  row.cleanExcess.sort((a, b) => a - b);
  return row;
}
