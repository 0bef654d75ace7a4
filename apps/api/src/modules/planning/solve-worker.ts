// The planner's thread: solves one problem (workerData) and posts VROOM's output, or the Spanish
// message of a problem the planner refuses. Started by solve-in-worker.ts; built as its own entry
// (scripts/api-build.mjs) so the built server finds it next to itself.
import { parentPort, workerData } from "node:worker_threads";
import { PlannerInputError, parseProblem, solve, type VroomInput } from "@treiber/planner";

export type SolveWorkerData = { problem: VroomInput; seconds?: number };
export type SolveWorkerReply =
  | { ok: true; output: ReturnType<typeof solve> }
  | { ok: false; refused: boolean; message: string };

function run({ problem, seconds }: SolveWorkerData): SolveWorkerReply {
  try {
    return { ok: true, output: solve(parseProblem(problem), seconds === undefined ? {} : { seconds }) };
  } catch (error) {
    if (error instanceof PlannerInputError) return { ok: false, refused: true, message: error.spanish };
    return { ok: false, refused: false, message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.postMessage(run(workerData as SolveWorkerData));
