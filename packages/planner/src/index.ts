export { type CompiledProblem, compileProblem } from "./compile-problem.js";
export { parseProblem } from "./parse-problem.js";
export { PlannerInputError } from "./planner-input-error.js";
export { defaultSeconds, type SolveOptions, solve } from "./solve.js";
export { MAX_JOBS, MAX_VEHICLES, type VroomInput, type VroomJob, type VroomVehicle } from "./vroom-input-schema.js";
export * from "./vroom-output.js";
