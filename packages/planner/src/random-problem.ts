import { SeededRandom } from "@treiber/contract/seeded-random";
import type { VroomInput, VroomJob } from "./vroom-input-schema.js";

/** What a generated problem has: its size, the seed and which constraints it carries. */
export type RandomProblemOptions = {
  jobs: number;
  vehicles: number;
  seed: number;
  /** Seats per vehicle (default 40). */
  capacity?: number;
  /** Half the jobs get a time window (default false). */
  timeWindows?: boolean;
  /** Every job a max_ride of this many seconds (default none). */
  maxRide?: number;
  /** "pickup": riders board and ride to the depot (inbound); "delivery": outbound (default pickup). */
  kind?: "pickup" | "delivery";
  /** Side of the square the jobs are spread over, km (default 25). */
  sideKm?: number;
};

/** 36 km/h: seconds per km. */
const SECONDS_PER_KM = 100;

/**
 * A seeded random problem around one depot (location 0), for tests and benchmarks at company size:
 * homes clustered around a few neighbourhoods, 1 or 2 riders a stop, one vehicle kind ending (pickup) or
 * starting (delivery) at the depot, integer seconds and metres from straight lines.
 */
export function randomProblem(options: RandomProblemOptions): VroomInput {
  const random = new SeededRandom(options.seed);
  const side = options.sideKm ?? 25;
  const points = randomPoints(random, options.jobs, side);
  const pickup = (options.kind ?? "pickup") === "pickup";
  const horizon = 4 * 3600;
  const jobs: VroomJob[] = points.slice(1).map((_, j) => {
    const riders = [random.chance(0.6) ? 1 : 2];
    const job: VroomJob = {
      id: j,
      location_index: j + 1,
      service: 60,
      ...(pickup ? { pickup: riders } : { delivery: riders }),
    };
    if (options.timeWindows && random.chance(0.5)) {
      const start = random.int(0, horizon - 3600);
      job.time_windows = [[start, start + random.int(1200, 3600)]];
    }
    if (options.maxRide !== undefined) job.max_ride = options.maxRide;
    return job;
  });
  const vehicles = Array.from({ length: options.vehicles }, (_, id) => ({
    id,
    ...(pickup ? { end_index: 0 } : { start_index: 0 }),
    capacity: [options.capacity ?? 40],
    time_window: [0, horizon + 2 * 3600] as [number, number],
    costs: { fixed: 1_000_000_000, per_hour: 0, per_km: 1000 },
  }));
  return { jobs, vehicles, matrices: { car: matricesOf(points) } };
}

/** The depot at the centre, then homes: 70 % around 12 neighbourhoods, the rest anywhere. */
function randomPoints(random: SeededRandom, count: number, side: number): [number, number][] {
  const centres = Array.from({ length: 12 }, () => [random.between(0, side), random.between(0, side)]);
  const points: [number, number][] = [[side / 2, side / 2]];
  for (let j = 0; j < count; j++) {
    if (random.chance(0.7)) {
      const [x, y] = centres[random.below(centres.length)]!;
      points.push([x! + random.gaussian() * side * 0.04, y! + random.gaussian() * side * 0.04]);
    } else {
      points.push([random.between(0, side), random.between(0, side)]);
    }
  }
  return points;
}

function matricesOf(points: [number, number][]): { durations: number[][]; distances: number[][] } {
  const durations: number[][] = [];
  const distances: number[][] = [];
  for (const [ax, ay] of points) {
    const durationRow: number[] = [];
    const distanceRow: number[] = [];
    for (const [bx, by] of points) {
      const km = Math.hypot(ax - bx, ay - by) * 1.3;
      durationRow.push(Math.round(km * SECONDS_PER_KM));
      distanceRow.push(Math.round(km * 1000));
    }
    durations.push(durationRow);
    distances.push(distanceRow);
  }
  return { durations, distances };
}
