import type { CompiledProblem } from "../compile-problem.js";
import type { Route } from "../route.js";
import { scheduleRoute } from "../schedule-route.js";
import { earliestStart } from "../time-windows.js";

/**
 * Insertion's feasibility check (relocating a job into a route, as recreate does). Every constraint is
 * checked in O(1) per place from the route's caches (route.ts); the maximum ride without time windows
 * too, and with them by scheduling the route with the job in it.
 */

/** What does not depend on the place: max_tasks, skills, and the load when it peaks at the ends. */
export function routeCanTake(problem: CompiledProblem, route: Route, job: number): boolean {
  const vehicle = route.vehicle;
  const m = route.jobs.length;
  if (m + 1 > vehicle.maxTasks) return false;
  if (problem.compatible && problem.compatible[vehicle.index * problem.jobCount + job] === 0) return false;
  if (problem.loadPeaksAtEnds) {
    const { dimensions, jobDelivery, jobPickup } = problem;
    const { load } = route;
    const capacity = vehicle.capacity;
    const offset = job * dimensions;
    for (let d = 0; d < dimensions; d++) {
      if (load[d]! + jobDelivery[offset + d]! > capacity[d]!) return false;
      if (load[(m + 1) * dimensions + d]! + jobPickup[offset + d]! > capacity[d]!) return false;
    }
  }
  return true;
}

/** Whether `job` fits after node k of `route` (routeCanTake already holds). */
export function fitsAt(problem: CompiledProblem, route: Route, job: number, k: number): boolean {
  if (!problem.loadPeaksAtEnds && !loadFitsAt(problem, route, job, k)) return false;
  if (!timeFitsAt(problem, route, job, k)) return false;
  if (!limitsFitAt(problem, route, job, k)) return false;
  if (problem.hasRideLimits && (route.rideLimitedJobs > 0 || problem.jobMaxRide[job]! < Infinity)) {
    return rideFitsAt(problem, route, job, k);
  }
  return true;
}

/** Loads that rise and fall: the most aboard before, at and after the place. */
function loadFitsAt(problem: CompiledProblem, route: Route, job: number, k: number): boolean {
  const { dimensions, jobDelivery, jobPickup } = problem;
  const { load, prefixMaxLoad, suffixMaxLoad } = route;
  const capacity = route.vehicle.capacity;
  const offset = job * dimensions;
  for (let d = 0; d < dimensions; d++) {
    const pickup = jobPickup[offset + d]!;
    if (
      prefixMaxLoad[k * dimensions + d]! + jobDelivery[offset + d]! > capacity[d]! ||
      load[k * dimensions + d]! + pickup > capacity[d]! ||
      suffixMaxLoad[(k + 1) * dimensions + d]! + pickup > capacity[d]!
    ) {
      return false;
    }
  }
  return true;
}

/** The job's window from the earliest arrival, and the next node still reached by its latest arrival. */
function timeFitsAt(problem: CompiledProblem, route: Route, job: number, k: number): boolean {
  const { durations, size } = route.vehicle.matrices;
  const before = route.location[k]!;
  const after = route.location[k + 1]!;
  const here = problem.jobLocation[job]!;
  const start = earliestStart(problem, job, route.leave[k]! + durations[before * size + here]!);
  if (start < 0) return false;
  return !(start + problem.jobService[job]! + durations[here * size + after]! > route.late[k + 1]!);
}

/** The vehicle's max_travel_time and max_distance. */
function limitsFitAt(problem: CompiledProblem, route: Route, job: number, k: number): boolean {
  const vehicle = route.vehicle;
  const { durations, distances, size } = vehicle.matrices;
  const before = route.location[k]!;
  const after = route.location[k + 1]!;
  const here = problem.jobLocation[job]!;
  if (vehicle.maxTravelTime < Infinity) {
    const extra =
      durations[before * size + here]! + durations[here * size + after]! - durations[before * size + after]!;
    if (route.travelTime + extra > vehicle.maxTravelTime) return false;
  }
  if (distances && vehicle.maxDistance < Infinity) {
    const extra =
      distances[before * size + here]! + distances[here * size + after]! - distances[before * size + after]!;
    if (route.distance + extra > vehicle.maxDistance) return false;
  }
  return true;
}

/**
 * max_ride: the job's own ride first, in O(1) (travel and service alone, no waiting: a lower bound
 * with windows); then the others' in O(1) when neither the route nor the job has a window, else by
 * rescheduling the route with the job in it.
 */
function rideFitsAt(problem: CompiledProblem, route: Route, job: number, k: number): boolean {
  const { durations, size } = route.vehicle.matrices;
  const before = route.location[k]!;
  const after = route.location[k + 1]!;
  const here = problem.jobLocation[job]!;
  const kind = problem.jobRideKind[job]!;
  const maxRide = problem.jobMaxRide[job]!;
  const afterService = k + 1 <= route.jobs.length ? problem.jobService[route.jobs[k]!]! : 0;
  if (kind & 1 && durations[here * size + after]! + afterService + route.tailTime[k + 1]! > maxRide) {
    return false;
  }
  const windows = route.windowedJobs !== 0 || problem.jobHasWindow[job] !== 0;
  const headTravel = windows
    ? route.headTime[k]! + (k >= 1 ? problem.jobService[route.jobs[k - 1]!]! : 0)
    : route.leave[k]! - route.leave[0]!;
  if (kind & 2 && headTravel + durations[before * size + here]! > maxRide) return false;
  if (windows) {
    const jobs = route.jobs.slice();
    jobs.splice(k, 0, job);
    return scheduleRoute(problem, route.vehicle, jobs).feasible;
  }
  // No windows: no waiting between stops, so rides add up from travel and service (route.ts).
  const added =
    durations[before * size + here]! +
    problem.jobService[job]! +
    durations[here * size + after]! -
    durations[before * size + after]!;
  return !(added > route.rideSlackBefore[k]! || added > route.rideSlackAfter[k + 1]!);
}
