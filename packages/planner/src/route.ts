import type { CompiledProblem, CompiledVehicle } from "./compile-problem.js";
import { earliestStart, latestStart } from "./time-windows.js";

/**
 * One vehicle's route with what the O(1) insertion checks need. Nodes: 0 is the start, 1..m the jobs,
 * m + 1 the end. `early[k]`: earliest service start (the start: earliest departure; the end: earliest
 * arrival). `late[k]`: latest arrival at node k that keeps the rest feasible (the start: latest departure).
 */
export class Route {
  jobs: number[] = [];
  location = new Int32Array(2);
  early = new Float64Array(2);
  late = new Float64Array(2);
  /** Earliest departure from node k (earliest service start plus service). */
  leave = new Float64Array(2);
  /** Travel time and distance from the start to node k. */
  travelTo = new Float64Array(2);
  distanceTo = new Float64Array(2);
  /** Load after node k, per dimension: load[k * dimensions + d]. */
  load = new Float64Array(0);
  prefixMaxLoad = new Float64Array(0);
  suffixMaxLoad = new Float64Array(0);
  travelTime = 0;
  distance = 0;
  travelCost = 0;
  rideLimitedJobs = 0;
  /** Jobs with a time window: with none, a route's schedule has no waiting between stops. */
  windowedJobs = 0;
  /**
   * Without windows, rides follow from travel and service alone. headTime[k]: from leaving the start to
   * arriving at node k; tailTime[k]: from leaving node k to arriving at the end. rideSlackBefore[k]: the
   * least spare ride among boarding riders at nodes 1..k (a stop inserted after k delays them);
   * rideSlackAfter[k]: the same among alighting riders at nodes k..m.
   */
  headTime = new Float64Array(2);
  tailTime = new Float64Array(2);
  rideSlackBefore = new Float64Array(2);
  rideSlackAfter = new Float64Array(2);

  constructor(
    readonly problem: CompiledProblem,
    readonly vehicle: CompiledVehicle,
  ) {
    this.update();
  }

  /** Fixed cost plus travel cost; 0 when empty (the vehicle is not used). */
  get cost(): number {
    return this.jobs.length === 0 ? 0 : this.vehicle.fixed + this.travelCost;
  }

  /** Recomputes every cache from `jobs` (after any change to them). */
  update(): void {
    this.makeRoom();
    this.updateLocations();
    this.updateTimes();
    if (this.problem.hasRideLimits) this.updateRides();
    if (this.problem.dimensions > 0) this.updateLoads();
  }

  private makeRoom(): void {
    const nodes = this.jobs.length + 2;
    const dimensions = this.problem.dimensions;
    if (this.location.length < nodes) {
      const room = Math.max(nodes, this.location.length * 2);
      this.location = new Int32Array(room);
      this.early = new Float64Array(room);
      this.late = new Float64Array(room);
      this.leave = new Float64Array(room);
      this.travelTo = new Float64Array(room);
      this.distanceTo = new Float64Array(room);
      this.headTime = new Float64Array(room);
      this.tailTime = new Float64Array(room);
      this.rideSlackBefore = new Float64Array(room);
      this.rideSlackAfter = new Float64Array(room);
    }
    if (this.load.length < nodes * dimensions) {
      const room = Math.max(nodes, this.location.length) * dimensions;
      this.load = new Float64Array(room);
      this.prefixMaxLoad = new Float64Array(room);
      this.suffixMaxLoad = new Float64Array(room);
    }
  }

  private updateLocations(): void {
    const { problem, vehicle, jobs, location } = this;
    const m = jobs.length;
    location[0] = vehicle.startLocation;
    location[m + 1] = vehicle.endLocation;
    let rideLimited = 0;
    let windowed = 0;
    for (let k = 1; k <= m; k++) {
      const job = jobs[k - 1]!;
      location[k] = problem.jobLocation[job]!;
      if (problem.jobMaxRide[job]! < Number.POSITIVE_INFINITY) rideLimited++;
      windowed += problem.jobHasWindow[job]!;
    }
    this.rideLimitedJobs = rideLimited;
    this.windowedJobs = windowed;
  }

  /** Forward: travel, distance, cost and the earliest times; backward: the latest arrivals. */
  private updateTimes(): void {
    const { problem, vehicle, jobs, location, early, late, leave, travelTo, distanceTo } = this;
    const { durations, distances, costs, size } = vehicle.matrices;
    const m = jobs.length;
    let travelTime = 0;
    let distance = 0;
    let travelCost = 0;
    early[0] = vehicle.timeStart;
    travelTo[0] = 0;
    distanceTo[0] = 0;
    leave[0] = vehicle.timeStart;
    let departure = vehicle.timeStart;
    for (let k = 1; k <= m + 1; k++) {
      const arc = location[k - 1]! * size + location[k]!;
      travelTime += durations[arc]!;
      if (distances) distance += distances[arc]!;
      travelTo[k] = travelTime;
      distanceTo[k] = distance;
      travelCost += costs[arc]!;
      const arrival = departure + durations[arc]!;
      if (k <= m) {
        const job = jobs[k - 1]!;
        early[k] = earliestStart(problem, job, arrival);
        departure = early[k]! + problem.jobService[job]!;
        leave[k] = departure;
      } else {
        early[k] = arrival;
        leave[k] = arrival;
      }
    }
    this.travelTime = travelTime;
    this.distance = distance;
    this.travelCost = travelCost;

    late[m + 1] = vehicle.timeEnd;
    for (let k = m; k >= 1; k--) {
      const job = jobs[k - 1]!;
      const bound =
        late[k + 1]! - durations[location[k]! * size + location[k + 1]!]! - problem.jobService[job]!;
      late[k] = latestStart(problem, job, bound);
    }
    late[0] = Math.min(vehicle.timeEnd, late[1]! - durations[location[0]! * size + location[1]!]!);
  }

  /** Loads after each node (deliveries aboard from the start), with their prefix and suffix maxima. */
  private updateLoads(): void {
    const { problem, jobs, load, prefixMaxLoad, suffixMaxLoad } = this;
    const dimensions = problem.dimensions;
    const m = jobs.length;
    for (let d = 0; d < dimensions; d++) {
      let start = 0;
      for (const job of jobs) start += problem.jobDelivery[job * dimensions + d]!;
      load[d] = start;
      prefixMaxLoad[d] = start;
    }
    for (let k = 1; k <= m + 1; k++) {
      const job = k <= m ? jobs[k - 1]! : -1;
      for (let d = 0; d < dimensions; d++) {
        const before = load[(k - 1) * dimensions + d]!;
        const after =
          job < 0
            ? before
            : before - problem.jobDelivery[job * dimensions + d]! + problem.jobPickup[job * dimensions + d]!;
        load[k * dimensions + d] = after;
        const previousMax = prefixMaxLoad[(k - 1) * dimensions + d]!;
        prefixMaxLoad[k * dimensions + d] = Math.max(after, previousMax);
      }
    }
    for (let d = 0; d < dimensions; d++)
      suffixMaxLoad[(m + 1) * dimensions + d] = load[(m + 1) * dimensions + d]!;
    for (let k = m; k >= 0; k--) {
      for (let d = 0; d < dimensions; d++) {
        const here = load[k * dimensions + d]!;
        const next = suffixMaxLoad[(k + 1) * dimensions + d]!;
        suffixMaxLoad[k * dimensions + d] = Math.max(here, next);
      }
    }
  }

  private updateRides(): void {
    const { problem, vehicle, jobs, location, headTime, tailTime, rideSlackBefore, rideSlackAfter } = this;
    const { durations, size } = vehicle.matrices;
    const m = jobs.length;
    const service = (k: number) => (k >= 1 && k <= m ? problem.jobService[jobs[k - 1]!]! : 0);
    headTime[0] = 0;
    for (let k = 1; k <= m + 1; k++) {
      headTime[k] = headTime[k - 1]! + service(k - 1) + durations[location[k - 1]! * size + location[k]!]!;
    }
    tailTime[m + 1] = 0;
    for (let k = m; k >= 0; k--) {
      tailTime[k] = durations[location[k]! * size + location[k + 1]!]! + service(k + 1) + tailTime[k + 1]!;
    }
    let slack = Number.POSITIVE_INFINITY;
    rideSlackBefore[0] = slack;
    for (let k = 1; k <= m; k++) {
      const job = jobs[k - 1]!;
      if (problem.jobRideKind[job]! & 1) slack = Math.min(slack, problem.jobMaxRide[job]! - tailTime[k]!);
      rideSlackBefore[k] = slack;
    }
    slack = Number.POSITIVE_INFINITY;
    rideSlackAfter[m + 1] = slack;
    for (let k = m; k >= 1; k--) {
      const job = jobs[k - 1]!;
      if (problem.jobRideKind[job]! & 2) slack = Math.min(slack, problem.jobMaxRide[job]! - headTime[k]!);
      rideSlackAfter[k] = slack;
    }
  }
}
