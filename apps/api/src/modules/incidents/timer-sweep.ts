import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import type { ThresholdsCache } from "./branch-thresholds.js";
import type { IncidentWriter } from "./incident-writer.js";
import { scanNotStarted } from "./not-started-scan.js";
import { tripsInProgress } from "./trip-plan-repository.js";
import type { WatchedEntry } from "./trip-rebuild.js";
import type { TripRegistry } from "./trip-registry.js";

type Log = { error(object: unknown, message: string): void };

export type TimerSweepDeps = {
  db: Db;
  registry: TripRegistry;
  writer: IncidentWriter;
  thresholds: ThresholdsCache;
  time: BranchOfficeTime;
  /** Handles a tick of a watched trip. */
  tickTrip(entry: WatchedEntry): void;
  /** Resolves when every load and write started so far is done. */
  idle(): Promise<void>;
  now(): number;
  log: Log;
  tickMs: number;
  /** Trips in progress and routes not started are looked up every this many ticks. */
  syncEveryTicks: number;
};

/**
 * The monitor's timer (decision 0052; `unref`, every `tickMs`): each tick runs the timed rules
 * (NO_GPS, LATE, LONG_DWELL) on every trip watched; every `syncEveryTicks` ticks, first a sync with
 * the database: the trips in progress and the routes that did not start.
 */
export function createTimerSweep(deps: TimerSweepDeps) {
  const { registry, now } = deps;
  let timer: NodeJS.Timeout | undefined;
  let ticks = 0;
  let stopped = false;

  const sweep = {
    /** Runs the timed rules on every trip watched (the timer calls it; tests call it by hand). */
    async tick(): Promise<void> {
      registry.expireIgnored(now());
      for (const entry of registry.entries()) deps.tickTrip(entry);
      await deps.idle();
    },
    /**
     * Watches every trip in progress not yet watched, stops watching those no longer in progress
     * (closing their incidents `trip-ended`), and raises NOT_STARTED for the routes due.
     */
    async sync(): Promise<void> {
      registry.inProgress(await tripsInProgress(deps.db));
      await deps.idle();
      const opened = await scanNotStarted(deps.db, deps.time, now(), deps.thresholds.of);
      await deps.writer.announce(opened);
    },
    start(tickMs = deps.tickMs): void {
      if (timer || stopped) return;
      const run = async () => {
        ticks++;
        try {
          if (ticks % deps.syncEveryTicks === 1) await sweep.sync();
          await sweep.tick();
        } catch (error) {
          deps.log.error({ err: error }, "falló la revisión de incidencias");
        }
      };
      void run();
      timer = setInterval(() => void run(), tickMs);
      timer.unref();
    },
    stop(): void {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
  return sweep;
}
