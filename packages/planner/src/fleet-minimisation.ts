import type { CompiledProblem } from "./compile-problem.js";
import { removeRoute, smallestRoute } from "./operators/remove-route.js";
import { ruinStrings } from "./operators/ruin-strings.js";
import type { SearchRun } from "./search-run.js";
import type { SolveOptions } from "./solve-options.js";

/**
 * Fleet minimisation (SISR §6): take the smallest route out and ruin-and-recreate without opening
 * routes, accepting when fewer jobs are left out or their summed absences drop, until every job fits
 * again; then the next route. Spends `fleetShare` of the budget at most, and stops at the capacity's
 * lower bound. Ends with the search on the best plan found.
 */
export function minimiseFleet(run: SearchRun, servable: number[], options: SolveOptions): void {
  const { search } = run;
  const fleetShare = options.fleetShare ?? 0.5;
  const absences = new Int32Array(search.problem.jobCount);
  const lowerBound = fleetLowerBound(search.problem, servable);
  const fleetOver = () =>
    performance.now() >= run.started + fleetShare * run.budget ||
    run.iteration >= fleetShare * run.iterations;
  let succeeded = search.unassigned.length === 0;
  while (succeeded && !fleetOver() && search.usedRoutes > lowerBound) {
    search.begin();
    removeRoute(search, smallestRoute(search));
    succeeded = reinsertAll(run, absences, fleetOver, options.fleetPatience ?? Number.POSITIVE_INFINITY);
  }
  search.restore(run.best, run.bestUnassigned);
}

/** Ruins and recreates until no job is left out (true) or the fleet's share or patience runs out. */
function reinsertAll(
  run: SearchRun,
  absences: Int32Array,
  fleetOver: () => boolean,
  patience: number,
): boolean {
  const { search } = run;
  let fewest = search.unassigned.length;
  let progressAt = performance.now();
  let progressIteration = run.iteration;
  const stalled = () =>
    Number.isFinite(run.iterations)
      ? run.iteration - progressIteration > patience * run.iterations
      : performance.now() - progressAt > patience * run.budget;
  while (!fleetOver() && !stalled()) {
    run.iteration++;
    const before = search.unassigned.length;
    let beforeAbsence = 0;
    for (const job of search.unassigned) beforeAbsence += absences[job]!;
    search.begin();
    const removed = ruinStrings(search);
    run.recreate.apply(search, removed.concat(search.unassigned), false);
    let afterAbsence = 0;
    for (const job of search.unassigned) {
      afterAbsence += absences[job]!;
      absences[job]!++;
    }
    if (!(search.unassigned.length < before || afterAbsence < beforeAbsence)) search.revert();
    if (search.unassigned.length < fewest) {
      fewest = search.unassigned.length;
      progressAt = performance.now();
      progressIteration = run.iteration;
    }
    if (search.unassigned.length === 0) {
      run.keepBest();
      return true;
    }
  }
  return false;
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
