import { type ChainModel, canFollow, measureChain } from "./chain-model.js";
import { minCostAssignment } from "./min-cost-assignment.js";

/**
 * Three covers, the first links limited to idle gaps of at most a quarter or a tenth of the span
 * or not at all: short first links keep chains compact, so more of them join into one
 * driver's day later. The cover with the fewest chains, then the least deadhead, wins.
 */
export function bestChainCover(model: ChainModel, runs = allRuns(model)): number[][] {
  let best: { chains: number[][]; metres: number } | null = null;
  for (const share of [0, 4, 10]) {
    const chains = chainCover(model, share === 0 ? Number.POSITIVE_INFINITY : model.maxSpan / share, runs);
    const metres = chains.reduce((sum, chain) => sum + measureChain(model, chain, -1).metres, 0);
    if (
      !best ||
      chains.length < best.chains.length ||
      (chains.length === best.chains.length && metres < best.metres)
    ) {
      best = { chains, metres };
    }
  }
  return best?.chains ?? [];
}

/**
 * When the vehicles with many seats are few: each size of vehicle covers its own runs (those that
 * need it and fit no smaller one), so that big runs share big vehicles; the search then merges
 * small runs into the big vehicles' chains where that saves vehicles.
 */
export function coverBySize(model: ChainModel): number[][] {
  const sizes = [...new Set(model.vehicles.map((vehicle) => vehicle.capacity))].sort((a, b) => a - b);
  const bySize = new Map<number, number[]>();
  for (const run of allRuns(model)) {
    const size = sizes.find((capacity) => capacity >= (model.seats[run] as number)) ?? -1;
    bySize.set(size, [...(bySize.get(size) ?? []), run]);
  }
  return [...bySize.keys()].sort((a, b) => b - a).flatMap((size) => bestChainCover(model, bySize.get(size)));
}

function allRuns(model: ChainModel): number[] {
  return Array.from({ length: model.count }, (_, run) => run);
}

/**
 * A minimum chain cover of the runs as an assignment problem — each run gets at
 * most one successor, each link saves a vehicle (Dilworth: without span limits, rest and deadhead
 * this reaches the most runs at once), and among covers with as few chains the deadhead between
 * runs is least. Links that alone break the span or driving limit are left out; chains that still
 * break them are cut where they first do. Then the same assignment links whole chains (a morning
 * chain to an afternoon one within the span) for as long as that saves vehicles.
 */
export function chainCover(
  model: ChainModel,
  firstGap = Number.POSITIVE_INFINITY,
  runs = allRuns(model),
): number[][] {
  let pieces = linkPieces(
    model,
    runs.map((run) => [run]),
    firstGap,
  );
  for (let round = 0; round < 10; round++) {
    const linked = linkPieces(model, pieces, Number.POSITIVE_INFINITY);
    if (linked.length >= pieces.length) break;
    pieces = linked;
  }
  return pieces;
}

/** One assignment round: links pieces (chains in start order) two by two, then cuts to the limits. */
function linkPieces(model: ChainModel, pieces: number[][], maxGap: number): number[][] {
  const count = pieces.length;
  if (count === 0) return [];
  const linkCost = new Float64Array(count * count).fill(Number.NaN);
  const work = pieces.map((piece) => measureChain(model, piece, -1).work);
  let largest = 0;
  for (let p = 0; p < count; p++) {
    const before = pieces[p] as number[];
    const last = before[before.length - 1] as number;
    for (let q = 0; q < count; q++) {
      const after = pieces[q] as number[];
      const first = after[0] as number;
      if (first <= last || !canFollow(model, last, first)) continue;
      if ((model.start[first] as number) - (model.end[last] as number) > maxGap) continue;
      if (!joinable(model, before, after, work[p] as number, work[q] as number)) continue;
      const cost = (model.legMetres[last * model.count + first] as number) + mixPenalty(model, last, first);
      linkCost[p * count + q] = cost;
      if (cost > largest) largest = cost;
    }
  }
  // A link is worth more than any sum of deadhead: fewest chains first, then least deadhead.
  const link = (largest + 1) * count + 1;
  const cost = Array.from({ length: count }, (_, p) =>
    Array.from({ length: count }, (_, q) => {
      const value = linkCost[p * count + q] as number;
      return Number.isNaN(value) ? 0 : value - link;
    }),
  );
  const next = new Int32Array(count).fill(-1);
  const hasPredecessor = new Uint8Array(count);
  minCostAssignment(cost).forEach((q, p) => {
    if (Number.isNaN(linkCost[p * count + q] as number)) return;
    next[p] = q;
    hasPredecessor[q] = 1;
  });
  const linked: number[][] = [];
  for (let head = 0; head < count; head++) {
    if (hasPredecessor[head]) continue;
    const chain: number[] = [];
    for (let piece = head; piece >= 0; piece = next[piece] as number)
      chain.push(...(pieces[piece] as number[]));
    linked.push(...cutToLimits(model, chain));
  }
  return linked;
}

/** Two feasible pieces, the second after the first (rest checked by the caller): span and driving. */
function joinable(
  model: ChainModel,
  before: number[],
  after: number[],
  workBefore: number,
  workAfter: number,
): boolean {
  const first = before[0] as number;
  const last = after[after.length - 1] as number;
  if ((model.end[last] as number) - (model.start[first] as number) > model.maxSpan) return false;
  const leg = model.legSeconds[
    (before[before.length - 1] as number) * model.count + (after[0] as number)
  ] as number;
  return workBefore + workAfter + leg <= model.maxDriving;
}

/** Far below a metre: among links of equal deadhead, join runs of similar size (cheaper vehicles). */
function mixPenalty(model: ChainModel, i: number, j: number): number {
  return Math.abs((model.seats[i] as number) - (model.seats[j] as number)) * 1e-6;
}

/** Cuts a chain into pieces that keep the span and driving limits, each as long as it can be. */
export function cutToLimits(model: ChainModel, chain: number[]): number[][] {
  const pieces: number[][] = [];
  let piece: number[] = [];
  for (const run of chain) {
    const candidate = [...piece, run];
    if (piece.length > 0 && !measureChain(model, candidate, -1).ok) {
      pieces.push(piece);
      piece = [run];
    } else {
      piece = candidate;
    }
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}
