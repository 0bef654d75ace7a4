export { chainRuns } from "./chain-runs.js";
export * from "./chain-runs-types.js";
export { type CompiledProblem, compileProblem } from "./compile-problem.js";
export { nearestNeighbour } from "./nearest-neighbour.js";
export { parseProblem } from "./parse-problem.js";
export { planWithVroomServer } from "./plan-with-vroom-server.js";
export { PlannerInputError } from "./planner-input-error.js";
export { type RandomProblemOptions, randomProblem } from "./random-problem.js";
export { defaultSeconds, type SolveOptions, solve } from "./solve.js";
export { verifyPlan } from "./verify-plan.js";
export {
  MAX_JOBS,
  MAX_VEHICLES,
  type VroomInput,
  type VroomJob,
  type VroomVehicle,
} from "./vroom-input-schema.js";
export * from "./vroom-output.js";
