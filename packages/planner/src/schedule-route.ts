import type { CompiledProblem, CompiledVehicle } from "./compile-problem.js";
import { earliestStart, latestStart } from "./time-windows.js";
import type { UnassignedReasonCode } from "./vroom-output.js";

/**
 * A route's schedule as the planner reports it: the vehicle arrives at its end as early as possible, and
 * every stop is served as late as that allows (waiting moves to before departure, or to where a time
 * window forces it). Then the riders who board at a stop (a job with `pickup`, or with no amounts) ride
 * from their stop's departure to the end as little as possible. Nodes: 0 start, 1..m jobs, m + 1 end.
 */
export type RouteSchedule = {
  feasible: boolean;
  failure?: UnassignedReasonCode;
  /** Arrival and service start per node (for the start both are the departure). */
  arrival: Float64Array;
  serviceStart: Float64Array;
  /** Travel time and distance accumulated on arrival at each node. */
  travelTime: Float64Array;
  distance: Float64Array;
  /** Seconds on board per job node (index k, 1..m); NaN when not defined. */
  ride: Float64Array;
  /** Load after each node, node k at k * dimensions. */
  load: Float64Array;
};

export function scheduleRoute(
  problem: CompiledProblem,
  vehicle: CompiledVehicle,
  jobs: ArrayLike<number>,
): RouteSchedule {
  const m = jobs.length;
  const nodes = m + 2;
  const dimensions = problem.dimensions;
  const { durations, distances, size } = vehicle.matrices;
  const location = new Int32Array(nodes);
  location[0] = vehicle.startLocation;
  location[m + 1] = vehicle.endLocation;
  for (let k = 1; k <= m; k++) location[k] = problem.jobLocation[jobs[k - 1]!]!;
  const arrival = new Float64Array(nodes);
  const serviceStart = new Float64Array(nodes);
  const travelTime = new Float64Array(nodes);
  const distance = new Float64Array(nodes);
  const ride = new Float64Array(nodes).fill(Number.NaN);
  const load = new Float64Array(nodes * dimensions);
  const result: RouteSchedule = { feasible: true, arrival, serviceStart, travelTime, distance, ride, load };
  const fail = (failure: UnassignedReasonCode): RouteSchedule => {
    result.feasible = false;
    result.failure = failure;
    return result;
  };

  if (m > vehicle.maxTasks) return fail("max_tasks");
  for (let k = 1; k <= m; k++) {
    const job = jobs[k - 1]!;
    if (location[k]! < 0) return fail("no_location");
    if (problem.compatible && problem.compatible[vehicle.index * problem.jobCount + job] === 0)
      return fail("skills");
  }

  // Loads: deliveries board at the start, pickups stay until the end.
  for (let d = 0; d < dimensions; d++) {
    let current = 0;
    for (let k = 1; k <= m; k++) current += problem.jobDelivery[jobs[k - 1]! * dimensions + d]!;
    load[d] = current;
    if (current > vehicle.capacity[d]!) return fail("capacity");
    for (let k = 1; k <= m + 1; k++) {
      if (k <= m) {
        const job = jobs[k - 1]!;
        current += problem.jobPickup[job * dimensions + d]! - problem.jobDelivery[job * dimensions + d]!;
      }
      load[k * dimensions + d] = current;
      if (current > vehicle.capacity[d]!) return fail("capacity");
    }
  }

  // Forward: the earliest schedule, to know the earliest end.
  let departure = vehicle.timeStart;
  for (let k = 1; k <= m + 1; k++) {
    const arc = location[k - 1]! * size + location[k]!;
    travelTime[k] = travelTime[k - 1]! + durations[arc]!;
    distance[k] = distance[k - 1]! + (distances ? distances[arc]! : 0);
    const reach = departure + durations[arc]!;
    if (k <= m) {
      const job = jobs[k - 1]!;
      const start = earliestStart(problem, job, reach);
      if (start < 0) return fail("time_window");
      departure = start + problem.jobService[job]!;
    } else if (reach > vehicle.timeEnd) {
      return fail("time_window");
    } else {
      departure = reach;
    }
  }
  if (travelTime[m + 1]! > vehicle.maxTravelTime) return fail("max_travel_time");
  if (distances && distance[m + 1]! > vehicle.maxDistance) return fail("max_distance");
  const end = departure;

  // Backward from the earliest end: every stop as late as possible.
  serviceStart[m + 1] = end;
  arrival[m + 1] = end;
  for (let k = m; k >= 1; k--) {
    const job = jobs[k - 1]!;
    const bound =
      serviceStart[k + 1]! - durations[location[k]! * size + location[k + 1]!]! - problem.jobService[job]!;
    serviceStart[k] = latestStart(problem, job, bound);
  }
  serviceStart[0] = Math.min(
    vehicle.timeEnd,
    serviceStart[1]! - durations[location[0]! * size + location[1]!]!,
  );
  arrival[0] = serviceStart[0]!;
  for (let k = 1; k <= m + 1; k++) {
    const previousService = k - 1 >= 1 ? problem.jobService[jobs[k - 2]!]! : 0;
    arrival[k] = serviceStart[k - 1]! + previousService + durations[location[k - 1]! * size + location[k]!]!;
  }

  for (let k = 1; k <= m; k++) {
    const job = jobs[k - 1]!;
    let delivers = false;
    let picksUp = false;
    for (let d = 0; d < dimensions; d++) {
      if (problem.jobDelivery[job * dimensions + d]! > 0) delivers = true;
      if (problem.jobPickup[job * dimensions + d]! > 0) picksUp = true;
    }
    let onBoard = Number.NaN;
    if (picksUp || !delivers) onBoard = end - (serviceStart[k]! + problem.jobService[job]!);
    if (delivers) onBoard = Math.max(Number.isNaN(onBoard) ? 0 : onBoard, arrival[k]! - serviceStart[0]!);
    ride[k] = onBoard;
    if (onBoard > problem.jobMaxRide[job]!) return fail("max_ride");
  }
  return result;
}
