import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import type { DomainEventBus } from "../../realtime/domain-events.js";
import { createThresholdsCache } from "./branch-thresholds.js";
import type { IncidentAnnouncer } from "./incident-announcer.js";
import { createIncidentWriter } from "./incident-writer.js";
import { createTimerSweep } from "./timer-sweep.js";
import { subscribeTripEvents } from "./trip-event-intake.js";
import { createTripPlanLoader } from "./trip-plan-loader.js";
import { TripRegistry } from "./trip-registry.js";
import { createTripWatchObservers } from "./trip-watch-observers.js";
import { createWatchedTripHandler } from "./watched-trip-handler.js";

type Log = { error(object: unknown, message: string): void };

export type IncidentMonitorOptions = {
  db: Db;
  /** Where the trips' domain events come from (every instance's, with Redis). */
  events: DomainEventBus;
  /** `ReceiveIncident` to the admins, for the rows a write changed. */
  announce: IncidentAnnouncer;
  log: Log;
  /** The server's clock (tests drive it). */
  now?: () => number;
  /** The branch offices' clock (app.ts builds the one of the API, lib/branch-office-time.ts). */
  time: BranchOfficeTime;
  /** Rules on a timer (NO_GPS, LATE, LONG_DWELL). */
  tickMs?: number;
  /** Trips in progress and routes not started are looked up every this many ticks. */
  syncEveryTicks?: number;
};

/**
 * The control room's rules on the server (issue 25, decisions 0052 and 0068): one TripMonitor per
 * trip in progress, in a few parts — the intake turns the typed domain events of every instance
 * (positions, starts, boardings, cancellations, ends, new thresholds) into the rules' events; the
 * trip registry knows which trips are watched and rebuilds a trip first seen (started, found in
 * progress after a restart, or started on another instance) from its stored history; the timer
 * sweep ticks the timed rules and syncs with the database; the incident writer stores transitions
 * in order and the announcer tells the admins of each row that changed, once.
 */
export function createIncidentMonitor(options: IncidentMonitorOptions) {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const { time } = options;
  const loader = createTripPlanLoader(db, time, now);
  const writer = createIncidentWriter({ db, announce: options.announce, log, now });
  const thresholds = createThresholdsCache(db);
  const observers = createTripWatchObservers(writer, log);

  const { handle, rebuild } = createWatchedTripHandler({ db, now, writer, observers });

  const registry = new TripRegistry({
    load: (ids) => loader.load(ids),
    rebuild,
    handle,
    ended: (id, at) => writer.tripEnded(id, at),
    now,
    log,
  });

  /** Resolves when every load and write started so far is done (tests). */
  async function idle() {
    for (;;) {
      await registry.settleLoads();
      await writer.settled();
      if (!registry.loadsPending) return;
    }
  }

  /**
   * A branch office's thresholds changed: its running trips are rebuilt with them, each with the
   * plan it took at its start. Every instance hears it (`incident-thresholds-changed`, published by
   * the incident service).
   */
  function thresholdsChanged(branchOfficeId: number) {
    thresholds.forget(branchOfficeId);
    registry.rethreshold(branchOfficeId, () => thresholds.of(branchOfficeId));
  }

  const sweep = createTimerSweep({
    db,
    registry,
    writer,
    thresholds,
    time,
    tickTrip: (entry) => handle(entry, { kind: "tick" }),
    idle,
    now,
    log,
    tickMs: options.tickMs ?? 10_000,
    syncEveryTicks: options.syncEveryTicks ?? 6,
  });
  const sink = { feed: registry.feed.bind(registry), end: registry.end.bind(registry), thresholdsChanged };
  const unsubscribe = subscribeTripEvents(options.events, sink, now);

  return {
    /** Runs the timed rules on every trip watched (the timer calls it; tests call it by hand). */
    tick: sweep.tick,
    /** Syncs with the trips in progress and raises NOT_STARTED (at start and every few ticks). */
    sync: sweep.sync,
    /** Registers a listener called after every event handled (rider alerts); returns its removal. */
    onUpdate: observers.add,
    thresholdsChanged,
    /** The watched trip (tests and the trip view), if any. */
    watchedTrip: (id: number) => registry.get(id),
    idle,
    start: sweep.start,
    async stop() {
      registry.close();
      sweep.stop();
      unsubscribe();
      await idle().catch(() => undefined);
      registry.forgetLoads();
    },
  };
}
export type IncidentMonitor = ReturnType<typeof createIncidentMonitor>;
