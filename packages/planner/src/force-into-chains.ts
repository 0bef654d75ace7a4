import { type ChainModel, canFollow, measureChain } from "./chain-model.js";
import type { ChainVehicle } from "./chain-runs-types.js";
import { bestInsertion, type ChainPlan, cheapestFreeVehicle, fitsBetween, withRun } from "./chain-search.js";

/**
 * Repair for left-over runs when the vehicles with the seats are all busy (the first chains mix big
 * and small runs): puts the run into a chain whose vehicle has the seats, pushing out the runs that
 * clash with it, and keeps that only when every pushed-out run finds another chain or a free
 * vehicle. The biggest runs first; among chains, the one that pushes out fewest runs.
 */
export function forceIntoChains(model: ChainModel, plan: ChainPlan): void {
  const order = plan.pool
    .slice()
    .sort((a, b) => (model.seats[b] as number) - (model.seats[a] as number) || a - b);
  for (const run of order) {
    const placed = pushIn(
      model,
      { ...plan, pool: plan.pool.filter((other) => other !== run) },
      run,
      -1,
      true,
    );
    if (placed) Object.assign(plan, placed);
  }
}

/**
 * Frees vehicles: empties a chain (shortest first) when each of its runs goes into another chain,
 * pushing out clashing runs that fit elsewhere without a new vehicle.
 */
export function ejectWithPush(model: ChainModel, plan: ChainPlan): void {
  const order = plan.chains
    .map((chain, c) => ({ c, length: chain.length }))
    .filter((entry) => entry.length > 0)
    .sort((a, b) => a.length - b.length || a.c - b.c);
  for (const { c } of order) {
    const runs = plan.chains[c] as number[];
    if (runs.length === 0) continue;
    let trial: ChainPlan | null = {
      ...plan,
      chains: plan.chains.map((chain, k) => (k === c ? [] : chain)),
    };
    for (const run of runs) {
      trial = trial && pushIn(model, trial, run, c, false);
    }
    if (trial) Object.assign(plan, trial);
  }
}

/**
 * A copy of the plan with `run` in a chain (not `skip`): the cheapest insertion, else a chain with
 * the seats whose clashing runs are pushed out and placed elsewhere (onto free vehicles only when
 * `allowFree`), pushing out as few as possible. Null when nothing works.
 */
function pushIn(
  model: ChainModel,
  plan: ChainPlan,
  run: number,
  skip: number,
  allowFree: boolean,
): ChainPlan | null {
  const direct = bestInsertion(model, plan.chains, plan.vehicleOf, run, skip);
  if (direct) {
    return {
      ...plan,
      chains: plan.chains.map((chain, k) => (k === direct.chain ? withRun(chain, run) : chain)),
    };
  }
  let best: ChainPlan | null = null;
  let bestPushed = Number.POSITIVE_INFINITY;
  plan.chains.forEach((chain, c) => {
    const vehicle = model.vehicles[plan.vehicleOf[c] as number] as ChainVehicle;
    if (c === skip || chain.length === 0 || vehicle.capacity < (model.seats[run] as number)) return;
    const kept = keepAround(model, chain, run, plan.vehicleOf[c] as number);
    if (!kept) return;
    const pushed = chain.filter((other) => !kept.includes(other));
    if (pushed.length >= bestPushed) return;
    const trial = placeElsewhere(model, plan, [c, skip], kept, pushed, allowFree);
    if (trial) {
      best = trial;
      bestPushed = pushed.length;
    }
  });
  return best;
}

/** The chain with `run` in it and the runs that clash with it taken out, or null if none would do. */
function keepAround(
  model: ChainModel,
  chain: readonly number[],
  run: number,
  vehicle: number,
): number[] | null {
  const before = chain.filter((other) => other < run);
  const after = chain.filter((other) => other > run);
  while (before.length > 0 && !canFollow(model, before[before.length - 1] as number, run)) before.pop();
  while (after.length > 0 && !canFollow(model, run, after[0] as number)) after.shift();
  // Span or driving still too long: drop the run farthest in time from `run` until it fits.
  for (;;) {
    const kept = [...before, run, ...after];
    if (measureChain(model, kept, vehicle).ok) return kept;
    if (before.length === 0 && after.length === 0) return null;
    const early =
      before.length > 0 ? (model.start[run] as number) - (model.start[before[0] as number] as number) : -1;
    const late =
      after.length > 0
        ? (model.end[after[after.length - 1] as number] as number) - (model.end[run] as number)
        : -1;
    if (early >= late) before.shift();
    else after.pop();
  }
}

/** A copy of the plan with chain c = kept and the pushed-out runs placed elsewhere, or null. */
function placeElsewhere(
  model: ChainModel,
  plan: ChainPlan,
  [c, skip]: [number, number],
  kept: number[],
  pushed: number[],
  allowFree: boolean,
): ChainPlan | null {
  // Cheap test first, before copying the plan: each pushed-out run fits between two runs somewhere.
  const somewhere = (other: number) =>
    plan.chains.some(
      (chain, k) => k !== c && k !== skip && chain.length > 0 && fitsBetween(model, chain, other),
    );
  if (!allowFree && !pushed.every(somewhere)) return null;
  const trial: ChainPlan = {
    chains: plan.chains.map((chain, k) => (k === c ? kept : chain)),
    vehicleOf: plan.vehicleOf.slice(),
    pool: plan.pool,
  };
  for (const other of pushed) {
    const found = bestInsertion(model, trial.chains, trial.vehicleOf, other, c, skip);
    if (found) {
      trial.chains[found.chain] = withRun(trial.chains[found.chain] as number[], other);
      continue;
    }
    const vehicle = allowFree ? cheapestFreeVehicle(model, trial, other) : -1;
    if (vehicle < 0) return null;
    trial.chains.push([other]);
    trial.vehicleOf.push(vehicle);
  }
  return trial;
}
