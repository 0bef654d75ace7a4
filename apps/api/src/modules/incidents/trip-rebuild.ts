import {
  INCIDENT_TYPES,
  type IncidentTransition,
  type IncidentType,
  type OpenIncident,
  TripMonitor,
} from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import { unclosedOfTrip } from "./incident-repository.js";
import type { LoadedTrip } from "./trip-plan-loader.js";
import { storedEvents } from "./trip-replay.js";

/**
 * A trip the monitor watches: its plan, its rules, and `heardAt`, the server's time of the last
 * position handled live (a rebuild keeps it for NO_GPS).
 */
export type WatchedEntry = { loaded: LoadedTrip; monitor: TripMonitor; heardAt: number | null };

const key = (type: string, stopIndex: number | null) => (stopIndex === null ? type : `${type}:${stopIndex}`);
const TYPE_NAMES: ReadonlySet<string> = new Set(INCIDENT_TYPES);
const isIncidentType = (type: string): type is IncidentType => TYPE_NAMES.has(type);

/**
 * Rebuilds a trip's rules (decision 0052): its start, then its stored history replayed each at its
 * own time (the rules see it as it happened; nothing is written), one tick now, then the
 * reconciliation with its unclosed rows. The entry, and the transitions to write: the
 * reconciliation's, then the tick's.
 */
export async function rebuildTrip(
  db: Db,
  loaded: LoadedTrip,
  now: () => number,
  heardAt: number | null,
): Promise<{ entry: WatchedEntry; transitions: IncidentTransition[] }> {
  const { trip } = loaded;
  const monitor = new TripMonitor(trip.plan, { thresholds: trip.thresholds });
  // Heard of now: NO_GPS counts from the last stored position, or from now without one.
  monitor.handle({ kind: "start", at: loaded.startedAt }, Math.max(loaded.startedAt, now()));
  const events = await storedEvents(db, trip.intermediateRouteId);
  let last = events.length - 1;
  while (last >= 0 && events[last]?.kind !== "position") last--;
  // The last position counts as heard when the live monitor heard it (thresholds changed).
  events.forEach((event, index) => {
    monitor.handle(event, index === last ? Math.max(event.at, heardAt ?? event.at) : event.at);
  });
  const at = now();
  const tick = monitor.handle({ kind: "tick" }, at);
  const unclosed = await unclosedOfTrip(db, trip.intermediateRouteId);
  const horizon = at - trip.thresholds.replayHorizonMinutes * 60_000;
  const reconciled = reconcile(monitor.openIncidents(), unclosed, tick, at, horizon);
  return { entry: { loaded, monitor, heardAt }, transitions: [...reconciled, ...tick] };
}

/**
 * An unclosed row the rules no longer hold is closed `cleared`; an incident the rules hold that has
 * no row opens only if it opened within the replay horizon (older, it was closed or never opened
 * live: it stays in the monitor, whose later close then changes nothing), and not twice when the
 * tick opens it.
 */
function reconcile(
  openIncidents: readonly OpenIncident[],
  unclosed: ReadonlyArray<{ type: string; stopIndex: number | null }>,
  tick: readonly IncidentTransition[],
  at: number,
  horizon: number,
): IncidentTransition[] {
  const open = new Map(openIncidents.map((incident) => [key(incident.type, incident.stopIndex), incident]));
  const stored = new Set(unclosed.map((row) => key(row.type, row.stopIndex)));
  const transitions: IncidentTransition[] = [];
  for (const row of unclosed) {
    if (open.has(key(row.type, row.stopIndex)) || !isIncidentType(row.type)) continue;
    transitions.push({
      action: "close",
      type: row.type,
      stopIndex: row.stopIndex,
      at,
      reason: "cleared",
      detail: {},
      evidence: [],
    });
  }
  for (const [name, incident] of open) {
    if (stored.has(name) || incident.openedAt < horizon) continue;
    if (tick.some((t) => t.action === "open" && key(t.type, t.stopIndex) === name)) continue;
    transitions.push({ action: "open", ...incident, at: incident.openedAt });
  }
  return transitions;
}
