import type { CompiledProblem } from "../compile-problem.js";
import type { Route } from "../route.js";
import type { Search } from "../search.js";
import { GRANULAR_FROM } from "./recreate.js";
import { tailSwapFits, tailsSwappable } from "./two-opt-star-feasibility.js";

/** Granular 2-opt*: cuts that join a job of a changed route to one of its this many nearest jobs. */
const GRANULAR_NEIGHBOURS = 20;

/** A tail swap: route a keeps its first i jobs and takes b's from j on; b keeps j and takes a's from i. */
type TailSwap = { gain: number; a: number; b: number; i: number; j: number };

/**
 * 2-opt* (tail exchange between two routes): applies the best improving tail swap, at most `moves`
 * times. What SISR's short strings rarely do: hand a whole run of stops to another vehicle. Only when
 * loads peak at a route's start or end; which swaps are allowed, two-opt-star-feasibility.ts. Above
 * GRANULAR_FROM jobs only the cuts that join a job of a route changed in this attempt to one of its
 * nearest jobs (every pair of cuts is O(jobs²): 3 scans an attempt took 85 % of the time at 1,000 jobs).
 */
export function twoOptStar(search: Search, moves: number): void {
  if (!search.problem.loadPeaksAtEnds) return;
  for (let move = 0; move < moves; move++) {
    const swap = search.problem.jobCount > GRANULAR_FROM ? bestNearTailSwap(search) : bestTailSwap(search);
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
  const mA = A.jobs.length;
  const mB = B.jobs.length;
  for (let i = 0; i <= mA; i++) {
    for (let j = 0; j <= mB; j++) tryTailSwap(problem, A, B, a, b, i, j, best);
  }
}

/** The cut after node i of A and node j of B: kept in `best` when feasible and it gains more. */
function tryTailSwap(
  problem: CompiledProblem,
  A: Route,
  B: Route,
  a: number,
  b: number,
  i: number,
  j: number,
  best: TailSwap,
): void {
  const mA = A.jobs.length;
  const mB = B.jobs.length;
  if (i === mA && j === mB) return;
  const va = A.vehicle;
  const vb = B.vehicle;
  const { costs, size } = va.matrices;
  const ai = A.location[i]!;
  const aNext = A.location[i + 1]!;
  const bj = B.location[j]!;
  const bNext = B.location[j + 1]!;
  let gain =
    costs[ai * size + aNext]! +
    costs[bj * size + bNext]! -
    costs[ai * size + bNext]! -
    costs[bj * size + aNext]!;
  // A route left empty saves its vehicle.
  if (i === 0 && mB - j === 0) gain += va.fixed;
  if (j === 0 && mA - i === 0) gain += vb.fixed;
  if (gain <= best.gain) return;
  if (!tailSwapFits(problem, A, i, B, j)) return;
  best.gain = gain;
  best.a = a;
  best.b = b;
  best.i = i;
  best.j = j;
}

/**
 * The best swap among cuts joining a job u of a changed route to a near job v of another route: u then
 * v (A cut after u, B before v) or v then u (B cut after v, A before u).
 */
function bestNearTailSwap(search: Search): TailSwap {
  const { problem, routes, jobRoute } = search;
  const best: TailSwap = { gain: 1e-9, a: -1, b: -1, i: -1, j: -1 };
  for (const a of search.touchedRoutes()) {
    const A = routes[a]!;
    const mA = A.jobs.length;
    for (let i = 1; i <= mA; i++) {
      const neighbours = problem.neighbours[A.jobs[i - 1]!]!;
      const count = Math.min(GRANULAR_NEIGHBOURS, neighbours.length);
      for (let n = 0; n < count; n++) {
        const v = neighbours[n]!;
        const b = jobRoute[v]!;
        if (b < 0 || b === a) continue;
        const B = routes[b]!;
        if (!tailsSwappable(A.vehicle, B.vehicle)) continue;
        const q = B.jobs.indexOf(v) + 1;
        tryTailSwap(problem, A, B, a, b, i, q - 1, best);
        tryTailSwap(problem, A, B, a, b, i - 1, q, best);
      }
    }
  }
  return best;
}

function applyTailSwap(search: Search, { a, b, i, j }: TailSwap): void {
  const A = search.routes[a]!;
  const B = search.routes[b]!;
  const jobsA = A.jobs.slice(0, i).concat(B.jobs.slice(j));
  const jobsB = B.jobs.slice(0, j).concat(A.jobs.slice(i));
  search.setJobs(a, jobsA);
  search.setJobs(b, jobsB);
}
