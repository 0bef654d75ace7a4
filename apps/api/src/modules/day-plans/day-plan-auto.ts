import { type DayPlanProposal, PLANNER_BUSY_MESSAGE } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { createJobTicker } from "../../lib/job-ticker.js";
import { addDays, type BookingClock, runsOn } from "../bookings/booking-clock.js";
import { tellNoSeat } from "../bookings/booking-sweep.js";
import type { Notifier } from "../notifications/notification-service.js";
import { claimJob, finishJob } from "../trip-positions/positions-job-repository.js";
import { applyDayPlan } from "./apply-day-plan.js";
import {
  autoRoutes,
  autoRunsOf,
  claimAutoRun,
  finishAutoRun,
  releaseAutoRun,
  routeTimings,
} from "./day-plans-repository.js";
import { type DayPlanDeps, proposeDayPlan } from "./propose-day-plan.js";

export const DAY_PLAN_AUTO_JOB = "day-plan-auto";
export type DayPlanAutoResult = { applied: number; kept: number; failed: number };
type Due = { shiftId: number; destinationId: number; date: string };
type DueRun = Due & { routes: { id: number; name: string }[] };

/** Why the standing plan stays, or null when the day's plan is worth applying. */
export function keepReason(proposal: DayPlanProposal): string | null {
  if (proposal.applied) return "kept: a day plan was already applied";
  if (proposal.unassigned.length > 0) return "kept: the day's plan leaves riders out";
  if (proposal.day.routes.length === 0) return "kept: nobody rides";
  const { day, standing } = { day: proposal.day.totals, standing: proposal.standing.totals };
  const better =
    proposal.waitlistedSeated > 0 ||
    day.vehicles < standing.vehicles ||
    (day.vehicles === standing.vehicles && day.km < standing.km - 0.05);
  return better ? null : "kept: nothing better than the standing plan";
}

/** The day's plan as Planning/day/apply takes it. */
const applyInput = (proposal: DayPlanProposal, due: Due) => ({
  ...due,
  version: proposal.version,
  routes: proposal.day.routes.map((route) => ({
    routeId: route.routeId as number,
    stops: route.stops.map((stop) => ({
      name: stop.name,
      address: stop.address,
      latitude: stop.latitude,
      longitude: stop.longitude,
      employeeIds: stop.employeeIds,
    })),
  })),
});

/** The (shift, workplace, date) of today and tomorrow whose last cut-off passed and were not handled. */
async function dueRuns(db: Db, clock: BookingClock): Promise<DueRun[]> {
  const own = await autoRoutes(db);
  if (own.length === 0) return [];
  const timings = await routeTimings(
    db,
    own.map((route) => route.id),
  );
  const today = clock.today();
  const dates = [today, addDays(today, 1)];
  const done = await autoRunsOf(db, dates);
  const now = clock.now();
  const groups = new Map<string, DueRun & { cutoff: number }>();
  for (const date of dates)
    for (const route of own) {
      const timing = timings.find((row) => row.id === route.id);
      if (!timing || !runsOn(timing, date)) continue;
      const key = `${route.shiftId}:${route.destinationId}:${date}`;
      const group = groups.get(key) ?? {
        shiftId: route.shiftId,
        destinationId: route.destinationId,
        date,
        routes: [],
        cutoff: 0,
      };
      group.routes.push({ id: route.id, name: route.name });
      group.cutoff = Math.max(group.cutoff, clock.cutoffOn(timing, date));
      groups.set(key, group);
    }
  return [...groups].flatMap(([key, { cutoff, ...due }]) => (cutoff > now || done.has(key) ? [] : [due]));
}

/**
 * «Automático» (issue 36): every `tickMs` the instance that claims the run (scheduled_jobs) looks
 * for each shift with «Automático» and workplace whose date (today or tomorrow) reached its cut-off
 * (the last of its routes' that run that date: every booking of it is frozen) and was not handled
 * yet. Inserting the `day_plan_auto_runs` row is the «once», even between instances; then the day's
 * plan is proposed and applied (source `auto`) when it uses fewer vehicles or km or seats someone
 * waiting, else the standing plan stays (logged as the run's outcome).
 */
export function createDayPlanAuto(
  deps: DayPlanDeps & {
    notifier: Pick<Notifier, "storeNotices" | "pushNotices">;
    tickMs?: number;
    log?: (message: string, facts: object) => void;
    onError?: (error: unknown) => void;
  },
) {
  const { db, clock } = deps;
  const tickMs = deps.tickMs ?? 30_000;

  async function runOne({ routes, ...due }: DueRun, result: DayPlanAutoResult) {
    if (!(await claimAutoRun(db, due.shiftId, due.destinationId, due.date))) return;
    let outcome: string;
    try {
      const proposal = await proposeDayPlan(deps, due);
      const kept = keepReason(proposal);
      if (kept === null)
        await applyDayPlan(deps, deps.notifier, applyInput(proposal, due), { source: "auto", userId: null });
      outcome = kept ?? "applied";
    } catch (error) {
      if ((error as { message?: string }).message === PLANNER_BUSY_MESSAGE) {
        await releaseAutoRun(db, due.shiftId, due.destinationId, due.date);
        return;
      }
      outcome = `failed: ${(error as Error).message}`;
    }
    if (outcome === "applied") result.applied++;
    else if (outcome.startsWith("failed")) result.failed++;
    else result.kept++;
    await finishAutoRun(db, due.shiftId, due.destinationId, due.date, outcome);
    // The sweep left these riders to this run (it might seat them): who still waits is told now.
    await tellNoSeat(db, deps.notifier, routes, due.date, clock.now());
    deps.log?.("plan del día automático", { ...due, outcome });
  }

  /** The work itself, whoever asks (tests call it). */
  async function run(): Promise<DayPlanAutoResult> {
    const result: DayPlanAutoResult = { applied: 0, kept: 0, failed: 0 };
    for (const due of await dueRuns(db, clock)) {
      if (ticker.stopped()) break;
      await runOne(due, result);
    }
    return result;
  }

  async function runIfDue() {
    if (!(await claimJob(db, DAY_PLAN_AUTO_JOB, tickMs))) return undefined;
    const result = await run();
    await finishJob(db, DAY_PLAN_AUTO_JOB, result, false);
    return result;
  }

  const ticker = createJobTicker({ tickMs, run: runIfDue, onError: deps.onError });
  return { run, runIfDue, start: ticker.start, stop: ticker.stop };
}
export type DayPlanAuto = ReturnType<typeof createDayPlanAuto>;
