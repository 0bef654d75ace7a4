import type { VroomInput } from "./vroom-input-schema.js";

/** Travel matrices of one profile and cost rate, flattened, with one extra zero location ("nowhere"). */
export type MatrixSet = {
  /** Row length: the input's locations plus "nowhere" (index size - 1). */
  size: number;
  durations: Matrix;
  distances: Matrix | null;
  /**
   * Cost of each arc as VROOM counts it: durations × per_hour / 3600 + distances × per_km / 1000; the
   * same array as durations or distances when the rates make it equal.
   */
  costs: Matrix;
};

/**
 * A flat matrix: 32-bit when every value is an integer below 2^24 (exact in a float, half the memory:
 * 5,000 locations take 100 MB instead of 200), else 64-bit.
 */
export type Matrix = Float32Array | Float64Array;

export type CompiledVehicle = {
  index: number;
  id: number;
  startLocation: number;
  endLocation: number;
  hasStart: boolean;
  hasEnd: boolean;
  capacity: Float64Array;
  timeStart: number;
  timeEnd: number;
  fixed: number;
  maxTasks: number;
  maxTravelTime: number;
  maxDistance: number;
  matrices: MatrixSet;
  /** Vehicles with the same key are interchangeable: an empty one stands for all of them. */
  key: string;
  /** Index of the first vehicle with the same key. */
  kind: number;
};

/** The problem in flat arrays for the search; jobs and vehicles are numbered from 0 in input order. */
export type CompiledProblem = {
  input: VroomInput;
  jobCount: number;
  dimensions: number;
  /** Location index, or -1 when the job has none. */
  jobLocation: Int32Array;
  jobService: Float64Array;
  jobDelivery: Float64Array;
  jobPickup: Float64Array;
  /** Time windows of job j: jobWindows[jobWindowStart[j] .. jobWindowStart[j + 1]) as start, end pairs. */
  jobWindowStart: Int32Array;
  jobWindows: Float64Array;
  jobMaxRide: Float64Array;
  /** 1: its riders board here (ride to the end); 2: they alight here (ride from the start); 3: both. */
  jobRideKind: Uint8Array;
  /** 1 when the job has a time window (other than none at all). */
  jobHasWindow: Uint8Array;
  hasRideLimits: boolean;
  /** Every job only delivers, or every job only picks up: the load peaks at a route's start or end. */
  loadPeaksAtEnds: boolean;
  /** Some job picks something up (else loads only go down along a route). */
  hasPickups: boolean;
  vehicles: CompiledVehicle[];
  /** compatible[v * jobCount + j] = 1 when vehicle v has job j's skills (null: all compatible). */
  compatible: Uint8Array | null;
  /** Jobs near each job, nearest first (at most NEIGHBOURS), for the string removals. */
  neighbours: Int32Array[];
};

const NEIGHBOURS = 100;
const NO_LIMIT = Number.POSITIVE_INFINITY;

export function compileProblem(input: VroomInput): CompiledProblem {
  const jobs = input.jobs;
  const dimensions = Math.max(
    0,
    ...jobs.flatMap((job) => [job.delivery?.length ?? 0, job.pickup?.length ?? 0, job.amount?.length ?? 0]),
    ...input.vehicles.map((vehicle) => vehicle.capacity?.length ?? 0),
  );
  const { anyDelivery, anyPickup, ...compiledJobs } = compileJobs(input, dimensions);
  const vehicles = compileVehicles(input, dimensions);
  const first = vehicles[0]!.matrices;
  const neighbours = nearestJobs(
    compiledJobs.jobLocation,
    first,
    Math.max(0, Math.min(NEIGHBOURS, jobs.length - 1)),
  );
  return {
    input,
    jobCount: jobs.length,
    dimensions,
    ...compiledJobs,
    hasRideLimits: jobs.some((job) => job.max_ride != null),
    loadPeaksAtEnds: !(anyDelivery && anyPickup),
    hasPickups: anyPickup,
    vehicles,
    compatible: compatibility(input),
    neighbours,
  };
}

type CompiledJobs = Pick<
  CompiledProblem,
  | "jobLocation"
  | "jobService"
  | "jobDelivery"
  | "jobPickup"
  | "jobWindowStart"
  | "jobWindows"
  | "jobMaxRide"
  | "jobRideKind"
  | "jobHasWindow"
> & { anyDelivery: boolean; anyPickup: boolean };

function compileJobs(input: VroomInput, dimensions: number): CompiledJobs {
  const jobs = input.jobs;
  const jobCount = jobs.length;
  const jobLocation = new Int32Array(jobCount);
  const jobService = new Float64Array(jobCount);
  const jobDelivery = new Float64Array(jobCount * dimensions);
  const jobPickup = new Float64Array(jobCount * dimensions);
  const jobWindowStart = new Int32Array(jobCount + 1);
  const windows: number[] = [];
  const jobMaxRide = new Float64Array(jobCount);
  const jobRideKind = new Uint8Array(jobCount);
  const jobHasWindow = new Uint8Array(jobCount);
  let anyDelivery = false;
  let anyPickup = false;
  jobs.forEach((job, j) => {
    jobLocation[j] = job.location_index ?? -1;
    jobService[j] = job.service ?? 0;
    const delivery = job.delivery ?? job.amount ?? [];
    const pickup = job.pickup ?? [];
    for (let d = 0; d < dimensions; d++) {
      jobDelivery[j * dimensions + d] = delivery[d] ?? 0;
      jobPickup[j * dimensions + d] = pickup[d] ?? 0;
      if ((delivery[d] ?? 0) > 0) anyDelivery = true;
      if ((pickup[d] ?? 0) > 0) anyPickup = true;
    }
    jobWindowStart[j] = windows.length / 2;
    for (const [start, end] of [...(job.time_windows ?? [[0, NO_LIMIT]])].sort((a, b) => a[0] - b[0])) {
      windows.push(start, end);
    }
    jobMaxRide[j] = job.max_ride ?? NO_LIMIT;
    const delivers = delivery.some((value) => value > 0);
    const boards = pickup.some((value) => value > 0) || !delivers;
    jobRideKind[j] = (boards ? 1 : 0) | (delivers ? 2 : 0);
    jobHasWindow[j] = job.time_windows ? 1 : 0;
  });
  jobWindowStart[jobCount] = windows.length / 2;
  return {
    jobLocation,
    jobService,
    jobDelivery,
    jobPickup,
    jobWindowStart,
    jobWindows: Float64Array.from(windows),
    jobMaxRide,
    jobRideKind,
    jobHasWindow,
    anyDelivery,
    anyPickup,
  };
}

/** The vehicles, sharing one matrix set per profile and cost rate, each with the first of its kind. */
function compileVehicles(input: VroomInput, dimensions: number): CompiledVehicle[] {
  const matrixSets = new Map<string, MatrixSet>();
  const vehicles = input.vehicles.map((vehicle, index): CompiledVehicle => {
    const profile = vehicle.profile ?? "car";
    const perHour = vehicle.costs?.per_hour ?? 3600;
    const perKm = vehicle.costs?.per_km ?? 0;
    const matrixKey = `${profile}|${perHour}|${perKm}`;
    let matrices = matrixSets.get(matrixKey);
    if (!matrices) {
      matrices = buildMatrixSet(input, profile, perHour, perKm);
      matrixSets.set(matrixKey, matrices);
    }
    const nowhere = matrices.size - 1;
    const capacity = new Float64Array(dimensions).fill(NO_LIMIT);
    vehicle.capacity?.forEach((value, d) => {
      capacity[d] = value;
    });
    const vehicleView = {
      startLocation: vehicle.start_index ?? nowhere,
      endLocation: vehicle.end_index ?? nowhere,
      hasStart: vehicle.start_index != null,
      hasEnd: vehicle.end_index != null,
      capacity,
      timeStart: vehicle.time_window?.[0] ?? 0,
      timeEnd: vehicle.time_window?.[1] ?? NO_LIMIT,
      fixed: vehicle.costs?.fixed ?? 0,
      maxTasks: vehicle.max_tasks ?? NO_LIMIT,
      maxTravelTime: vehicle.max_travel_time ?? NO_LIMIT,
      maxDistance: vehicle.max_distance ?? NO_LIMIT,
    };
    return {
      index,
      id: vehicle.id,
      ...vehicleView,
      matrices,
      key: JSON.stringify([matrixKey, vehicleView, [...capacity], [...(vehicle.skills ?? [])].sort()]),
      kind: index,
    };
  });
  const firstOfKind = new Map<string, number>();
  for (const vehicle of vehicles) {
    if (!firstOfKind.has(vehicle.key)) firstOfKind.set(vehicle.key, vehicle.index);
    vehicle.kind = firstOfKind.get(vehicle.key)!;
  }
  return vehicles;
}

/** compatible[v * jobCount + j] = 1 when vehicle v has job j's skills; null when no job needs any. */
function compatibility(input: VroomInput): Uint8Array | null {
  const jobs = input.jobs;
  if (!jobs.some((job) => (job.skills?.length ?? 0) > 0)) return null;
  const table = new Uint8Array(input.vehicles.length * jobs.length);
  input.vehicles.forEach((vehicle, v) => {
    const skills = new Set(vehicle.skills ?? []);
    jobs.forEach((job, j) => {
      table[v * jobs.length + j] = (job.skills ?? []).every((skill) => skills.has(skill)) ? 1 : 0;
    });
  });
  return table;
}

function buildMatrixSet(input: VroomInput, profile: string, perHour: number, perKm: number): MatrixSet {
  const source = input.matrices[profile]!;
  const size = source.durations.length + 1;
  const durations = flatten(source.durations, size);
  const distances = source.distances ? flatten(source.distances, size) : null;
  let costs: Matrix;
  if (source.costs) {
    costs = flatten(source.costs, size);
  } else if (perHour === 3600 && (perKm === 0 || !distances)) {
    costs = durations;
  } else if (perHour === 0 && perKm === 1000 && distances) {
    costs = distances;
  } else {
    costs = new Float64Array(size * size);
    for (let i = 0; i < costs.length; i++) {
      costs[i] = (durations[i]! * perHour) / 3600 + (distances ? (distances[i]! * perKm) / 1000 : 0);
    }
  }
  return { size, durations, distances, costs };
}

/** Rows of n values into a flat (n + 1)² matrix (the last row and column: "nowhere", all 0). */
function flatten(cells: unknown[][], size: number): Matrix {
  const rows = cells as number[][];
  const n = size - 1;
  let exact = true;
  for (let a = 0; a < n && exact; a++) {
    const row = rows[a]!;
    for (let b = 0; b < n; b++) {
      const value = row[b]!;
      if (!(Number.isInteger(value) && Math.abs(value) < 16_777_216)) {
        exact = false;
        break;
      }
    }
  }
  const flat = exact ? new Float32Array(size * size) : new Float64Array(size * size);
  for (let a = 0; a < n; a++) {
    const row = rows[a]!;
    for (let b = 0; b < n; b++) flat[a * size + b] = row[b]!;
  }
  return flat;
}

function nearestJobs(jobLocation: Int32Array, matrices: MatrixSet, count: number): Int32Array[] {
  const jobCount = jobLocation.length;
  const { size, costs } = matrices;
  const result: Int32Array[] = [];
  if (count === 0) return Array.from({ length: jobCount }, () => new Int32Array(0));
  const bestGap = new Float64Array(count);
  const bestJob = new Int32Array(count);
  for (let j = 0; j < jobCount; j++) {
    const a = jobLocation[j]!;
    let kept = 0;
    for (let k = 0; k < jobCount; k++) {
      const b = jobLocation[k]!;
      if (k === j) continue;
      const gap = a < 0 || b < 0 ? NO_LIMIT : costs[a * size + b]! + costs[b * size + a]!;
      if (kept === count && gap >= bestGap[count - 1]!) continue;
      // Insert into the kept list, nearest first (ties: lower job number first).
      let position = kept < count ? kept : count - 1;
      while (position > 0 && bestGap[position - 1]! > gap) {
        bestGap[position] = bestGap[position - 1]!;
        bestJob[position] = bestJob[position - 1]!;
        position--;
      }
      bestGap[position] = gap;
      bestJob[position] = k;
      if (kept < count) kept++;
    }
    result.push(bestJob.slice(0, kept));
  }
  return result;
}
