import type { CompiledProblem } from "../compile-problem.js";
import type { Route } from "../route.js";
import type { Search } from "../search.js";
import { tailSwapFits, tailsSwappable } from "./two-opt-star-feasibility.js";

/** A tail swap: route a keeps its first i jobs and takes b's from j on; b keeps j and takes a's from i. */
type TailSwap = { gain: number; a: number; b: number; i: number; j: number };

/**
 * 2-opt* (tail exchange between two routes): applies the best improving tail swap, at most `moves`
 * times. What SISR's short strings rarely do: hand a whole run of stops to another vehicle. Only when
 * loads peak at a route's start or end; which swaps are allowed, two-opt-star-feasibility.ts.
 */
export function twoOptStar(search: Search, moves: number): void {
  if (!search.problem.loadPeaksAtEnds) return;
  for (let move = 0; move < moves; move++) {
    const swap = bestTailSwap(search);
    if (swap.a < 0) return;
    applyTailSwap(search, swap);
  }
}

/** The feasible swap that lowers the cost most (a gain over 1e-9); a = -1 when there is none. */
function bestTailSwap(search: Search): TailSwap {
  const { problem, routes } = search;
  const best: TailSwap = { gain: 1e-9, a: -1, b: -1, i: -1, j: -1 };
  for (let a = 0; a < routes.length; a++) {
    const A = routes[a]!;
    if (A.jobs.length === 0) continue;
    for (let b = a + 1; b < routes.length; b++) {
      const B = routes[b]!;
      if (B.jobs.length === 0 || !tailsSwappable(A.vehicle, B.vehicle)) continue;
      scanTails(problem, A, B, a, b, best);
    }
  }
  return best;
}

/** Every cut of routes a and b (after node i of A, after node j of B); keeps the best in `best`. */
function scanTails(problem: CompiledProblem, A: Route, B: Route, a: number, b: number, best: TailSwap): void {
  const va = A.vehicle;
  const vb = B.vehicle;
  const { costs, size } = va.matrices;
  const mA = A.jobs.length;
  const mB = B.jobs.length;
  for (let i = 0; i <= mA; i++) {
    const ai = A.location[i]!;
    const aNext = A.location[i + 1]!;
    const cutA = costs[ai * size + aNext]!;
    for (let j = 0; j <= mB; j++) {
      if (i === mA && j === mB) continue;
      const bj = B.location[j]!;
      const bNext = B.location[j + 1]!;
      let gain = cutA + costs[bj * size + bNext]! - costs[ai * size + bNext]! - costs[bj * size + aNext]!;
      // A route left empty saves its vehicle.
      if (i === 0 && mB - j === 0) gain += va.fixed;
      if (j === 0 && mA - i === 0) gain += vb.fixed;
      if (gain <= best.gain) continue;
      if (!tailSwapFits(problem, A, i, B, j)) continue;
      best.gain = gain;
      best.a = a;
      best.b = b;
      best.i = i;
      best.j = j;
    }
  }
}

function applyTailSwap(search: Search, { a, b, i, j }: TailSwap): void {
  const A = search.routes[a]!;
  const B = search.routes[b]!;
  const jobsA = A.jobs.slice(0, i).concat(B.jobs.slice(j));
  const jobsB = B.jobs.slice(0, j).concat(A.jobs.slice(i));
  search.setJobs(a, jobsA);
  search.setJobs(b, jobsB);
}
