import type { SeededRandom } from "@treiber/contract/seeded-random";
import type { CompiledProblem } from "../compile-problem.js";
import type { Route } from "../route.js";
import { fitsAt, routeCanTake } from "./insertion-feasibility.js";

export type Insertion = { cost: number; position: number };

const NONE: Insertion = { cost: Number.POSITIVE_INFINITY, position: -1 };

/**
 * The cheapest feasible place for `job` in `route` (position k: after node k, so jobs.splice(k, 0, job)),
 * skipping each place with probability `blink` (SISR's blinks); `onlyAtEnd`: only after the last job.
 * Costs include the vehicle's fixed cost when the route is empty. Only a place cheaper than the best so
 * far is checked (insertion-feasibility.ts). `chargeFixed` false: an empty route costs its travel only.
 */
export function bestInsertion(
  problem: CompiledProblem,
  route: Route,
  job: number,
  blink: number,
  random: SeededRandom,
  bound = Number.POSITIVE_INFINITY,
  onlyAtEnd = false,
  chargeFixed = true,
): Insertion {
  if (!routeCanTake(problem, route, job)) return NONE;
  const vehicle = route.vehicle;
  const m = route.jobs.length;
  const { location, leave } = route;
  const { costs, size } = vehicle.matrices;
  const here = problem.jobLocation[job]!;
  const lastWindowEnd = problem.jobWindows[2 * problem.jobWindowStart[job + 1]! - 1]!;
  const fixed = m === 0 && chargeFixed ? vehicle.fixed : 0;
  let bestCost = bound;
  let bestPosition = -1;
  for (let k = onlyAtEnd ? m : 0; k <= m; k++) {
    const before = location[k]!;
    if (leave[k]! > lastWindowEnd) break;
    if (blink > 0 && random.next() < blink) continue;
    const after = location[k + 1]!;
    const delta =
      costs[before * size + here]! + costs[here * size + after]! - costs[before * size + after]! + fixed;
    if (delta >= bestCost) continue;
    if (!fitsAt(problem, route, job, k)) continue;
    bestCost = delta;
    bestPosition = k;
  }
  return bestPosition < 0 ? NONE : { cost: bestCost, position: bestPosition };
}
