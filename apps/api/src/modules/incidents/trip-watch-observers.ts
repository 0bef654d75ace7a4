import type { IncidentTransition, TripEvent } from "@treiber/incidents";
import type { IncidentWriter } from "./incident-writer.js";
import type { WatchedEntry } from "./trip-rebuild.js";
import type { TripWatchListener } from "./trip-watch.js";

type Log = { error(object: unknown, message: string): void };

/**
 * Who hears what the monitor saw (the rider alerts): each listener is called after every event the
 * monitor handled, once the writes that event (or an earlier one) queued are done, so it reads the
 * incident rows as they now are. A listener's failure is logged, never thrown.
 */
export function createTripWatchObservers(writer: IncidentWriter, log: Log) {
  const listeners = new Set<TripWatchListener>();

  function call(listener: TripWatchListener, update: Parameters<TripWatchListener>[0]) {
    try {
      const result = listener(update);
      if (result) result.catch((error) => log.error({ err: error }, "falló un observador de viajes"));
    } catch (error) {
      log.error({ err: error }, "falló un observador de viajes");
    }
  }

  return {
    /** Registers a listener; returns its removal. */
    add(listener: TripWatchListener): () => boolean {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(entry: WatchedEntry, event: TripEvent, transitions: readonly IncidentTransition[], at: number) {
      if (listeners.size === 0) return;
      const update = {
        trip: entry.loaded.trip,
        event,
        snapshot: entry.monitor.snapshot(at),
        transitions,
        now: at,
      };
      writer.afterWrites(() => {
        for (const listener of listeners) call(listener, update);
      });
    },
  };
}
