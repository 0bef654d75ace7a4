import type { CompiledProblem } from "./compile-problem.js";
import type { Random } from "./random.js";
import type { Route } from "./route.js";
import { scheduleRoute } from "./schedule-route.js";
import { earliestStart } from "./time-windows.js";

export type Insertion = { cost: number; position: number };

const NONE: Insertion = { cost: Number.POSITIVE_INFINITY, position: -1 };

/**
 * The cheapest feasible place for `job` in `route` (position k: after node k, so jobs.splice(k, 0, job)),
 * skipping each place with probability `blink` (SISR's blinks); `onlyAtEnd`: only after the last job. Costs include the vehicle's fixed cost
 * when the route is empty. Every constraint is checked in O(1) per place from the route's caches; the
 * maximum ride, when the problem has one, by scheduling the route with the job in it.
 */
export function bestInsertion(
  problem: CompiledProblem,
  route: Route,
  job: number,
  blink: number,
  random: Random,
  bound = Number.POSITIVE_INFINITY,
  onlyAtEnd = false,
): Insertion {
  const vehicle = route.vehicle;
  const m = route.jobs.length;
  if (m + 1 > vehicle.maxTasks) return NONE;
  if (problem.compatible && problem.compatible[vehicle.index * problem.jobCount + job] === 0) return NONE;
  const dimensions = problem.dimensions;
  const { load, prefixMaxLoad, suffixMaxLoad, location, leave, late } = route;
  const capacity = vehicle.capacity;
  const offset = job * dimensions;
  if (problem.loadPeaksAtEnds) {
    for (let d = 0; d < dimensions; d++) {
      if (load[d]! + problem.jobDelivery[offset + d]! > capacity[d]!) return NONE;
      if (load[(m + 1) * dimensions + d]! + problem.jobPickup[offset + d]! > capacity[d]!) return NONE;
    }
  }
  const { durations, distances, costs, size } = vehicle.matrices;
  const here = problem.jobLocation[job]!;
  const service = problem.jobService[job]!;
  const lastWindowEnd = problem.jobWindows[2 * problem.jobWindowStart[job + 1]! - 1]!;
  const checkRide =
    problem.hasRideLimits && (route.rideLimitedJobs > 0 || problem.jobMaxRide[job]! < Infinity);
  const fixed = m === 0 ? vehicle.fixed : 0;
  let bestCost = bound;
  let bestPosition = -1;
  for (let k = onlyAtEnd ? m : 0; k <= m; k++) {
    const before = location[k]!;
    const departure = leave[k]!;
    if (departure > lastWindowEnd) break;
    if (blink > 0 && random.next() < blink) continue;
    const after = location[k + 1]!;
    const delta =
      costs[before * size + here]! + costs[here * size + after]! - costs[before * size + after]! + fixed;
    if (delta >= bestCost) continue;
    if (!problem.loadPeaksAtEnds) {
      let fits = true;
      for (let d = 0; d < dimensions; d++) {
        const pickup = problem.jobPickup[offset + d]!;
        if (
          prefixMaxLoad[k * dimensions + d]! + problem.jobDelivery[offset + d]! > capacity[d]! ||
          load[k * dimensions + d]! + pickup > capacity[d]! ||
          suffixMaxLoad[(k + 1) * dimensions + d]! + pickup > capacity[d]!
        ) {
          fits = false;
          break;
        }
      }
      if (!fits) continue;
    }
    const start = earliestStart(problem, job, departure + durations[before * size + here]!);
    if (start < 0) continue;
    if (start + service + durations[here * size + after]! > late[k + 1]!) continue;
    if (vehicle.maxTravelTime < Infinity) {
      const extra =
        durations[before * size + here]! +
        durations[here * size + after]! -
        durations[before * size + after]!;
      if (route.travelTime + extra > vehicle.maxTravelTime) continue;
    }
    if (distances && vehicle.maxDistance < Infinity) {
      const extra =
        distances[before * size + here]! +
        distances[here * size + after]! -
        distances[before * size + after]!;
      if (route.distance + extra > vehicle.maxDistance) continue;
    }
    if (checkRide && route.windowedJobs === 0 && problem.jobHasWindow[job] === 0) {
      // No windows: no waiting between stops, so rides add up from travel and service (route.ts).
      const added =
        durations[before * size + here]! +
        service +
        durations[here * size + after]! -
        durations[before * size + after]!;
      if (added > route.rideSlackBefore[k]! || added > route.rideSlackAfter[k + 1]!) continue;
      const kind = problem.jobRideKind[job]!;
      const maxRide = problem.jobMaxRide[job]!;
      const afterService = k + 1 <= m ? problem.jobService[route.jobs[k]!]! : 0;
      if (kind & 1 && durations[here * size + after]! + afterService + route.tailTime[k + 1]! > maxRide)
        continue;
      if (kind & 2 && departure - route.leave[0]! + durations[before * size + here]! > maxRide) continue;
    } else if (checkRide) {
      const jobs = route.jobs.slice();
      jobs.splice(k, 0, job);
      if (!scheduleRoute(problem, vehicle, jobs).feasible) continue;
    }
    bestCost = delta;
    bestPosition = k;
  }
  return bestPosition < 0 ? NONE : { cost: bestCost, position: bestPosition };
}
