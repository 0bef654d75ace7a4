import { type ChainMeasure, type ChainModel, canFollow, measureChain } from "./chain-model.js";
import { type ChainPlan, fitsBetween, withRun } from "./chain-search.js";

/**
 * Decides whether replacing chains a and b by two measured candidates improves the plan; `measures`
 * holds every chain's current measure and `version` changes whenever one of them does (for caches).
 * A move that empties one of the two chains saves a vehicle and always improves.
 */
export type MoveObjective = (
  measures: readonly ChainMeasure[],
  a: number,
  b: number,
  newA: ChainMeasure,
  newB: ChainMeasure,
  version: number,
) => boolean;

const EPSILON = 1e-6;

/** Fewer vehicles, then less deadhead. */
export const lessDeadhead: MoveObjective = (measures, a, b, newA, newB) =>
  newA.runs === 0 ||
  newB.runs === 0 ||
  newA.metres + newB.metres <
    (measures[a] as ChainMeasure).metres + (measures[b] as ChainMeasure).metres - EPSILON;

/**
 * Local search over pairs of chains — move one run, swap two runs, swap the chains' tails (2-opt*)
 * — taking the first improving move, in a fixed order, until a round finds none or `maxRounds`.
 */
export function improveChains(
  model: ChainModel,
  plan: ChainPlan,
  objective: MoveObjective,
  maxRounds: number,
): void {
  const measures = plan.chains.map((chain, c) => measureChain(model, chain, plan.vehicleOf[c] as number));
  let version = 0;
  const tryMove = (a: number, b: number, runsA: number[], runsB: number[]): boolean => {
    if (!withinSpan(model, runsA) || !withinSpan(model, runsB)) return false;
    const newA = measureChain(model, runsA, plan.vehicleOf[a] as number);
    if (!newA.ok) return false;
    const newB = measureChain(model, runsB, plan.vehicleOf[b] as number);
    if (!newB.ok || !objective(measures, a, b, newA, newB, version)) return false;
    version++;
    plan.chains[a] = runsA;
    plan.chains[b] = runsB;
    measures[a] = newA;
    measures[b] = newB;
    return true;
  };
  for (let round = 0; round < maxRounds; round++) {
    let improved = false;
    for (let a = 0; a < plan.chains.length; a++) {
      for (let b = 0; b < plan.chains.length; b++) {
        if (a === b || !nonEmpty(plan, a) || !nonEmpty(plan, b)) continue;
        if (relocateOne(model, plan, a, b, tryMove)) improved = true;
        if (a < b && nonEmpty(plan, a) && nonEmpty(plan, b)) {
          if (swapOne(model, plan, a, b, tryMove)) improved = true;
          if (swapTails(model, plan, a, b, tryMove)) improved = true;
        }
      }
    }
    if (!improved) break;
  }
}

/**
 * Span test before building a 2-opt* candidate: the head (its first run, if i > 0 / j > 0) joined
 * to the other chain's tail (its first run, if any, then its last run).
 */
function spanFits(
  model: ChainModel,
  headFirst: number | undefined,
  tailFirst: number | undefined,
  tailLast: number | undefined,
  headLast: number | undefined,
): boolean {
  const hasHead = headLast !== undefined;
  const first = hasHead ? headFirst : tailFirst;
  const last = tailFirst !== undefined ? tailLast : headLast;
  if (first === undefined || last === undefined) return true;
  return (model.end[last] as number) - (model.start[first] as number) <= model.maxSpan;
}

/** The cheap test first: first start to last end within the working span. */
function withinSpan(model: ChainModel, chain: readonly number[]): boolean {
  if (chain.length === 0) return true;
  const first = chain[0] as number;
  const last = chain[chain.length - 1] as number;
  return (model.end[last] as number) - (model.start[first] as number) <= model.maxSpan;
}

type TryMove = (a: number, b: number, runsA: number[], runsB: number[]) => boolean;

function nonEmpty(plan: ChainPlan, c: number): boolean {
  return (plan.chains[c] as number[]).length > 0;
}

/** Moves one run of chain a into chain b. */
function relocateOne(model: ChainModel, plan: ChainPlan, a: number, b: number, tryMove: TryMove): boolean {
  let moved = false;
  for (let p = 0; p < (plan.chains[a] as number[]).length; p++) {
    const from = plan.chains[a] as number[];
    const run = from[p] as number;
    const to = plan.chains[b] as number[];
    if (!fitsBetween(model, to, run)) continue;
    if (
      tryMove(
        a,
        b,
        from.filter((_, q) => q !== p),
        withRun(to, run),
      )
    ) {
      moved = true;
      p--;
      if ((plan.chains[a] as number[]).length === 0) break;
    }
  }
  return moved;
}

/** Exchanges one run of chain a with one run of chain b. */
function swapOne(model: ChainModel, plan: ChainPlan, a: number, b: number, tryMove: TryMove): boolean {
  let moved = false;
  for (let p = 0; p < (plan.chains[a] as number[]).length; p++) {
    for (let q = 0; q < (plan.chains[b] as number[]).length; q++) {
      const chainA = plan.chains[a] as number[];
      const chainB = plan.chains[b] as number[];
      const runA = chainA[p] as number;
      const runB = chainB[q] as number;
      if (!fitsInstead(model, chainA, p, runB) || !fitsInstead(model, chainB, q, runA)) continue;
      const newA = withRun(
        chainA.filter((_, k) => k !== p),
        runB,
      );
      const newB = withRun(
        chainB.filter((_, k) => k !== q),
        runA,
      );
      if (tryMove(a, b, newA, newB)) moved = true;
    }
  }
  return moved;
}

/** Whether `run` fits between its would-be neighbours once the run at `removed` leaves the chain. */
function fitsInstead(model: ChainModel, chain: readonly number[], removed: number, run: number): boolean {
  let before: number | undefined;
  let after: number | undefined;
  for (let k = 0; k < chain.length; k++) {
    if (k === removed) continue;
    const other = chain[k] as number;
    if (other < run) before = other;
    else {
      after = other;
      break;
    }
  }
  return joins(model, before, run) && joins(model, run, after);
}

/** 2-opt*: chain a keeps its head and takes b's tail, and the other way round. */
function swapTails(model: ChainModel, plan: ChainPlan, a: number, b: number, tryMove: TryMove): boolean {
  let moved = false;
  for (let i = 0; i <= (plan.chains[a] as number[]).length; i++) {
    for (let j = 0; j <= (plan.chains[b] as number[]).length; j++) {
      const chainA = plan.chains[a] as number[];
      const chainB = plan.chains[b] as number[];
      if (i > chainA.length || j > chainB.length) continue;
      if ((i === chainA.length && j === chainB.length) || (i === 0 && j === 0)) continue;
      if (!joins(model, chainA[i - 1], chainB[j]) || !joins(model, chainB[j - 1], chainA[i])) continue;
      if (!spanFits(model, chainA[0], chainB[j], chainB[chainB.length - 1], chainA[i - 1])) continue;
      if (!spanFits(model, chainB[0], chainA[i], chainA[chainA.length - 1], chainB[j - 1])) continue;
      const newA = chainA.slice(0, i).concat(chainB.slice(j));
      const newB = chainB.slice(0, j).concat(chainA.slice(i));
      if (tryMove(a, b, newA, newB)) moved = true;
    }
  }
  return moved;
}

function joins(model: ChainModel, before: number | undefined, after: number | undefined): boolean {
  return before === undefined || after === undefined || canFollow(model, before, after);
}
