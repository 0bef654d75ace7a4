import type { CompiledProblem, CompiledVehicle } from "../compile-problem.js";
import type { Route } from "../route.js";
import { scheduleRoute } from "../schedule-route.js";

/**
 * 2-opt*'s feasibility check: whether swapping the tails of A (after node i) and B (after node j)
 * keeps both routes feasible, in O(1) per constraint from the routes' caches (route.ts), except skills
 * (per job of the tails) and the maximum ride with time windows (by rescheduling both routes).
 */

/** Tails are swapped only between vehicles with the same end, hours and matrices. */
export function tailsSwappable(va: CompiledVehicle, vb: CompiledVehicle): boolean {
  return va.endLocation === vb.endLocation && va.timeEnd === vb.timeEnd && va.matrices === vb.matrices;
}

export function tailSwapFits(problem: CompiledProblem, A: Route, i: number, B: Route, j: number): boolean {
  return (
    timeFits(A, i, B, j) &&
    tasksFit(A, i, B, j) &&
    loadFits(problem, A, i, B, j) &&
    limitsFit(A, i, B, j) &&
    (!problem.compatible ||
      (skillsFit(problem, A.vehicle, B.jobs, j) && skillsFit(problem, B.vehicle, A.jobs, i))) &&
    (!problem.hasRideLimits || ridesFit(problem, A, i, B, j))
  );
}

/** Each head, left at its earliest, still reaches the other tail by that tail's latest arrival. */
function timeFits(A: Route, i: number, B: Route, j: number): boolean {
  const { durations, size } = A.vehicle.matrices;
  const ai = A.location[i]!;
  const bj = B.location[j]!;
  if (A.leave[i]! + durations[ai * size + B.location[j + 1]!]! > B.late[j + 1]!) return false;
  return !(B.leave[j]! + durations[bj * size + A.location[i + 1]!]! > A.late[i + 1]!);
}

function tasksFit(A: Route, i: number, B: Route, j: number): boolean {
  const aTail = A.jobs.length - i;
  const bTail = B.jobs.length - j;
  return !(i + bTail > A.vehicle.maxTasks || j + aTail > B.vehicle.maxTasks);
}

/** Loads peak at the ends (else 2-opt* is not tried): a head's and the other tail's, at the peak. */
function loadFits(problem: CompiledProblem, A: Route, i: number, B: Route, j: number): boolean {
  const dimensions = problem.dimensions;
  const mA = A.jobs.length;
  const mB = B.jobs.length;
  for (let d = 0; d < dimensions; d++) {
    const endA = (mA + 1) * dimensions + d;
    const endB = (mB + 1) * dimensions + d;
    // Deliveries: what is aboard at the start; pickups: what is aboard at the end.
    const aHead = problem.hasPickups ? A.load[i * dimensions + d]! : A.load[d]! - A.load[i * dimensions + d]!;
    const bHead = problem.hasPickups ? B.load[j * dimensions + d]! : B.load[d]! - B.load[j * dimensions + d]!;
    const aRest = problem.hasPickups
      ? A.load[endA]! - A.load[i * dimensions + d]!
      : A.load[i * dimensions + d]!;
    const bRest = problem.hasPickups
      ? B.load[endB]! - B.load[j * dimensions + d]!
      : B.load[j * dimensions + d]!;
    if (aHead + bRest > A.vehicle.capacity[d]! || bHead + aRest > B.vehicle.capacity[d]!) return false;
  }
  return true;
}

/** max_travel_time and max_distance of both vehicles. */
function limitsFit(A: Route, i: number, B: Route, j: number): boolean {
  const va = A.vehicle;
  const vb = B.vehicle;
  const { durations, distances, size } = va.matrices;
  const ai = A.location[i]!;
  const aNext = A.location[i + 1]!;
  const bj = B.location[j]!;
  const bNext = B.location[j + 1]!;
  if (va.maxTravelTime < Infinity || vb.maxTravelTime < Infinity) {
    const newA = A.travelTo[i]! + durations[ai * size + bNext]! + B.travelTime - B.travelTo[j + 1]!;
    const newB = B.travelTo[j]! + durations[bj * size + aNext]! + A.travelTime - A.travelTo[i + 1]!;
    if (newA > va.maxTravelTime || newB > vb.maxTravelTime) return false;
  }
  if (distances && (va.maxDistance < Infinity || vb.maxDistance < Infinity)) {
    const newA = A.distanceTo[i]! + distances[ai * size + bNext]! + B.distance - B.distanceTo[j + 1]!;
    const newB = B.distanceTo[j]! + distances[bj * size + aNext]! + A.distance - A.distanceTo[i + 1]!;
    if (newA > va.maxDistance || newB > vb.maxDistance) return false;
  }
  return true;
}

/** Whether the vehicle has the skills of jobs[from..]. */
function skillsFit(
  problem: CompiledProblem,
  vehicle: CompiledVehicle,
  jobs: number[],
  from: number,
): boolean {
  const compatible = problem.compatible;
  if (!compatible) return true;
  for (let k = from; k < jobs.length; k++) {
    if (compatible[vehicle.index * problem.jobCount + jobs[k]!] === 0) return false;
  }
  return true;
}

/** max_ride: in O(1) when neither route has a window, else by rescheduling both new routes. */
function ridesFit(problem: CompiledProblem, A: Route, i: number, B: Route, j: number): boolean {
  if (A.windowedJobs !== 0 || B.windowedJobs !== 0) {
    const jobsA = A.jobs.slice(0, i).concat(B.jobs.slice(j));
    const jobsB = B.jobs.slice(0, j).concat(A.jobs.slice(i));
    return (
      scheduleRoute(problem, A.vehicle, jobsA).feasible && scheduleRoute(problem, B.vehicle, jobsB).feasible
    );
  }
  // No windows: a tail swap delays (or advances) the boarding riders of each head and the alighting
  // riders of each tail by a known amount (route.ts).
  const { durations, size } = A.vehicle.matrices;
  const ai = A.location[i]!;
  const aNext = A.location[i + 1]!;
  const bj = B.location[j]!;
  const bNext = B.location[j + 1]!;
  const service = (route: Route, k: number) =>
    k >= 1 && k <= route.jobs.length ? problem.jobService[route.jobs[k - 1]!]! : 0;
  const aToEnd = durations[ai * size + bNext]! + service(B, j + 1) + B.tailTime[j + 1]!;
  const bToEnd = durations[bj * size + aNext]! + service(A, i + 1) + A.tailTime[i + 1]!;
  if (aToEnd - A.tailTime[i]! > A.rideSlackBefore[i]!) return false;
  if (bToEnd - B.tailTime[j]! > B.rideSlackBefore[j]!) return false;
  const bTailFrom = A.headTime[i]! + service(A, i) + durations[ai * size + bNext]!;
  const aTailFrom = B.headTime[j]! + service(B, j) + durations[bj * size + aNext]!;
  if (bTailFrom - B.headTime[j + 1]! > B.rideSlackAfter[j + 1]!) return false;
  return !(aTailFrom - A.headTime[i + 1]! > A.rideSlackAfter[i + 1]!);
}
