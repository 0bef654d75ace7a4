import { SeededRandom } from "@treiber/contract/seeded-random";
import { compileProblem } from "./compile-problem.js";
import { bestInsertion } from "./operators/insertion.js";
import { Route } from "./route.js";
import { scheduleRoute } from "./schedule-route.js";
import { earliestStart } from "./time-windows.js";
import { toVroomOutput } from "./to-vroom-output.js";
import type { VroomInput } from "./vroom-input-schema.js";
import type { UnassignedReasonCode, VroomOutput } from "./vroom-output.js";

/**
 * The baseline (Solomon's nearest neighbour, 1987): one vehicle after another, each going next to the
 * "closest" job that still fits, closeness = 0.4 × travel + 0.4 × time until its service starts + 0.2 ×
 * urgency (time left until its window closes); a new vehicle when none fits. No search.
 */
export function nearestNeighbour(input: VroomInput): VroomOutput {
  const started = performance.now();
  const problem = compileProblem(input);
  const random = new SeededRandom(1);
  const unassigned = new Map<number, UnassignedReasonCode>();
  const left = new Set<number>();
  for (let j = 0; j < problem.jobCount; j++) {
    if (problem.jobLocation[j]! < 0) unassigned.set(j, "no_location");
    else left.add(j);
  }
  const routes: number[][] = problem.vehicles.map(() => []);
  for (const vehicle of problem.vehicles) {
    if (left.size === 0) break;
    const route = new Route(problem, vehicle);
    for (;;) {
      let bestJob = -1;
      let bestCost = Number.POSITIVE_INFINITY;
      const m = route.jobs.length;
      const last = route.location[m]!;
      const departure = route.early[m]! + (m > 0 ? problem.jobService[route.jobs[m - 1]!]! : 0);
      const { durations, size } = vehicle.matrices;
      for (const job of left) {
        if (bestInsertion(problem, route, job, 0, random, Number.POSITIVE_INFINITY, true).position < 0)
          continue;
        const travel = durations[last * size + problem.jobLocation[job]!]!;
        const start = earliestStart(problem, job, departure + travel);
        const closes = problem.jobWindows[2 * problem.jobWindowStart[job + 1]! - 1]!;
        const urgency = Number.isFinite(closes) ? closes - (departure + travel) : 0;
        const closeness = 0.4 * travel + 0.4 * (start - departure) + 0.2 * urgency;
        if (closeness < bestCost) {
          bestCost = closeness;
          bestJob = job;
        }
      }
      if (bestJob < 0) break;
      route.jobs.push(bestJob);
      route.update();
      left.delete(bestJob);
    }
    routes[vehicle.index] = route.jobs;
  }
  for (const job of left) {
    const alone = problem.vehicles.map((vehicle) => scheduleRoute(problem, vehicle, [job]));
    unassigned.set(job, alone.find((schedule) => !schedule.feasible)?.failure ?? "fleet_full");
    if (alone.some((schedule) => schedule.feasible)) unassigned.set(job, "fleet_full");
  }
  const solving = Math.round(performance.now() - started);
  return toVroomOutput(problem, { routes, unassigned }, { loading: 0, solving });
}
