import type { CompiledProblem } from "./compile-problem.js";
import { scheduleRoute } from "./schedule-route.js";
import type { UnassignedReasonCode } from "./vroom-output.js";

/** Which check each job fails alone, furthest first: the reason reported when no vehicle can serve it. */
const REASON_ORDER: UnassignedReasonCode[] = [
  "no_location",
  "skills",
  "max_tasks",
  "capacity",
  "time_window",
  "max_travel_time",
  "max_distance",
  "max_ride",
];

/**
 * The jobs some vehicle can serve alone (one vehicle of each kind is tried), and the others with the
 * check they fail with the vehicle that gets furthest.
 */
export function sortOutJobs(problem: CompiledProblem): {
  servable: number[];
  unassigned: Map<number, UnassignedReasonCode>;
} {
  const unassigned = new Map<number, UnassignedReasonCode>();
  const servable: number[] = [];
  const kinds = new Map<string, number>();
  problem.vehicles.forEach((vehicle) => {
    if (!kinds.has(vehicle.key)) kinds.set(vehicle.key, vehicle.index);
  });
  for (let j = 0; j < problem.jobCount; j++) {
    let furthest = -1;
    let feasible = false;
    if (problem.jobLocation[j]! >= 0) {
      for (const v of kinds.values()) {
        const schedule = scheduleRoute(problem, problem.vehicles[v]!, [j]);
        if (schedule.feasible) {
          feasible = true;
          break;
        }
        furthest = Math.max(furthest, REASON_ORDER.indexOf(schedule.failure ?? "time_window"));
      }
    }
    if (feasible) servable.push(j);
    else unassigned.set(j, REASON_ORDER[Math.max(0, furthest)]!);
  }
  return { servable, unassigned };
}
