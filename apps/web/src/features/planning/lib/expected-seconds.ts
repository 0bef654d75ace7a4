import { MAX_PLANNING_SECONDS } from "@treiber/contract";

/** Seconds the planner searches per stop (decision 0047: 0.08 s per job, 1–60 s). */
export const PLANNER_SECONDS_PER_STOP = 0.08;

/** How long a proposal is expected to take for `stops` stops (at most one per rider). */
export function expectedSeconds(stops: number): number {
  return Math.min(MAX_PLANNING_SECONDS, Math.max(1, Math.ceil(stops * PLANNER_SECONDS_PER_STOP)));
}
