import type { Db } from "../../db/client.js";
import { createJobTicker } from "../../lib/job-ticker.js";
import {
  claimJob,
  compactOne,
  deleteRetainedBatch,
  finishJob,
  measureOne,
  uncompactedTrips,
  unmeasuredTraces,
} from "./positions-job-repository.js";

export const POSITIONS_JOB = "trip-positions";

const DAY_MS = 86_400_000;

export type PositionsJobResult = {
  /** Finished trips whose compact trace this run stored. */
  compacted: number;
  /** Traces compacted before moving figures existed that this run measured (decision 0058). */
  measured: number;
  /** Trips whose raw positions this run deleted, and how many positions. */
  prunedTrips: number;
  deletedPositions: number;
  /** The time budget ran out with work left: the job is due again at once. */
  more: boolean;
};

export type PositionsJob = ReturnType<typeof createPositionsJob>;

export type PositionsJobOptions = {
  db: Db;
  retentionDays: number;
  /** Time between runs across instances (default 1 hour). */
  intervalMs?: number;
  /** How often each instance asks whether a run is due (default 1 minute). */
  tickMs?: number;
  /** A run stops starting batches after this long (default 20 s); the rest goes to the next tick. */
  budgetMs?: number;
  /** Raw positions deleted per transaction, about (default 20,000: tens of milliseconds each). */
  batchRows?: number;
  /**
   * Pause after each delete batch and each 20 compacted trips (default 100 ms): the embedded
   * database runs one statement at a time, so requests get their turn between batches.
   */
  pauseMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
};

/**
 * The positions job (docs/decisions/0033): compacts finished trips that have no compact trace yet,
 * measures the moving figures of traces compacted before they existed (decision 0058), then deletes
 * the raw positions of compacted trips ended more than `retentionDays` ago, in short batches.
 * Every instance ticks; a run happens only on the instance that claims it in
 * `scheduled_jobs` (once per `intervalMs` across all instances, embedded database or PostgreSQL).
 */
export function createPositionsJob(options: PositionsJobOptions) {
  const { db } = options;
  const intervalMs = options.intervalMs ?? 3_600_000;
  const tickMs = options.tickMs ?? 60_000;
  const budgetMs = options.budgetMs ?? 20_000;
  const batchRows = options.batchRows ?? 20_000;
  const now = options.now ?? Date.now;
  const pauseMs = options.pauseMs ?? 100;
  const pause = () => (pauseMs > 0 ? new Promise((resolve) => setTimeout(resolve, pauseMs)) : undefined);
  const stopped = () => ticker.stopped();

  /** The work itself, without asking whether it is due (tests and the benchmark call it). */
  async function work(): Promise<PositionsJobResult> {
    const deadline = now() + budgetMs;
    const result: PositionsJobResult = {
      compacted: 0,
      measured: 0,
      prunedTrips: 0,
      deletedPositions: 0,
      more: false,
    };
    for (;;) {
      if (stopped() || now() >= deadline) return { ...result, more: true };
      const ids = await uncompactedTrips(db, 20);
      let stored = 0;
      for (const id of ids) if (await compactOne(db, id)) stored++;
      result.compacted += stored;
      // (none stored: those trips cannot be compacted, e.g. no end time; never loop on them)
      if (ids.length < 20 || stored === 0) break;
      await pause();
    }
    // Before any pruning: a trace's raw positions are what its moving figures are measured from.
    for (;;) {
      if (stopped() || now() >= deadline) return { ...result, more: true };
      const ids = await unmeasuredTraces(db, 20);
      let stored = 0;
      for (const id of ids) if (await measureOne(db, id)) stored++;
      result.measured += stored;
      if (ids.length < 20 || stored === 0) break;
      await pause();
    }
    const before = new Date(now() - options.retentionDays * DAY_MS);
    for (;;) {
      if (stopped() || now() >= deadline) return { ...result, more: true };
      const batch = await deleteRetainedBatch(db, before, batchRows);
      if (batch.trips === 0) break;
      result.prunedTrips += batch.trips;
      result.deletedPositions += batch.positions;
      await pause();
    }
    return result;
  }

  /** Runs the job if it is due and this instance claims it; undefined when it did not run. */
  async function runIfDue(): Promise<PositionsJobResult | undefined> {
    if (!(await claimJob(db, POSITIONS_JOB, intervalMs))) return undefined;
    const result = await work();
    await finishJob(db, POSITIONS_JOB, result, result.more);
    return result;
  }

  const ticker = createJobTicker({ tickMs, run: runIfDue, onError: options.onError });

  return {
    work,
    runIfDue,
    /** Ticks every `tickMs` (the first tick soon after start), never keeping the process alive. */
    start: ticker.start,
    /** Stops ticking and waits for a run in progress (it stops at its next batch). */
    stop: ticker.stop,
  };
}
