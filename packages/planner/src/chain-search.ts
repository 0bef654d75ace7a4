import { vehicleCost } from "./assign-chain-vehicles.js";
import { type ChainModel, canFollow, measureChain } from "./chain-model.js";

/** Chains with their vehicles (chains[c] is driven by vehicles[vehicleOf[c]]) and the runs left over. */
export type ChainPlan = { chains: number[][]; vehicleOf: number[]; pool: number[] };

const EPSILON = 1e-6;

/** The chain with `run` put in start order. */
export function withRun(chain: readonly number[], run: number): number[] {
  let at = 0;
  while (at < chain.length && (chain[at] as number) < run) at++;
  return [...chain.slice(0, at), run, ...chain.slice(at)];
}

/** Quick test before measuring: the run fits between its would-be neighbours in the chain. */
export function fitsBetween(model: ChainModel, chain: readonly number[], run: number): boolean {
  let at = 0;
  while (at < chain.length && (chain[at] as number) < run) at++;
  const before = at > 0 ? (chain[at - 1] as number) : -1;
  const after = at < chain.length ? (chain[at] as number) : -1;
  return (before < 0 || canFollow(model, before, run)) && (after < 0 || canFollow(model, run, after));
}

/** The cheapest chain (other than `skip`) that takes `run`, and what it costs in metres. */
export function bestInsertion(
  model: ChainModel,
  chains: readonly number[][],
  vehicleOf: readonly number[],
  run: number,
  skip: number,
  alsoSkip = -1,
): { chain: number; added: number } | null {
  let best: { chain: number; added: number } | null = null;
  chains.forEach((chain, c) => {
    if (c === skip || c === alsoSkip || chain.length === 0 || !fitsBetween(model, chain, run)) return;
    const vehicle = vehicleOf[c] as number;
    const after = measureChain(model, withRun(chain, run), vehicle);
    if (!after.ok) return;
    const added = after.metres - measureChain(model, chain, vehicle).metres;
    if (best === null || added < best.added - EPSILON) best = { chain: c, added };
  });
  return best;
}

/** Puts left-over runs into chains, or onto a free vehicle that has the seats. */
export function insertPool(model: ChainModel, plan: ChainPlan): void {
  const left: number[] = [];
  for (const run of plan.pool) {
    const found = bestInsertion(model, plan.chains, plan.vehicleOf, run, -1);
    if (found) {
      plan.chains[found.chain] = withRun(plan.chains[found.chain] as number[], run);
      continue;
    }
    const vehicle = cheapestFreeVehicle(model, plan, run);
    if (vehicle >= 0) {
      plan.chains.push([run]);
      plan.vehicleOf.push(vehicle);
    } else {
      left.push(run);
    }
  }
  plan.pool = left;
}

export function cheapestFreeVehicle(model: ChainModel, plan: ChainPlan, run: number): number {
  const busy = new Set(plan.vehicleOf.filter((_, c) => (plan.chains[c] as number[]).length > 0));
  let best = -1;
  let bestCost = Number.POSITIVE_INFINITY;
  model.vehicles.forEach((_, v) => {
    if (busy.has(v)) return;
    const cost = vehicleCost(model, [run], v);
    if (cost < bestCost - EPSILON) {
      best = v;
      bestCost = cost;
    }
  });
  return best;
}

/**
 * Frees vehicles: tries, shortest chain first, to move every run of a chain into the others
 * (cheapest insertion each); keeps the result only when the whole chain empties.
 */
export function ejectChains(model: ChainModel, plan: ChainPlan): boolean {
  let freed = false;
  let progress = true;
  while (progress) {
    progress = false;
    const order = plan.chains
      .map((chain, c) => ({ c, length: chain.length }))
      .filter((entry) => entry.length > 0)
      .sort((a, b) => a.length - b.length || a.c - b.c);
    for (const { c } of order) {
      const trial = plan.chains.map((chain) => chain.slice());
      const runs = trial[c] as number[];
      trial[c] = [];
      const placed = runs.every((run) => {
        const found = bestInsertion(model, trial, plan.vehicleOf, run, c);
        if (found) trial[found.chain] = withRun(trial[found.chain] as number[], run);
        return found !== null;
      });
      if (placed) {
        plan.chains = trial;
        freed = true;
        progress = true;
        break;
      }
    }
  }
  return freed;
}

/** Drops emptied chains (their vehicles go back to the yard). */
export function compactPlan(plan: ChainPlan): void {
  const keep = plan.chains.map((chain) => chain.length > 0);
  plan.chains = plan.chains.filter((_, c) => keep[c]);
  plan.vehicleOf = plan.vehicleOf.filter((_, c) => keep[c]);
}
