import {
  DAY_PLAN_NO_ROUTES_MESSAGE,
  DAY_PLAN_PAST_MESSAGE,
  type DayPlanProposal,
  type DayPlanProposeRequest,
  type PlanParams,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { badRequest } from "../../lib/http-error.js";
import type { BookingClock } from "../bookings/booking-clock.js";
import { planParams } from "../planning/load-calibration.js";
import type { PlannerSlot } from "../planning/planner-gate.js";
import { roadTiming, withGeometry } from "../planning/road-timing.js";
import type { SolveOptions } from "../planning/solve-in-worker.js";
import type { RoadRouting } from "../routing/road-routing.js";
import { emissionFactors } from "../savings/emission-factors-repository.js";
import { bookedPlaces, dayTotals, movedRiders, placesIn, standingRoutesOf } from "./day-figures.js";
import { dayPlanVersion } from "./day-plan-version.js";
import { findDayPlan } from "./day-plans-repository.js";
import { dayJobs, dayVehicles, solveDay } from "./day-problem.js";
import { type DayScene, loadDayScene } from "./day-scene.js";
import { standingAsDay } from "./standing-as-day.js";

export type DayPlanDeps = {
  db: Db;
  clock: BookingClock;
  time: BranchOfficeTime;
  /** The road network (ROUTING_URL, issue 36); absent: the calibrated model times the day. */
  routing?: RoadRouting | undefined;
};

/** 400 for a date before today (local to the branch offices). */
export function checkNotPast(clock: BookingClock, date: string) {
  if (date < clock.today()) throw badRequest(DAY_PLAN_PAST_MESSAGE, { date: DAY_PLAN_PAST_MESSAGE });
}

/** The day's scene with its planning parameters (400 when no standing route runs that date). */
export async function dayContext(
  deps: DayPlanDeps,
  input: Pick<DayPlanProposeRequest, "shiftId" | "destinationId" | "date">,
) {
  const day = await loadDayScene(deps.db, deps.clock, deps.time, input);
  if (day.routes.length === 0)
    throw badRequest(DAY_PLAN_NO_ROUTES_MESSAGE, { date: DAY_PLAN_NO_ROUTES_MESSAGE });
  const params = planParams(day.scene.shift, day.scene.workplace, day.scene.calibration, {});
  const version = await dayPlanVersion(
    deps.db,
    day.scene.shift,
    day.scene.workplace.id,
    day.routes.map((route) => route.id),
    input.date,
  );
  return { day, params, version };
}

const who = (day: DayScene, employeeId: number) =>
  day.riders.find((rider) => rider.employeeId === employeeId);

/**
 * The date's plan and the standing routes beside it, both timed on the roads (or the model): the
 * planner's search, or the standing routes with who rides when the search leaves a confirmed rider
 * out; each route drawn on the roads when they timed it.
 */
async function solveDate(deps: DayPlanDeps, day: DayScene, params: PlanParams, options: SolveOptions) {
  const vehicles = dayVehicles(day.routes);
  const { jobs, noStop } = dayJobs(day.riders);
  const timing = await roadTiming(deps.routing, [params.workplace, ...jobs], options.signal);
  const stored = standingRoutesOf(day, vehicles, params);
  const searched = await solveDay(jobs, vehicles, params, { ...options, timing, standing: stored });
  const timed = searched.params;
  const standing = timed === params ? stored : standingRoutesOf(day, vehicles, timed);
  // A search that leaves a confirmed rider out loses to the standing routes with that date's riders.
  const leftOut = searched.unassigned.some((entry) => who(day, entry.employeeId)?.status === "CONFIRMED");
  const chosen = leftOut ? { ...searched, routes: standingAsDay(standing, timed), unassigned: [] } : searched;
  const routes =
    deps.routing && timing.matrix
      ? await withGeometry(deps.routing, chosen.routes, timed, options.signal)
      : chosen.routes;
  return { solved: { ...chosen, routes }, standing, timed, timing, noStop };
}

/**
 * `POST Planning/day/propose`: plans one date of a shift to one workplace for who rides it (the
 * date's confirmed bookings on its standing routes, and the waitlisted where a seat is left), each
 * rider at their own stop, with the standing routes' buses (fewest vehicles, then km). With a
 * routing server the day's and the standing plan's times and km come from the road network, as in
 * Planning/propose (the model when it fails, said in `travelNote`). Nothing is written. Usable
 * without HTTP («Automático»).
 */
export async function proposeDayPlan(
  deps: DayPlanDeps,
  input: DayPlanProposeRequest,
  options: { signal?: AbortSignal; slot?: PlannerSlot } = {},
): Promise<DayPlanProposal> {
  checkNotPast(deps.clock, input.date);
  const { day, params, version } = await dayContext(deps, input);
  const { solved, standing, timed, timing, noStop } = await solveDate(deps, day, params, {
    seconds: input.seconds,
    ...options,
  });
  const seated = placesIn(solved.routes);
  const running = new Set(solved.routes.map((route) => route.routeId));
  const applied = await findDayPlan(deps.db, day.scene.shift.id, day.scene.workplace.id, input.date);
  const factors = await emissionFactors(deps.db);
  return {
    date: input.date,
    params: timed,
    riders: day.riders.filter((rider) => rider.status === "CONFIRMED").length,
    waitlistedSeated: day.riders.filter(
      (rider) => rider.status === "WAITLISTED" && seated.has(rider.employeeId),
    ).length,
    standing: { routes: standing, totals: dayTotals(standing, timed, factors) },
    day: { routes: solved.routes, totals: dayTotals(solved.routes, timed, factors) },
    released: day.routes
      .filter((route) => !running.has(route.id))
      .map((route) => ({
        routeId: route.id,
        name: route.name,
        driverName: route.driver ? `${route.driver.name} ${route.driver.lastname}` : null,
        vehiclePlate: route.driver?.vehiclePlate ?? null,
      })),
    moved: movedRiders(day.riders, bookedPlaces(day), seated),
    unassigned: [...noStop, ...solved.unassigned].flatMap((entry) => {
      const rider = who(day, entry.employeeId);
      // A waitlisted rider left out keeps waiting: not a rider the day failed to seat.
      if (!rider || rider.status === "WAITLISTED") return [];
      return [
        { employeeId: entry.employeeId, name: rider.name, lastname: rider.lastname, reason: entry.reason },
      ];
    }),
    version,
    seconds: solved.seconds,
    travelSource: timing.source,
    travelNote: timing.note,
    applied: applied
      ? { appliedAt: applied.appliedAt.toISOString(), source: applied.source, appliedBy: applied.appliedBy }
      : null,
  };
}
