import type { ChainRunsInput } from "./chain-runs-types.js";
import { PlannerInputError } from "./planner-input-error.js";

/** The cover is an assignment problem, O(runs³): 1,000 runs take a few seconds. */
export const MAX_CHAIN_RUNS = 1000;

/** Refuses what chainRuns cannot plan, with an English and a Spanish message. */
export function validateChainInput(input: ChainRunsInput): void {
  if (input.runs.length > MAX_CHAIN_RUNS) {
    throw new PlannerInputError(
      `At most ${MAX_CHAIN_RUNS} runs per day`,
      `Como máximo ${MAX_CHAIN_RUNS} recorridos por día`,
    );
  }
  const runIds = new Set<string>();
  for (const run of input.runs) {
    if (runIds.has(run.id))
      throw new PlannerInputError(`Duplicate run ${run.id}`, `Recorrido ${run.id} repetido`);
    runIds.add(run.id);
    if (!Number.isFinite(run.start) || !Number.isFinite(run.end) || run.end < run.start) {
      throw new PlannerInputError(
        `Run ${run.id} ends before it starts`,
        `El recorrido ${run.id} termina antes de empezar`,
      );
    }
    if (!Number.isFinite(run.seats) || run.seats < 0) {
      throw new PlannerInputError(
        `Run ${run.id} has no valid seats`,
        `Asientos no válidos en el recorrido ${run.id}`,
      );
    }
  }
  const vehicleIds = new Set<string>();
  for (const vehicle of input.vehicles) {
    if (vehicleIds.has(vehicle.id)) {
      throw new PlannerInputError(`Duplicate vehicle ${vehicle.id}`, `Vehículo ${vehicle.id} repetido`);
    }
    vehicleIds.add(vehicle.id);
    if (
      !Number.isFinite(vehicle.capacity) ||
      vehicle.capacity < 0 ||
      !Number.isFinite(vehicle.fixedCost ?? 0)
    ) {
      throw new PlannerInputError(
        `Vehicle ${vehicle.id} has no valid capacity or cost`,
        `Capacidad o costo no válidos en el vehículo ${vehicle.id}`,
      );
    }
  }
  const options = input.options ?? {};
  for (const value of [options.minRestMinutes, options.maxSpanMinutes, options.maxDrivingMinutes]) {
    if (value !== undefined && (Number.isNaN(value) || value < 0)) {
      throw new PlannerInputError("Rules must be minutes ≥ 0", "Las reglas deben ser minutos ≥ 0");
    }
  }
}
