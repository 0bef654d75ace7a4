/**
 * The service days of `npm run bench:day-plan`: per day a demand between 60 % and 100 % of the
 * riders of the standing routes (seeded); the rest cancel (bookings rows, as «No viajaré» leaves
 * them); then each workplace's plan of the day is proposed through the day-plans service and,
 * as «Automático» decides (`keepReason`: it seats everyone and uses fewer vehicles or km), applied;
 * else the standing plan runs that day. Its figures are set against the standing plan's for that
 * day's riders.
 */
import { performance } from "node:perf_hooks";
import { type DayPlanProposal, scheduleStops } from "@treiber/contract";
import { SeededRandom } from "@treiber/contract/seeded-random";
import { sql } from "drizzle-orm";
import type { Database } from "../../apps/api/src/db/client.js";
import { bookings } from "../../apps/api/src/db/schema.js";
import { addDays } from "../../apps/api/src/modules/bookings/booking-clock.js";
import { rowsOf } from "../../apps/api/src/modules/bookings/bookings-repository.js";
import { keepReason } from "../../apps/api/src/modules/day-plans/day-plan-auto.js";
import type { DayPlansService } from "../../apps/api/src/modules/day-plans/day-plans-service.js";
import type { DayPlanWorld } from "./seed-day-plan.js";

export type DayRow = {
  date: string;
  demand: number;
  riders: number;
  /** Riders the proposals left out (a proposal leaving someone out is not applied). */
  unassigned: number;
  /** Seated + unassigned differs from the day's riders (should be 0). */
  missing: number;
  /** The standing plan with the day's riders, the proposals, and what runs (applied or kept). */
  standing: Figures;
  proposed: Figures;
  runs: Figures;
  /** Workplaces whose day plan was applied; why the others kept the standing plan. */
  applied: number;
  kept: string[];
  maxRideMinutes: number;
  /** Riders of what runs whose ride is longer than the maximum. */
  overMaxRide: number;
  /** Longest wall time of one workplace's proposal, and of one apply (s). */
  proposeSeconds: number;
  applySeconds: number;
  /** The planner's own search time, longest of the workplaces (s). */
  solverSeconds: number;
};

type Figures = { vehicles: number; km: number; co2Kg: number; cost: number; longest: number };
type Totals = DayPlanProposal["day"]["totals"];
const empty = (): Figures => ({ vehicles: 0, km: 0, co2Kg: 0, cost: 0, longest: 0 });
const add = (sum: Figures, totals: Totals) => {
  sum.vehicles += totals.vehicles;
  sum.km += totals.km;
  sum.co2Kg += totals.co2Kg;
  sum.cost += totals.cost;
  sum.longest = Math.max(sum.longest, totals.longestRideMinutes);
};

/** Riders of `routes` over the maximum ride, and how many riders they seat. */
function ridesOf(proposal: DayPlanProposal, routes: DayPlanProposal["day"]["routes"]) {
  let over = 0;
  let seated = 0;
  for (const route of routes) {
    const schedule = scheduleStops(route.stops, proposal.params);
    for (const [i, stop] of route.stops.entries()) {
      seated += stop.employeeIds.length;
      if ((schedule.stops[i]?.rideMinutes ?? 0) > proposal.params.maxRideMinutes)
        over += stop.employeeIds.length;
    }
  }
  return { over, seated };
}

/** The proposal's day routes as Planning/day/apply takes them. */
const applyBody = (proposal: DayPlanProposal, ids: { shiftId: number; destinationId: number }) => ({
  ...ids,
  date: proposal.date,
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

/** Every rider on a standing route of the shift: [routeId, employeeId]. */
async function standingRiders(database: Database, shiftId: number) {
  const rows = await rowsOf(
    database.db,
    sql`select re.route_id, re.employee_id from route_employees re join routes r on r.id = re.route_id
      where r.shift_id = ${shiftId} and r.status = 'active' order by re.employee_id`,
  );
  return rows.map((row) => ({ routeId: Number(row.route_id), employeeId: Number(row.employee_id) }));
}

/** Cancels all but `demand` of the riders on `date` (one row each, in batches). */
async function cancelRest(
  database: Database,
  random: SeededRandom,
  riders: { routeId: number; employeeId: number }[],
  date: string,
  demand: number,
) {
  const cancelled = random.shuffled(riders).slice(0, Math.round(riders.length * (1 - demand)));
  for (let first = 0; first < cancelled.length; first += 500) {
    const rows = cancelled.slice(first, first + 500).map((rider) => ({
      ...rider,
      serviceDate: date,
      status: "CANCELLED",
      assigned: true,
      reason: "No viajaré",
    }));
    await database.db.insert(bookings).values(rows);
  }
}

/** Proposes one workplace's day and applies it unless «Automático» would keep the standing plan; failures name the date and workplace. */
async function planOneDay(
  service: DayPlansService,
  ids: { shiftId: number; destinationId: number; date: string },
  seconds: number,
  adminUserId: number,
) {
  const where = `turno ${ids.shiftId}, destino ${ids.destinationId}, fecha ${ids.date}`;
  let start = performance.now();
  let proposal: DayPlanProposal;
  try {
    proposal = await service.propose({ ...ids, seconds });
  } catch (error) {
    throw new Error(`Planning/day/propose falló (${where}, ${seconds} s)`, { cause: error });
  }
  const proposeSeconds = (performance.now() - start) / 1000;
  const kept = keepReason(proposal);
  if (kept !== null) return { proposal, kept, proposeSeconds, applySeconds: 0 };
  start = performance.now();
  try {
    await service.apply(applyBody(proposal, ids), adminUserId);
  } catch (error) {
    throw new Error(`Planning/day/apply falló (${where})`, { cause: error });
  }
  return { proposal, kept, proposeSeconds, applySeconds: (performance.now() - start) / 1000 };
}

/** `days` service days from `firstDay`; one row per day over the four workplaces. */
export async function runServiceDays(
  database: Database,
  service: DayPlansService,
  world: DayPlanWorld,
  options: { firstDay: string; days: number; seed: number; seconds: number },
  onDay: (row: DayRow) => void = () => {},
): Promise<DayRow[]> {
  // The demands from their own generator: the same for a seed whatever the standing plan seats.
  const demands = new SeededRandom(options.seed + 1);
  const random = new SeededRandom(options.seed + 2);
  const riders = await standingRiders(database, world.shiftId);
  const out: DayRow[] = [];
  for (let d = 0; d < options.days; d++) {
    const date = addDays(options.firstDay, d);
    const demand = demands.between(0.6, 1);
    await cancelRest(database, random, riders, date, demand);
    const row: DayRow = {
      date,
      demand,
      riders: 0,
      unassigned: 0,
      missing: 0,
      standing: empty(),
      proposed: empty(),
      runs: empty(),
      applied: 0,
      kept: [],
      maxRideMinutes: 0,
      overMaxRide: 0,
      proposeSeconds: 0,
      applySeconds: 0,
      solverSeconds: 0,
    };
    for (const workplace of world.workplaces) {
      const ids = { shiftId: world.shiftId, destinationId: workplace.id, date };
      const done = await planOneDay(service, ids, options.seconds, world.adminUserId);
      const { proposal, kept } = done;
      const running = kept === null ? proposal.day : proposal.standing;
      row.riders += proposal.riders;
      row.unassigned += proposal.unassigned.length;
      row.missing +=
        proposal.riders - ridesOf(proposal, proposal.day.routes).seated - proposal.unassigned.length;
      add(row.standing, proposal.standing.totals);
      add(row.proposed, proposal.day.totals);
      add(row.runs, running.totals);
      if (kept === null) row.applied++;
      else row.kept.push(`${workplace.name}: ${kept}`);
      row.maxRideMinutes = proposal.params.maxRideMinutes;
      row.overMaxRide += ridesOf(proposal, running.routes).over;
      row.proposeSeconds = Math.max(row.proposeSeconds, done.proposeSeconds);
      row.applySeconds = Math.max(row.applySeconds, done.applySeconds);
      row.solverSeconds = Math.max(row.solverSeconds, proposal.seconds);
    }
    out.push(row);
    onDay(row);
  }
  return out;
}
