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
  const location = new Int32Array(nodes);
  location[0] = vehicle.startLocation;
  location[m + 1] = vehicle.endLocation;
  for (let k = 1; k <= m; k++) location[k] = problem.jobLocation[jobs[k - 1]!]!;
  const result: RouteSchedule = {
    feasible: true,
    arrival: new Float64Array(nodes),
    serviceStart: new Float64Array(nodes),
    travelTime: new Float64Array(nodes),
    distance: new Float64Array(nodes),
    ride: new Float64Array(nodes).fill(Number.NaN),
    load: new Float64Array(nodes * problem.dimensions),
  };
  const failure =
    assignmentFailure(problem, vehicle, jobs, location) ??
    loadFailure(problem, vehicle, jobs, result.load) ??
    earliestFailure(problem, vehicle, jobs, location, result);
  if (failure === null) {
    scheduleLatest(problem, vehicle, jobs, location, result);
    const rides = rideFailure(problem, jobs, result);
    if (rides === null) return result;
    result.failure = rides;
  } else {
    result.failure = failure;
  }
  result.feasible = false;
  return result;
}

/** max_tasks, then each job's location and skills. */
function assignmentFailure(
  problem: CompiledProblem,
  vehicle: CompiledVehicle,
  jobs: ArrayLike<number>,
  location: Int32Array,
): UnassignedReasonCode | null {
  const m = jobs.length;
  if (m > vehicle.maxTasks) return "max_tasks";
  for (let k = 1; k <= m; k++) {
    const job = jobs[k - 1]!;
    if (location[k]! < 0) return "no_location";
    if (problem.compatible && problem.compatible[vehicle.index * problem.jobCount + job] === 0)
      return "skills";
  }
  return null;
}

/** Loads: deliveries board at the start, pickups stay until the end. */
function loadFailure(
  problem: CompiledProblem,
  vehicle: CompiledVehicle,
  jobs: ArrayLike<number>,
  load: Float64Array,
): UnassignedReasonCode | null {
  const m = jobs.length;
  const dimensions = problem.dimensions;
  for (let d = 0; d < dimensions; d++) {
    let current = 0;
    for (let k = 1; k <= m; k++) current += problem.jobDelivery[jobs[k - 1]! * dimensions + d]!;
    load[d] = current;
    if (current > vehicle.capacity[d]!) return "capacity";
    for (let k = 1; k <= m + 1; k++) {
      if (k <= m) {
        const job = jobs[k - 1]!;
        current += problem.jobPickup[job * dimensions + d]! - problem.jobDelivery[job * dimensions + d]!;
      }
      load[k * dimensions + d] = current;
      if (current > vehicle.capacity[d]!) return "capacity";
    }
  }
  return null;
}

/**
 * Forward: the earliest schedule, to know the earliest end (kept in serviceStart[m + 1]), with the
 * travel time and distance on arrival at each node.
 */
function earliestFailure(
  problem: CompiledProblem,
  vehicle: CompiledVehicle,
  jobs: ArrayLike<number>,
  location: Int32Array,
  result: RouteSchedule,
): UnassignedReasonCode | null {
  const { durations, distances, size } = vehicle.matrices;
  const { travelTime, distance } = result;
  const m = jobs.length;
  let departure = vehicle.timeStart;
  for (let k = 1; k <= m + 1; k++) {
    const arc = location[k - 1]! * size + location[k]!;
    travelTime[k] = travelTime[k - 1]! + durations[arc]!;
    distance[k] = distance[k - 1]! + (distances ? distances[arc]! : 0);
    const reach = departure + durations[arc]!;
    if (k <= m) {
      const job = jobs[k - 1]!;
      const start = earliestStart(problem, job, reach);
      if (start < 0) return "time_window";
      departure = start + problem.jobService[job]!;
    } else if (reach > vehicle.timeEnd) {
      return "time_window";
    } else {
      departure = reach;
    }
  }
  if (travelTime[m + 1]! > vehicle.maxTravelTime) return "max_travel_time";
  if (distances && distance[m + 1]! > vehicle.maxDistance) return "max_distance";
  result.serviceStart[m + 1] = departure;
  return null;
}

/** Backward from the earliest end: every stop as late as possible; then the arrivals. */
function scheduleLatest(
  problem: CompiledProblem,
  vehicle: CompiledVehicle,
  jobs: ArrayLike<number>,
  location: Int32Array,
  result: RouteSchedule,
): void {
  const { durations, size } = vehicle.matrices;
  const { serviceStart, arrival } = result;
  const m = jobs.length;
  arrival[m + 1] = serviceStart[m + 1]!;
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
}

/** Seconds on board per job (boarding: to the end; alighting: from the start), against max_ride. */
function rideFailure(
  problem: CompiledProblem,
  jobs: ArrayLike<number>,
  result: RouteSchedule,
): UnassignedReasonCode | null {
  const { serviceStart, arrival, ride } = result;
  const dimensions = problem.dimensions;
  const m = jobs.length;
  const end = serviceStart[m + 1]!;
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
    if (onBoard > problem.jobMaxRide[job]!) return "max_ride";
  }
  return null;
}
