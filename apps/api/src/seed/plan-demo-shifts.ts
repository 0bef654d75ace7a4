import type { PlanningApplyRequest, PlanningProposal, PlanRoute } from "@treiber/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { branchOffices, destinations, routeDrivers, routes, shiftDays, shifts } from "../db/schema.js";
import { branchOfficeTime } from "../lib/branch-office-time.js";
import { bookingClock } from "../modules/bookings/booking-clock.js";
import { applyPlan } from "../modules/planning/apply-plan.js";
import { proposeForShift } from "../modules/planning/propose-for-shift.js";
import { BRANCHES } from "./demo-places.js";

/**
 * How the demo plans Piantini's shifts (issue 23): riders within a 400-m walk share a stop (the
 * hand-drawn stops are one per neighbourhood), at most 100 min on board, 1 s of search per shift and workplace, the same
 * riders and the first driver of each hand-drawn route.
 */
export const DEMO_PLANNING = {
  branch: BRANCHES.piantini.name,
  walkRadiusMeters: 400,
  /**
   * Itabo's industrial park is ~30 km from the riders' neighbourhoods: at the default peak speed its
   * farthest rider is 93 min on board; with 60 or 90 min one bus leaves riders out.
   */
  maxRideMinutes: 100,
  seconds: 1,
} as const;
/** Santo Domingo is UTC−4 all year: the demo's branch offices' clock (the peak hours). */
export const DEMO_BRANCH_OFFICE_TIME = branchOfficeTime(() => 240);

export type DemoPlanningCase = {
  shiftId: number;
  shiftName: string;
  destinationId: number;
  destinationName: string;
  dayIds: number[];
  /** The first driver of each of the shift's routes there. */
  driverIds: number[];
};

/** Each shift of the demo's planned branch office with each workplace its active routes go to. */
export async function demoPlanningCases(db: Db): Promise<DemoPlanningCase[]> {
  const rows = await db
    .select({
      shiftId: shifts.id,
      shiftName: shifts.name,
      destinationId: destinations.id,
      destinationName: destinations.name,
      routeId: routes.id,
    })
    .from(shifts)
    .innerJoin(branchOffices, eq(branchOffices.id, shifts.branchOfficeId))
    .innerJoin(routes, and(eq(routes.shiftId, shifts.id), eq(routes.status, "active")))
    .innerJoin(destinations, eq(destinations.id, routes.destinationId))
    .where(eq(branchOffices.name, DEMO_PLANNING.branch))
    .orderBy(asc(shifts.id), asc(destinations.id), asc(routes.id));
  const cases = new Map<string, DemoPlanningCase>();
  for (const row of rows) {
    const key = `${row.shiftId}:${row.destinationId}`;
    const entry = cases.get(key) ?? {
      shiftId: row.shiftId,
      shiftName: row.shiftName,
      destinationId: row.destinationId,
      destinationName: row.destinationName,
      dayIds: (
        await db.select({ dayId: shiftDays.dayId }).from(shiftDays).where(eq(shiftDays.shiftId, row.shiftId))
      )
        .map((day) => day.dayId)
        .sort((a, b) => a - b),
      driverIds: [],
    };
    const [first] = await db
      .select({ driverId: routeDrivers.driverId })
      .from(routeDrivers)
      .where(eq(routeDrivers.routeId, row.routeId))
      .orderBy(asc(routeDrivers.driverId))
      .limit(1);
    if (first && !entry.driverIds.includes(first.driverId)) entry.driverIds.push(first.driverId);
    cases.set(key, entry);
  }
  return [...cases.values()].filter((entry) => entry.driverIds.length > 0);
}

/** The planner's proposal for one demo case. */
export function proposeDemoCase(db: Db, demo: DemoPlanningCase): Promise<PlanningProposal> {
  return proposeForShift(
    db,
    {
      shiftId: demo.shiftId,
      destinationId: demo.destinationId,
      driverIds: demo.driverIds,
      walkRadiusMeters: DEMO_PLANNING.walkRadiusMeters,
      maxRideMinutes: DEMO_PLANNING.maxRideMinutes,
      seconds: DEMO_PLANNING.seconds,
    },
    { time: DEMO_BRANCH_OFFICE_TIME },
  );
}

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

/** Writes nothing to riders: the demo's plan is its starting point, not a change they must hear of. */
const silentNotifier = { storeNotices: async () => [], pushNotices: async () => {} };

/**
 * Replaces the hand-drawn routes of the demo's planned branch office with the planner's (after the
 * demo data is in). Answers how many routes each case got.
 */
export async function planDemoShifts(db: Db): Promise<{ cases: number; routes: number }> {
  let planned = 0;
  const cases = await demoPlanningCases(db);
  for (const demo of cases) {
    const proposal = await proposeDemoCase(db, demo);
    if (proposal.routes.length === 0) continue;
    const applied = await applyPlan(
      db,
      silentNotifier,
      {
        shiftId: demo.shiftId,
        destinationId: demo.destinationId,
        dayIds: demo.dayIds,
        version: proposal.version,
        serviceMinutes: proposal.params.serviceMinutes,
        maxRideMinutes: proposal.params.maxRideMinutes,
        routes: proposal.routes.map(applyRoute),
      },
      { time: DEMO_BRANCH_OFFICE_TIME, bookings: bookingClock({ offsetAt: DEMO_BRANCH_OFFICE_TIME.offset }) },
    );
    planned += applied.routeIds.length;
  }
  return { cases: cases.length, routes: planned };
}
