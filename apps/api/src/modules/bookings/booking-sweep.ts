import type { Db } from "../../db/client.js";
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

/**
 * The cut-off sweep (issue 35, decision 0064): every `tickMs` each instance asks; the one that
 * claims the run (scheduled_jobs, decision 0033) freezes each route's day whose cut-off passed
 * (yesterday to tomorrow, local) into `booking_days` and tells the riders still waiting «Sin
 * asiento», a date's routes together (their locks, counts, rows and notices in a few statements).
 * Inserting that row is the «once»: a day is swept and its riders told exactly once.
 */
export function createBookingSweep(options: {
  db: Db;
  notifier: Pick<Notifier, "storeNotices" | "pushNotices">;
  clock: BookingClock;
  tickMs?: number;
  onError?: (error: unknown) => void;
}) {
  const { db, notifier, clock } = options;
  const tickMs = options.tickMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  /** Freezes the routes' day and tells who still waits, in one transaction per SWEEP_CHUNK routes. */
  async function sweepDate(routes: BookingRoute[], date: string, result: BookingSweepResult) {
    for (let i = 0; i < routes.length; i += SWEEP_CHUNK) {
      const chunk = routes.slice(i, i + SWEEP_CHUNK);
      const ids = chunk.map((route) => route.id);
      const stored = await db.transaction(async (tx): Promise<UserNotice[]> => {
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
        const names = new Map(chunk.map((route) => [route.id, route.name]));
        const waiting = await markNoSeat(tx, [...frozen], date, new Date(clock.now()));
        const notices = waiting.map(({ routeId, rider }) =>
          bookingNotices.noSeat(rider, names.get(routeId) ?? "", date),
        );
        return notices.length > 0 ? notifier.storeNotices(tx, notices) : [];
      });
      result.told += stored.length;
      await notifier.pushNotices(stored);
    }
  }

  /** The work itself, whoever asks (tests and the benchmark call it). */
  async function sweep(): Promise<BookingSweepResult> {
    const today = clock.today();
    const dates = [addDays(today, -1), today, addDays(today, 1)];
    const [routes, done] = await Promise.all([activeBookingRoutes(db), sweptDays(db, dates)]);
    const now = clock.now();
    const result: BookingSweepResult = { swept: 0, told: 0 };
    for (const date of dates) {
      if (stopped) break;
      const due = routes.filter(
        (route) =>
          !done.has(`${route.id}:${date}`) && runsOn(route, date) && clock.cutoffOn(route, date) <= now,
      );
      await sweepDate(due, date, result);
    }
    return result;
  }

  async function runIfDue(): Promise<BookingSweepResult | undefined> {
    if (!(await claimJob(db, BOOKING_SWEEP_JOB, tickMs))) return undefined;
    const result = await sweep();
    await finishJob(db, BOOKING_SWEEP_JOB, result, false);
    return result;
  }

  function tick() {
    if (running || stopped) return;
    running = runIfDue()
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    sweep,
    runIfDue,
    /** Ticks every `tickMs`, never keeping the process alive. */
    start() {
      if (timer || stopped) return;
      timer = setInterval(tick, tickMs);
      timer.unref();
      setTimeout(tick, Math.min(tickMs, 10_000)).unref();
    },
    /** Stops ticking and waits for a run in progress. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
