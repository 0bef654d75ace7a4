/**
 * Detection on simulated trips (issue 25): each fault type injected into `trips` trips, and as many
 * clean trips, replayed through the rules in the order the server receives them (a tick every 10 s).
 */
import {
  FAULT_INCIDENT,
  FAULTS,
  type Fault,
  generateRoute,
  type IncidentTransition,
  recordedTrace,
  replayTrip,
  type SimulatedTrip,
  simulateTrip,
  type TripPlan,
} from "@treiber/incidents";

const HOUR = 3_600_000;
const REOPEN_MS = 2 * 60_000;

export type PathChoice = "trace" | "stops";

export type FaultRow = {
  fault: Fault;
  /** Trips whose fault met its rule's condition on the true trip (the others are not counted). */
  held: number;
  detected: number;
  /** Seconds from the condition holding to the incident opening (negative: before). */
  delays: number[];
  /** Incidents of other types on these trips: LATE that the trip really was, and the rest. */
  lateReal: number;
  lateNotReal: number;
  others: Record<string, number>;
  reopenWithin2Min: number;
  reopenLater: number;
};

export type CleanRow = {
  trips: number;
  tripHours: number;
  falseIncidents: Record<string, number>;
  reopenWithin2Min: number;
};

/** Reopenings of the same incident (type and stop) within one trip: within 2 min of closing, and later. */
function reopenings(transitions: readonly IncidentTransition[]): { within: number; later: number } {
  const closedAt = new Map<string, number>();
  let within = 0;
  let later = 0;
  for (const t of transitions) {
    const key = `${t.type}:${t.stopIndex}`;
    if (t.action === "close") closedAt.set(key, t.at);
    else if (closedAt.has(key)) {
      if (t.at - (closedAt.get(key) ?? 0) < REOPEN_MS) within++;
      else later++;
    }
  }
  return { within, later };
}

/** The route of trip `i` and the path the rules get for it. */
function planFor(i: number, path: PathChoice) {
  const route = generateRoute(1000 + i);
  const trace = path === "trace" ? recordedTrace(simulateTrip(route, { seed: 90_000 + i })) : undefined;
  return { route, plan: (trip: SimulatedTrip): TripPlan => ({ ...trip.plan, trace }) };
}

export function measureFaults(trips: number, path: PathChoice): FaultRow[] {
  const rows: FaultRow[] = FAULTS.map((fault) => ({
    fault,
    held: 0,
    detected: 0,
    delays: [],
    lateReal: 0,
    lateNotReal: 0,
    others: {},
    reopenWithin2Min: 0,
    reopenLater: 0,
  }));
  for (let i = 0; i < trips; i++) {
    const { route, plan } = planFor(i, path);
    for (const row of rows) {
      const trip = simulateTrip(route, { seed: 5000 + i, faults: [row.fault] });
      const { transitions } = replayTrip(trip, { plan: plan(trip) });
      const truth = trip.truth[0];
      const type = FAULT_INCIDENT[row.fault];
      const opened = transitions.filter((t) => t.action === "open");
      const hit = opened.find(
        (t) => t.type === type && (truth?.stopIndex == null || t.stopIndex === truth.stopIndex),
      );
      if (truth?.conditionAt != null) {
        row.held++;
        if (hit) {
          row.detected++;
          row.delays.push((hit.at - truth.conditionAt) / 1000);
        }
      }
      for (const t of opened) {
        if (t === hit) continue;
        if (t.type === "LATE") {
          if (trip.lateAt === null) row.lateNotReal++;
          else row.lateReal++;
        } else {
          row.others[t.type] = (row.others[t.type] ?? 0) + 1;
        }
      }
      const { within, later } = reopenings(transitions);
      row.reopenWithin2Min += within;
      row.reopenLater += later;
    }
  }
  return rows;
}

export function measureClean(trips: number, path: PathChoice, disorder = false): CleanRow {
  const row: CleanRow = { trips, tripHours: 0, falseIncidents: {}, reopenWithin2Min: 0 };
  for (let i = 0; i < trips; i++) {
    const { route, plan } = planFor(i, path);
    const trip = simulateTrip(route, { seed: 5000 + i, disorder });
    row.tripHours += (trip.endedAt - trip.startedAt) / HOUR;
    const { transitions } = replayTrip(trip, { plan: plan(trip) });
    for (const t of transitions) {
      if (t.action === "open") row.falseIncidents[t.type] = (row.falseIncidents[t.type] ?? 0) + 1;
    }
    row.reopenWithin2Min += reopenings(transitions).within;
  }
  return row;
}
