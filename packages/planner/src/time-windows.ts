import type { CompiledProblem } from "./compile-problem.js";

/** The earliest service start of job j when arriving at `arrival`, or -1 when every window has closed. */
export function earliestStart(problem: CompiledProblem, job: number, arrival: number): number {
  const windows = problem.jobWindows;
  const last = problem.jobWindowStart[job + 1]!;
  for (let w = problem.jobWindowStart[job]!; w < last; w++) {
    if (arrival <= windows[2 * w + 1]!) return Math.max(arrival, windows[2 * w]!);
  }
  return -1;
}

/**
 * The latest service start of job j not after `bound`, or -Infinity when none. Waiting is allowed, so
 * arriving at any time up to this value keeps what follows feasible.
 */
export function latestStart(problem: CompiledProblem, job: number, bound: number): number {
  const windows = problem.jobWindows;
  const first = problem.jobWindowStart[job]!;
  for (let w = problem.jobWindowStart[job + 1]! - 1; w >= first; w--) {
    if (windows[2 * w]! <= bound) return Math.min(bound, windows[2 * w + 1]!);
  }
  return Number.NEGATIVE_INFINITY;
}
