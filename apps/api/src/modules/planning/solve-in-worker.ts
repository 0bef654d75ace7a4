import { Worker } from "node:worker_threads";
import type { VroomInput, VroomOutput } from "@treiber/planner";
import { badRequest, HttpError } from "../../lib/http-error.js";
import { type PlannerSlot, withPlannerSlot } from "./planner-gate.js";
import type { SolveWorkerData, SolveWorkerReply } from "./solve-worker.js";

/**
 * The request was cancelled (the client went away): the planner's thread was stopped. Nobody reads
 * the answer; as an HttpError (499, "client closed request") it is not logged as a failure.
 */
export class PlanningCancelledError extends HttpError {
  constructor() {
    super(499, "Planificación cancelada");
    this.name = "PlanningCancelledError";
  }
}

/**
 * The planner's thread: the TypeScript source under tsx or Vitest (through a small loader), the
 * built entry `dist/solve-worker.js` next to the bundled server or command otherwise.
 */
const fromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(fromSource ? "./solve-worker-dev.mjs" : "./solve-worker.js", import.meta.url);

let threads = 0;

export type SolveOptions = {
  seconds?: number;
  signal?: AbortSignal;
  /**
   * The place the caller already holds in the planner (a proposal request takes it before loading
   * its scene). Without one (the seed, commands) the solve takes its own, or answers 503.
   */
  slot?: PlannerSlot;
};

/**
 * Solves a VROOM problem on a worker thread, so the event loop keeps serving while the planner
 * searches. Within the planner's places (`planner-gate.ts`, 503 beyond); an aborted `signal` stops
 * the thread at once and rejects with PlanningCancelledError.
 */
export async function solveInWorker(problem: VroomInput, options: SolveOptions = {}): Promise<VroomOutput> {
  if (options.signal?.aborted) throw new PlanningCancelledError();
  const solve = async () => {
    threads++;
    try {
      const reply = await runWorker({ problem, seconds: options.seconds }, options.signal);
      if (reply.ok) return reply.output;
      if (reply.refused) throw badRequest(reply.message);
      throw new Error(`planner failed: ${reply.message}`);
    } finally {
      threads--;
    }
  };
  // A caller holding a place is not counted twice.
  return options.slot ? solve() : withPlannerSlot(solve);
}

/** How many planner threads are searching now (tests and diagnostics). */
export const plannerThreadsRunning = () => threads;

function runWorker(data: SolveWorkerData, signal: AbortSignal | undefined): Promise<SolveWorkerReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: data });
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      settle();
    };
    const onAbort = () => {
      // The slot is freed only once the thread is gone: its CPU is free again.
      void worker.terminate().finally(() => finish(() => reject(new PlanningCancelledError())));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (reply: SolveWorkerReply) => {
      void worker.terminate();
      finish(() => resolve(reply));
    });
    worker.once("error", (error) => finish(() => reject(error)));
    worker.once("exit", (code) =>
      finish(() => reject(new Error(`planner thread exited with code ${code} before answering`))),
    );
  });
}
