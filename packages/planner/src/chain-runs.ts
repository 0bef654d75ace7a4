import { assignChainVehicles } from "./assign-chain-vehicles.js";
import { evenWork, lessDeadheadWithin, workSpread } from "./balance-chains.js";
import { bestChainCover, coverBySize } from "./chain-cover.js";
import { buildChainModel, type ChainModel, fitsOneDay, measureChain, ruleSeconds } from "./chain-model.js";
import { improveChains, lessDeadhead } from "./chain-moves.js";
import type {
  ChainedRun,
  ChainRun,
  ChainRunsInput,
  ChainRunsResult,
  UnchainedReason,
  UnchainedRun,
  VehicleChain,
} from "./chain-runs-types.js";
import { UNCHAINED_MESSAGES } from "./chain-runs-types.js";
import { type ChainPlan, compactPlan, ejectChains, insertPool } from "./chain-search.js";
import { ejectWithPush, forceIntoChains } from "./force-into-chains.js";
import { validateChainInput } from "./validate-chain-input.js";

const DEFAULT_ROUNDS = 50;

/**
 * Chains the day's runs per vehicle and driver (issue 36, item 5): a vehicle that finishes the
 * 06:00 inbound run does the 07:00 one and the afternoon outbound, within the driver's working
 * span, driving limit and minimum rest, on a vehicle with the seats. Fewest vehicles first, then
 * least deadhead (metres); with `balance`, the drivers' working time is then evened out without
 * using more vehicles. Deterministic: the same input gives the same plan, whatever the order of runs.
 * How: a minimum chain cover as assignment problems (chain-cover.ts), vehicles by assignment
 * (assign-chain-vehicles.ts), then local search — empty whole chains, move / swap runs, swap tails
 * (chain-search.ts, force-into-chains.ts, chain-moves.ts). About 1 s for 300 runs.
 * Throws PlannerInputError on malformed input (duplicate ids, end before start, missing travel).
 */
export function chainRuns(input: ChainRunsInput): ChainRunsResult {
  validateChainInput(input);
  const options = input.options ?? {};
  const rules = ruleSeconds(options);
  const maxCapacity = Math.max(0, ...input.vehicles.map((vehicle) => vehicle.capacity));
  const unassigned: UnchainedRun[] = [];
  const plannable: ChainRun[] = [];
  for (const run of input.runs) {
    if (run.seats > maxCapacity) unassigned.push(unchained(run.id, "seats"));
    else if (!fitsOneDay(run, rules)) unassigned.push(unchained(run.id, "hours"));
    else plannable.push(run);
  }
  const model = buildChainModel(plannable, input.vehicles, input.travel, options);
  const plan = searchPlan(model, options.maxRounds ?? DEFAULT_ROUNDS);
  if (options.balance) balancePlan(model, plan, options.maxRounds ?? DEFAULT_ROUNDS);
  for (const run of plan.pool) unassigned.push(unchained((model.runs[run] as ChainRun).id, "fleet"));
  return describePlan(model, plan, unassigned);
}

/**
 * Cover, vehicles, then local search for fewer vehicles and less deadhead. When runs are left
 * without a vehicle and the fleet has several sizes, a cover by vehicle size is tried too, and the
 * plan with fewer runs left, then fewer vehicles, then less deadhead is kept.
 */
function searchPlan(model: ChainModel, maxRounds: number): ChainPlan {
  const plan = searchFrom(model, bestChainCover(model), maxRounds);
  const sizes = new Set(model.vehicles.map((vehicle) => vehicle.capacity)).size;
  if (plan.pool.length === 0 || sizes < 2) return plan;
  const bySize = searchFrom(model, coverBySize(model), maxRounds);
  return planRank(model, bySize) < planRank(model, plan) ? bySize : plan;
}

function planRank(model: ChainModel, plan: ChainPlan): number {
  const metres = plan.chains.reduce(
    (sum, chain, c) => sum + measureChain(model, chain, plan.vehicleOf[c] as number).metres,
    0,
  );
  return (plan.pool.length * (model.count + 1) + plan.chains.length) * 1e12 + metres;
}

function searchFrom(model: ChainModel, cover: number[][], maxRounds: number): ChainPlan {
  const plan: ChainPlan = { chains: [], vehicleOf: [], pool: [] };
  assignVehicles(model, plan, cover);
  for (let pass = 0; pass < 2; pass++) {
    insertPool(model, plan);
    forceIntoChains(model, plan);
    ejectChains(model, plan);
    ejectWithPush(model, plan);
    compactPlan(plan);
    insertPool(model, plan);
    improveChains(model, plan, lessDeadhead, maxRounds);
    compactPlan(plan);
    // The chains may now suit other vehicles better (seats, depots, fixed costs, preferences).
    assignVehicles(model, plan, plan.chains);
  }
  return plan;
}

/** Gives the chains vehicles; the runs of chains left without one go to the pool. */
function assignVehicles(model: ChainModel, plan: ChainPlan, chains: number[][]): void {
  const vehicleOf = assignChainVehicles(model, chains);
  plan.pool = plan.pool.concat(chains.filter((_, c) => (vehicleOf[c] as number) < 0).flat());
  plan.chains = chains.filter((_, c) => (vehicleOf[c] as number) >= 0);
  plan.vehicleOf = vehicleOf.filter((vehicle) => vehicle >= 0);
}

/** Evens out the working time, then wins back deadhead without widening the spread reached. */
function balancePlan(model: ChainModel, plan: ChainPlan, maxRounds: number): void {
  improveChains(model, plan, evenWork(), maxRounds);
  compactPlan(plan);
  const spread = workSpread(
    plan.chains.map((chain, c) => measureChain(model, chain, plan.vehicleOf[c] as number).work),
  );
  improveChains(model, plan, lessDeadheadWithin(spread), maxRounds);
  compactPlan(plan);
}

function unchained(runId: string, reason: UnchainedReason): UnchainedRun {
  return { runId, reason, message: UNCHAINED_MESSAGES[reason] };
}

function describePlan(model: ChainModel, plan: ChainPlan, unassigned: UnchainedRun[]): ChainRunsResult {
  const chains = plan.chains
    .map((chain, c) => describeChain(model, chain, plan.vehicleOf[c] as number))
    .sort(
      (a, b) => (a.runs[0]?.start ?? 0) - (b.runs[0]?.start ?? 0) || compareIds(a.vehicleId, b.vehicleId),
    );
  const deadheadMetres = chains.reduce((sum, chain) => sum + chain.deadheadMetres, 0);
  const runsChained = chains.reduce((sum, chain) => sum + chain.runs.length, 0);
  return {
    chains,
    unassigned: unassigned.sort((a, b) => compareIds(a.runId, b.runId)),
    totals: {
      vehiclesUsed: chains.length,
      runsChained,
      oneVehiclePerRun: runsChained,
      deadheadMetres,
      deadheadKm: Math.round(deadheadMetres / 100) / 10,
      workSpreadSeconds: workSpread(chains.map((chain) => chain.workSeconds)),
    },
  };
}

function describeChain(model: ChainModel, chain: readonly number[], vehicle: number): VehicleChain {
  const count = model.count;
  const runs: ChainedRun[] = chain.map((run, k) => {
    const previous = k > 0 ? (chain[k - 1] as number) : -1;
    const deadheadSeconds = previous >= 0 ? (model.legSeconds[previous * count + run] as number) : 0;
    return {
      runId: (model.runs[run] as ChainRun).id,
      start: model.start[run] as number,
      end: model.end[run] as number,
      deadheadSeconds,
      deadheadMetres: previous >= 0 ? (model.legMetres[previous * count + run] as number) : 0,
      restSeconds:
        previous >= 0 ? (model.start[run] as number) - (model.end[previous] as number) - deadheadSeconds : 0,
    };
  });
  const measure = measureChain(model, chain, vehicle);
  const first = chain[0] as number;
  const last = chain[chain.length - 1] as number;
  return {
    vehicleId: model.vehicles[vehicle]?.id ?? "",
    runs,
    pullOutMetres: model.pullOutMetres[vehicle * count + first] as number,
    pullInMetres: model.pullInMetres[vehicle * count + last] as number,
    deadheadMetres: measure.metres,
    spanSeconds: (model.end[last] as number) - (model.start[first] as number),
    workSeconds: measure.work,
  };
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
