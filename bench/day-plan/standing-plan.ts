/**
 * The standing plan of `npm run bench:day-plan`: per workplace, the planner's proposal for its
 * riders with its pool of drivers (Planning/propose's `proposeForShift`), applied as
 * Planning/apply does (`applyPlan`, every day of the week).
 */
import { performance } from "node:perf_hooks";
import type { PlanningApplyRequest, PlanRoute } from "@treiber/contract";
import type { Database } from "../../apps/api/src/db/client.js";
import type { BranchOfficeTime } from "../../apps/api/src/lib/branch-office-time.js";
import { bookingClock } from "../../apps/api/src/modules/bookings/booking-clock.js";
import type { Notifier } from "../../apps/api/src/modules/notifications/notification-service.js";
import { applyPlan } from "../../apps/api/src/modules/planning/apply-plan.js";
import { proposeForShift } from "../../apps/api/src/modules/planning/propose-for-shift.js";
import type { DayPlanWorld } from "./seed-day-plan.js";

export type StandingOptions = { walkRadiusMeters: number; maxRideMinutes: number; seconds: number };

export type StandingSummary = {
  workplace: string;
  riders: number;
  unassigned: number;
  routes: number;
  stops: number;
  seats: Record<number, number>;
  km: number;
  longestRideMinutes: number;
  proposeSeconds: number;
  applySeconds: number;
};

const applyRoute = (route: PlanRoute): PlanningApplyRequest["routes"][number] => ({
  routeId: route.routeId,
  name: route.name,
  driverId: route.driverId ?? 0,
  seats: route.seats ?? 1,
  stops: route.stops.map((stop) => ({
    name: stop.name,
    address: stop.address,
    latitude: stop.latitude,
    longitude: stop.longitude,
    employeeIds: stop.employeeIds,
  })),
});

/** Vehicles used by seats: { 15: n, 30: n, 45: n }. */
function seatsOf(routes: PlanRoute[]) {
  const out: Record<number, number> = {};
  for (const route of routes) out[route.seats ?? 0] = (out[route.seats ?? 0] ?? 0) + 1;
  return out;
}

/** Proposes and applies the standing plan of each workplace; what each got. */
export async function planStanding(
  database: Database,
  notifier: Pick<Notifier, "storeNotices" | "pushNotices">,
  time: BranchOfficeTime,
  world: DayPlanWorld,
  options: StandingOptions,
): Promise<StandingSummary[]> {
  const out: StandingSummary[] = [];
  for (const workplace of world.workplaces) {
    const ids = { shiftId: world.shiftId, destinationId: workplace.id };
    let start = performance.now();
    const proposal = await proposeForShift(
      database.db,
      {
        ...ids,
        employeeIds: workplace.employeeIds,
        driverIds: workplace.driverIds,
        walkRadiusMeters: options.walkRadiusMeters,
        maxRideMinutes: options.maxRideMinutes,
        seconds: options.seconds,
      },
      { time },
    );
    const proposeSeconds = (performance.now() - start) / 1000;
    start = performance.now();
    await applyPlan(
      database.db,
      notifier,
      {
        ...ids,
        dayIds: [1, 2, 3, 4, 5, 6, 7],
        version: proposal.version,
        serviceMinutes: proposal.params.serviceMinutes,
        maxRideMinutes: proposal.params.maxRideMinutes,
        routes: proposal.routes.map(applyRoute),
      },
      { time, bookings: bookingClock({ offsetAt: time.offset }) },
    );
    out.push({
      workplace: workplace.name,
      riders: workplace.employeeIds.length,
      unassigned: proposal.unassigned.length,
      routes: proposal.routes.length,
      stops: proposal.routes.reduce((sum, route) => sum + route.stops.length, 0),
      seats: seatsOf(proposal.routes),
      km: proposal.figures.km,
      longestRideMinutes: proposal.figures.longestRideMinutes,
      proposeSeconds,
      applySeconds: (performance.now() - start) / 1000,
    });
  }
  return out;
}
