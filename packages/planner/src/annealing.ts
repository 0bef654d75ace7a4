import { ruinStrings } from "./operators/ruin-strings.js";
import { twoOptStar } from "./operators/two-opt-star.js";
import type { SearchRun } from "./search-run.js";
import type { SolveOptions } from "./solve-options.js";

/** 2-opt* moves after each recreate. */
const TWO_OPT_MOVES = 3;

/**
 * Simulated annealing over ruin and recreate (SISR §5) on the full cost: each iteration ruins strings,
 * recreates (opening routes if it must) and applies up to three 2-opt* moves, then accepts or reverts.
 * The temperature falls from `temperature` × the average travel cost per served job to a hundredth of it.
 * `unservable`: how many jobs no vehicle can serve alone.
 */
export function anneal(run: SearchRun, servable: number[], unservable: number, options: SolveOptions): void {
  const { search } = run;
  const { problem, random } = search;
  const phaseStart = performance.now();
  const phaseIterationStart = run.iteration;
  let current = search.cost;
  const served = problem.jobCount - search.unassigned.length - unservable;
  const averageArc =
    served > 0 ? search.routes.reduce((sum, route) => sum + route.travelCost, 0) / served : 1;
  const initialTemperature = Math.max(1e-9, (options.temperature ?? 2) * averageArc);
  const finalTemperature = initialTemperature / 100;
  while (!run.outOfTime() && servable.length > 0) {
    run.iteration++;
    const fraction = Number.isFinite(run.iterations)
      ? (run.iteration - phaseIterationStart) / Math.max(1, run.iterations - phaseIterationStart)
      : (performance.now() - phaseStart) / Math.max(1, run.deadline - phaseStart);
    const temperature = initialTemperature * (finalTemperature / initialTemperature) ** Math.min(1, fraction);
    search.begin();
    const removed = ruinStrings(search);
    run.recreate.apply(search, removed.concat(search.unassigned), true);
    twoOptStar(search, TWO_OPT_MOVES);
    const cost = search.cost;
    if (cost < current - temperature * Math.log(random.next())) {
      current = cost;
      if (cost < run.bestCost) run.keepBest();
    } else {
      search.revert();
    }
  }
}
