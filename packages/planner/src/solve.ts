import { SeededRandom } from "@treiber/contract/seeded-random";
import { anneal } from "./annealing.js";
import { type CompiledProblem, compileProblem } from "./compile-problem.js";
import { minimiseFleet } from "./fleet-minimisation.js";
import { GRANULAR_FROM } from "./operators/recreate.js";
import { Search } from "./search.js";
import { SearchRun } from "./search-run.js";
import type { SolveOptions } from "./solve-options.js";
import { type PlannedSolution, toVroomOutput } from "./to-vroom-output.js";
import { sortOutJobs } from "./unservable-jobs.js";
import type { VroomInput } from "./vroom-input-schema.js";
import type { VroomOutput } from "./vroom-output.js";

export type { SolveOptions };

/** 0.08 s per job, at least 1 s and at most 60 s: 100 jobs in 8 s, 200 in 16 s. */
export function defaultSeconds(jobCount: number): number {
  return Math.min(60, Math.max(1, 0.08 * jobCount));
}

/** Plans the routes of a problem in VROOM's input format and returns VROOM's output format. */
export function solve(input: VroomInput, options: SolveOptions = {}): VroomOutput {
  const loadingStarted = performance.now();
  const problem = compileProblem(input);
  const solvingStarted = performance.now();
  // The budget counts from the start: loading 5,000 × 5,000 matrices takes a second or two.
  const solution = planRoutes(problem, options, loadingStarted);
  const finished = performance.now();
  return toVroomOutput(problem, solution, {
    loading: Math.round(solvingStarted - loadingStarted),
    solving: Math.round(finished - solvingStarted),
  });
}

/**
 * The search: construction (every job at its cheapest place, vehicles added as needed), then fleet
 * minimisation when vehicles have a fixed cost (fleet-minimisation.ts), then simulated annealing
 * (annealing.ts). The operators they apply live in operators/, one per file.
 */
export function planRoutes(
  problem: CompiledProblem,
  options: SolveOptions,
  started: number,
): PlannedSolution {
  const budget = 1000 * (options.seconds ?? defaultSeconds(problem.jobCount));
  const iterations = options.iterations ?? Number.POSITIVE_INFINITY;
  const random = new SeededRandom(options.seed ?? 1);
  const { servable, unassigned } = sortOutJobs(problem);

  // Vehicles share matrix sets: each set once (300 vehicles × 25 M arcs took a minute at 5,000 jobs).
  let maxArc = 0;
  for (const matrices of new Set(problem.vehicles.map((vehicle) => vehicle.matrices))) {
    for (const cost of matrices.costs) if (cost > maxArc) maxArc = cost;
  }
  const maxFixed = Math.max(...problem.vehicles.map((vehicle) => vehicle.fixed));
  const search = new Search(problem, random, 2 * (maxFixed + 3 * maxArc) + 1);
  const run = new SearchRun(search, started, budget, iterations);

  // Large problems start from compact routes (opening one costs its travel only); see recreate.ts.
  run.recreate.apply(search, servable.slice(), true, problem.jobCount <= GRANULAR_FROM);
  run.keepBest();
  if (maxFixed > 0 && (options.fleetShare ?? 0.5) > 0 && servable.length > 0) {
    minimiseFleet(run, servable, options);
  }
  anneal(run, servable, unassigned.size, options);
  for (const job of run.bestUnassigned) unassigned.set(job, "fleet_full");
  return { routes: run.best, unassigned };
}
