import { type ChainModel, chainDepotMetres } from "./chain-model.js";
import type { ChainRun, ChainVehicle } from "./chain-runs-types.js";
import { minCostAssignment } from "./min-cost-assignment.js";

/**
 * Gives each chain a distinct vehicle with enough seats, as an assignment problem: as many chains
 * as possible (the longest first when vehicles run short), then the least fixed cost plus depot
 * legs (fixed cost counted like metres), then the runs' preferred vehicles. Returns the vehicle
 * index of each chain, or -1.
 */
export function assignChainVehicles(model: ChainModel, chains: readonly number[][]): number[] {
  const vehicles = model.vehicles;
  if (chains.length === 0) return [];
  const real = chains.map((chain) => vehicles.map((_, v) => vehicleCost(model, chain, v)));
  let largest = 0;
  for (const row of real)
    for (const value of row) if (Number.isFinite(value) && value > largest) largest = value;
  const perRun = (largest + 2) * (chains.length + 1);
  const forbidden = perRun * (model.count + 1) * 2;
  // One spare column per chain: leaving a chain without a vehicle costs more per run than any plan.
  const cost = real.map((row, c) => {
    const spare = new Array<number>(chains.length).fill(forbidden);
    spare[c] = perRun * (chains[c] as number[]).length;
    return row.map((value) => (Number.isFinite(value) ? value : forbidden)).concat(spare);
  });
  return minCostAssignment(cost).map((column, c) =>
    column < vehicles.length && Number.isFinite((real[c] as number[])[column] as number) ? column : -1,
  );
}

/** What giving `vehicle` to `chain` costs; infinite when a run has more seats than it. */
export function vehicleCost(model: ChainModel, chain: readonly number[], vehicle: number): number {
  const { capacity, fixedCost = 0, id } = model.vehicles[vehicle] as ChainVehicle;
  let preferred = 0;
  for (const run of chain) {
    if ((model.seats[run] as number) > capacity) return Number.POSITIVE_INFINITY;
    if ((model.runs[run] as ChainRun).preferredVehicleId === id) preferred++;
  }
  // Preference only breaks ties: less than half a metre for the whole chain.
  return fixedCost + chainDepotMetres(model, chain, vehicle) - (0.5 * preferred) / (chain.length + 1);
}
