import type { Db, Tx } from "../../db/client.js";
import { createJobTicker } from "../../lib/job-ticker.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { claimJob, finishJob } from "../trip-positions/positions-job-repository.js";
import { addDays, type BookingClock, runsOn } from "./booking-clock.js";
import { dayCountsOf } from "./booking-counts.js";
import { bookingNotices } from "./booking-notices.js";
import { insertSweptDays, markNoSeat, sweptDays } from "./booking-sweep-repository.js";
import { activeBookingRoutes, type BookingRoute, dayCounts, lockRouteDays } from "./bookings-repository.js";

export const BOOKING_SWEEP_JOB = "booking-cutoffs";
/** Routes frozen per transaction (one advisory lock each). */
const SWEEP_CHUNK = 200;

export type BookingSweepResult = { swept: number; told: number };
export type BookingSweep = ReturnType<typeof createBookingSweep>;

type SweepDeps = {
  db: Db;
  notifier: Pick<Notifier, "storeNotices" | "pushNotices">;
  clock: BookingClock;
};

/** Freezes one chunk of routes' day and stores «Sin asiento» for who still waits, in one transaction. */
function sweepChunk(deps: SweepDeps, chunk: BookingRoute[], date: string, result: BookingSweepResult) {
  const { db, notifier, clock } = deps;
  const ids = chunk.map((route) => route.id);
  return db.transaction(async (tx): Promise<UserNotice[]> => {
    await lockRouteDays(tx, ids, date);
    const counts = dayCountsOf(chunk, [date], await dayCounts(tx, ids, date, date));
    const days = chunk.map((route) => ({
      routeId: route.id,
      seats: route.seats,
      day: counts.get(route.id, date),
    }));
    const frozen = await insertSweptDays(tx, date, days);
    result.swept += frozen.size;
    if (frozen.size === 0) return [];
    // A shift with an automatic plan of the day tells its waiting riders after that run (it may seat them).
    const tell = chunk.filter((route) => frozen.has(route.id) && !route.dayPlanAuto);
    return storeNoSeat(tx, notifier, tell, date, clock.now());
  });
}

/** Marks who still waits on the routes' day as told «Sin asiento» and stores their notices. */
async function storeNoSeat(
  tx: Tx,
  notifier: Pick<Notifier, "storeNotices">,
  routes: Pick<BookingRoute, "id" | "name">[],
  date: string,
  now: number,
): Promise<UserNotice[]> {
  const names = new Map(routes.map((route) => [route.id, route.name]));
  const waiting = await markNoSeat(tx, [...names.keys()], date, new Date(now));
  const notices = waiting.map(({ routeId, rider }) =>
    bookingNotices.noSeat(rider, names.get(routeId) ?? "", date),
  );
  return notices.length > 0 ? notifier.storeNotices(tx, notices) : [];
}

/**
 * Tells the riders still waiting on the routes' day «Sin asiento», once (the automatic plan of the
 * day calls it after its run, whatever it decided). Returns how many were told.
 */
export async function tellNoSeat(
  db: Db,
  notifier: Pick<Notifier, "storeNotices" | "pushNotices">,
  routes: Pick<BookingRoute, "id" | "name">[],
  date: string,
  now: number,
): Promise<number> {
  if (routes.length === 0) return 0;
  const stored = await db.transaction((tx) => storeNoSeat(tx, notifier, routes, date, now));
  await notifier.pushNotices(stored);
  return stored.length;
}

/** Freezes the routes' day and tells who still waits, in one transaction per SWEEP_CHUNK routes. */
async function sweepDate(deps: SweepDeps, routes: BookingRoute[], date: string, result: BookingSweepResult) {
  for (let i = 0; i < routes.length; i += SWEEP_CHUNK) {
    const stored = await sweepChunk(deps, routes.slice(i, i + SWEEP_CHUNK), date, result);
    result.told += stored.length;
    await deps.notifier.pushNotices(stored);
  }
}

/**
 * The cut-off sweep (issue 35, decision 0064): every `tickMs` each instance asks; the one that
 * claims the run (scheduled_jobs, decision 0033) freezes each route's day whose cut-off passed
 * (yesterday to tomorrow, local) into `booking_days` and tells the riders still waiting «Sin
 * asiento», a date's routes together (their locks, counts, rows and notices in a few statements).
 * Inserting that row is the «once»: a day is swept and its riders told exactly once.
 */
export function createBookingSweep(
  options: SweepDeps & { tickMs?: number; onError?: (error: unknown) => void },
) {
  const { db, clock } = options;
  const tickMs = options.tickMs ?? 30_000;

  /** The work itself, whoever asks (tests and the benchmark call it). */
  async function sweep(): Promise<BookingSweepResult> {
    const today = clock.today();
    const dates = [addDays(today, -1), today, addDays(today, 1)];
    const [routes, done] = await Promise.all([activeBookingRoutes(db), sweptDays(db, dates)]);
    const now = clock.now();
    const result: BookingSweepResult = { swept: 0, told: 0 };
    for (const date of dates) {
      if (ticker.stopped()) break;
      const due = routes.filter(
        (route) =>
          !done.has(`${route.id}:${date}`) && runsOn(route, date) && clock.cutoffOn(route, date) <= now,
      );
      await sweepDate(options, due, date, result);
    }
    return result;
  }

  async function runIfDue(): Promise<BookingSweepResult | undefined> {
    if (!(await claimJob(db, BOOKING_SWEEP_JOB, tickMs))) return undefined;
    const result = await sweep();
    await finishJob(db, BOOKING_SWEEP_JOB, result, false);
    return result;
  }

  const ticker = createJobTicker({ tickMs, run: runIfDue, onError: options.onError });

  return {
    sweep,
    runIfDue,
    /** Ticks every `tickMs`, never keeping the process alive. */
    start: ticker.start,
    /** Stops ticking and waits for a run in progress. */
    stop: ticker.stop,
  };
}
