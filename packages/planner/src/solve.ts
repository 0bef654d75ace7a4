import { type CompiledProblem, compileProblem } from "./compile-problem.js";
import { Random } from "./random.js";
import { scheduleRoute } from "./schedule-route.js";
import { Search } from "./search.js";
import { type PlannedSolution, toVroomOutput } from "./to-vroom-output.js";
import type { VroomInput } from "./vroom-input-schema.js";
import type { UnassignedReasonCode, VroomOutput } from "./vroom-output.js";

/** 2-opt* moves after each recreate (search.ts). */
const TWO_OPT_MOVES = 3;

export type SolveOptions = {
  /** Time budget in seconds; default defaultSeconds(number of jobs). */
  seconds?: number;
  /** Seed of the search (default 1): same seed and same `iterations` give the same plan. */
  seed?: number;
  /** Stop after this many ruin-and-recreate iterations (the phases split by iterations, not time). */
  iterations?: number;
  /** Share of the budget for removing vehicles when vehicles have a fixed cost (default 0.5). */
  fleetShare?: number;
  /**
   * Give up removing a vehicle when the fewest unassigned jobs of the attempt has not dropped for this
   * share of the budget (default: never give up before the fleet share is spent).
   */
  fleetPatience?: number;
  /** Starting temperature of the annealing, per job's average travel cost (default 2; it ends 100 times lower). */
  temperature?: number;
};

/** 0.08 s per job, at least 1 s and at most 60 s: 100 jobs in 8 s, 200 in 16 s. */
export function defaultSeconds(jobCount: number): number {
  return Math.min(60, Math.max(1, 0.08 * jobCount));
}

/** Plans the routes of a problem in VROOM's input format and returns VROOM's output format. */
export function solve(input: VroomInput, options: SolveOptions = {}): VroomOutput {
  const loadingStarted = performance.now();
  const problem = compileProblem(input);
  const solvingStarted = performance.now();
  const solution = planRoutes(problem, options, solvingStarted);
  const finished = performance.now();
  return toVroomOutput(problem, solution, {
    loading: Math.round(solvingStarted - loadingStarted),
    solving: Math.round(finished - solvingStarted),
  });
}

/** Which check each job fails alone, furthest first: the reason reported when no vehicle can serve it. */
const REASON_ORDER: UnassignedReasonCode[] = [
  "no_location",
  "skills",
  "max_tasks",
  "capacity",
  "time_window",
  "max_travel_time",
  "max_distance",
  "max_ride",
];

export function planRoutes(
  problem: CompiledProblem,
  options: SolveOptions,
  started: number,
): PlannedSolution {
  const budget = 1000 * (options.seconds ?? defaultSeconds(problem.jobCount));
  const deadline = started + budget;
  const iterations = options.iterations ?? Number.POSITIVE_INFINITY;
  const random = new Random(options.seed ?? 1);

  const unassigned = new Map<number, UnassignedReasonCode>();
  const servable: number[] = [];
  const kinds = new Map<string, number>();
  problem.vehicles.forEach((vehicle) => {
    if (!kinds.has(vehicle.key)) kinds.set(vehicle.key, vehicle.index);
  });
  for (let j = 0; j < problem.jobCount; j++) {
    let furthest = -1;
    let feasible = false;
    if (problem.jobLocation[j]! >= 0) {
      for (const v of kinds.values()) {
        const schedule = scheduleRoute(problem, problem.vehicles[v]!, [j]);
        if (schedule.feasible) {
          feasible = true;
          break;
        }
        furthest = Math.max(furthest, REASON_ORDER.indexOf(schedule.failure ?? "time_window"));
      }
    }
    if (feasible) servable.push(j);
    else unassigned.set(j, REASON_ORDER[Math.max(0, furthest)]!);
  }

  let maxArc = 0;
  for (const vehicle of problem.vehicles) {
    for (const cost of vehicle.matrices.costs) if (cost > maxArc) maxArc = cost;
  }
  const maxFixed = Math.max(...problem.vehicles.map((vehicle) => vehicle.fixed));
  const search = new Search(problem, random, 2 * (maxFixed + 3 * maxArc) + 1);

  // Construction: every job at its cheapest place, vehicles added as needed.
  search.recreate(servable.slice(), true);
  let best = search.snapshot();
  let bestUnassigned = search.unassigned.slice();
  let bestCost = search.cost;
  let iteration = 0;
  const outOfTime = () => performance.now() >= deadline || iteration >= iterations;

  // Fleet minimisation (SISR §6): take a route out and ruin-and-recreate until every job fits again.
  const fleetShare = options.fleetShare ?? 0.5;
  if (maxFixed > 0 && fleetShare > 0 && servable.length > 0) {
    const absences = new Int32Array(problem.jobCount);
    const lowerBound = fleetLowerBound(problem, servable);
    const fleetOver = () =>
      performance.now() >= started + fleetShare * budget || iteration >= fleetShare * iterations;
    let succeeded = search.unassigned.length === 0;
    while (succeeded && !fleetOver() && search.usedRoutes > lowerBound) {
      let smallest = -1;
      search.routes.forEach((route, r) => {
        if (
          route.jobs.length > 0 &&
          (smallest < 0 || route.jobs.length < search.routes[smallest]!.jobs.length)
        ) {
          smallest = r;
        }
      });
      search.begin();
      search.removeRoute(smallest);
      succeeded = false;
      const patience = options.fleetPatience ?? Number.POSITIVE_INFINITY;
      let fewest = search.unassigned.length;
      let progressAt = performance.now();
      let progressIteration = iteration;
      const stalled = () =>
        Number.isFinite(iterations)
          ? iteration - progressIteration > patience * iterations
          : performance.now() - progressAt > patience * budget;
      while (!fleetOver() && !stalled()) {
        iteration++;
        const before = search.unassigned.length;
        let beforeAbsence = 0;
        for (const job of search.unassigned) beforeAbsence += absences[job]!;
        search.begin();
        const removed = search.ruin();
        search.recreate(removed.concat(search.unassigned), false);
        let afterAbsence = 0;
        for (const job of search.unassigned) {
          afterAbsence += absences[job]!;
          absences[job]!++;
        }
        if (!(search.unassigned.length < before || afterAbsence < beforeAbsence)) search.revert();
        if (search.unassigned.length < fewest) {
          fewest = search.unassigned.length;
          progressAt = performance.now();
          progressIteration = iteration;
        }
        if (search.unassigned.length === 0) {
          succeeded = true;
          best = search.snapshot();
          bestUnassigned = [];
          bestCost = search.cost;
          break;
        }
      }
    }
    search.restore(best, bestUnassigned);
  }

  // Simulated annealing over ruin and recreate (SISR §5) on the full cost.
  const phaseStart = performance.now();
  const phaseIterationStart = iteration;
  let current = search.cost;
  const served = problem.jobCount - search.unassigned.length - unassigned.size;
  const averageArc =
    served > 0 ? search.routes.reduce((sum, route) => sum + route.travelCost, 0) / served : 1;
  const initialTemperature = Math.max(1e-9, (options.temperature ?? 2) * averageArc);
  const finalTemperature = initialTemperature / 100;
  while (!outOfTime() && servable.length > 0) {
    iteration++;
    const fraction = Number.isFinite(iterations)
      ? (iteration - phaseIterationStart) / Math.max(1, iterations - phaseIterationStart)
      : (performance.now() - phaseStart) / Math.max(1, deadline - phaseStart);
    const temperature = initialTemperature * (finalTemperature / initialTemperature) ** Math.min(1, fraction);
    search.begin();
    const removed = search.ruin();
    search.recreate(removed.concat(search.unassigned), true);
    search.twoOptStar(TWO_OPT_MOVES);
    const cost = search.cost;
    if (cost < current - temperature * Math.log(random.next())) {
      current = cost;
      if (cost < bestCost) {
        bestCost = cost;
        best = search.snapshot();
        bestUnassigned = search.unassigned.slice();
      }
    } else {
      search.revert();
    }
  }
  for (const job of bestUnassigned) unassigned.set(job, "fleet_full");
  return { routes: best, unassigned };
}

/** Fewest vehicles the load needs, when every vehicle is alike; else 1. */
function fleetLowerBound(problem: CompiledProblem, jobs: number[]): number {
  const first = problem.vehicles[0]!;
  if (problem.vehicles.some((vehicle) => vehicle.key !== first.key)) return 1;
  let bound = 1;
  for (let d = 0; d < problem.dimensions; d++) {
    let delivery = 0;
    let pickup = 0;
    for (const job of jobs) {
      delivery += problem.jobDelivery[job * problem.dimensions + d]!;
      pickup += problem.jobPickup[job * problem.dimensions + d]!;
    }
    const capacity = first.capacity[d]!;
    if (capacity > 0 && Number.isFinite(capacity)) {
      bound = Math.max(bound, Math.ceil(delivery / capacity), Math.ceil(pickup / capacity));
    }
  }
  return bound;
}
