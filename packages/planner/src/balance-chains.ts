import type { ChainMeasure } from "./chain-model.js";
import type { MoveObjective } from "./chain-moves.js";

const EPSILON = 1e-6;

/** The three longest and three shortest chains in use (indices), for O(1) spreads after a move. */
type Extremes = { version: number; longest: number[]; shortest: number[] };

function findExtremes(measures: readonly ChainMeasure[], version: number): Extremes {
  const used = measures.map((_, c) => c).filter((c) => (measures[c] as ChainMeasure).runs > 0);
  const work = (c: number) => (measures[c] as ChainMeasure).work;
  const longest = used.slice().sort((x, y) => work(y) - work(x) || x - y);
  return { version, longest: longest.slice(0, 3), shortest: longest.reverse().slice(0, 3) };
}

/** Keeps the extremes of one improveChains call, recomputed when the measures change. */
function workComparer() {
  let cached: Extremes | null = null;
  return (
    measures: readonly ChainMeasure[],
    a: number,
    b: number,
    newA: ChainMeasure,
    newB: ChainMeasure,
    version: number,
  ) => {
    if (!cached || cached.version !== version) cached = findExtremes(measures, version);
    const work = (c: number) => (measures[c] as ChainMeasure).work;
    const longestOther = cached.longest.find((c) => c !== a && c !== b);
    const shortestOther = cached.shortest.find((c) => c !== a && c !== b);
    const before =
      cached.longest.length > 0 ? work(cached.longest[0] as number) - work(cached.shortest[0] as number) : 0;
    const longest = Math.max(newA.work, newB.work, longestOther === undefined ? 0 : work(longestOther));
    const shortest = Math.min(
      newA.work,
      newB.work,
      shortestOther === undefined ? Number.POSITIVE_INFINITY : work(shortestOther),
    );
    const squares =
      (newA.work / 3600) ** 2 + (newB.work / 3600) ** 2 - (work(a) / 3600) ** 2 - (work(b) / 3600) ** 2;
    return { before, after: longest - shortest, squares };
  };
}

function lessMetres(
  measures: readonly ChainMeasure[],
  a: number,
  b: number,
  newA: ChainMeasure,
  newB: ChainMeasure,
) {
  const before = (measures[a] as ChainMeasure).metres + (measures[b] as ChainMeasure).metres;
  return newA.metres + newB.metres < before - EPSILON;
}

/**
 * `balance: true` (VROOM #191): fewer vehicles still first, then the smallest spread of working
 * time (largest minus smallest, over the chains in use), then the smallest sum of squared working
 * hours (so that moves between chains that are neither the longest nor the shortest still count),
 * then the least deadhead. One objective per improveChains call (it caches).
 */
export function evenWork(): MoveObjective {
  const compare = workComparer();
  return (measures, a, b, newA, newB, version) => {
    if (newA.runs === 0 || newB.runs === 0) return true;
    const { before, after, squares } = compare(measures, a, b, newA, newB, version);
    if (Math.abs(after - before) > EPSILON) return after < before;
    if (Math.abs(squares) > EPSILON) return squares < 0;
    return lessMetres(measures, a, b, newA, newB);
  };
}

/** After balancing: less deadhead, as long as the spread stays within `limit` (seconds). */
export function lessDeadheadWithin(limit: number): MoveObjective {
  const compare = workComparer();
  return (measures, a, b, newA, newB, version) => {
    if (newA.runs === 0 || newB.runs === 0) return true;
    if (!lessMetres(measures, a, b, newA, newB)) return false;
    const { before, after } = compare(measures, a, b, newA, newB, version);
    return after <= Math.max(limit, before) + EPSILON;
  };
}

/** Largest minus smallest working time (0 with fewer than two chains). */
export function workSpread(works: readonly number[]): number {
  if (works.length < 2) return 0;
  return Math.max(...works) - Math.min(...works);
}
