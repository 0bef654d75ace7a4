import type { TripEvent } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import type { IncidentWriter } from "./incident-writer.js";
import type { LoadedTrip } from "./trip-plan-loader.js";
import { rebuildTrip, type WatchedEntry } from "./trip-rebuild.js";
import type { createTripWatchObservers } from "./trip-watch-observers.js";

/**
 * What the monitor does with a watched trip: an event goes to its rules at the server's time, their
 * transitions to the writer, then what was seen to the observers; a rebuild writes what reconciles
 * the trip's rows and clears its route's NOT_STARTED.
 */
export function createWatchedTripHandler(deps: {
  db: Db;
  now: () => number;
  writer: IncidentWriter;
  observers: ReturnType<typeof createTripWatchObservers>;
}) {
  const { db, now, writer, observers } = deps;
  return {
    handle(entry: WatchedEntry, event: TripEvent): void {
      const at = now();
      if (event.kind === "position") entry.heardAt = at;
      const transitions = entry.monitor.handle(event, at);
      writer.transitions(entry.loaded, transitions);
      observers.notify(entry, event, transitions, at);
    },
    async rebuild(trip: LoadedTrip, heardAt: number | null): Promise<WatchedEntry> {
      const { entry, transitions } = await rebuildTrip(db, trip, now, heardAt);
      writer.transitions(trip, transitions);
      writer.notStartedCleared(trip);
      return entry;
    },
  };
}
