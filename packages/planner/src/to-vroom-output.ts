import type { CompiledProblem } from "./compile-problem.js";
import { type RouteSchedule, scheduleRoute } from "./schedule-route.js";
import {
  UNASSIGNED_REASONS,
  type UnassignedReasonCode,
  type VroomOutput,
  type VroomRoute,
  type VroomStep,
} from "./vroom-output.js";

export type PlannedSolution = {
  /** Jobs in order, one list per vehicle (input order); empty lists are unused vehicles. */
  routes: number[][];
  unassigned: Map<number, UnassignedReasonCode>;
};

/** Writes a solution in VROOM's output format, with the schedule of schedule-route.ts. */
export function toVroomOutput(
  problem: CompiledProblem,
  solution: PlannedSolution,
  computingTimes: { loading: number; solving: number },
): VroomOutput {
  const hasDistances = problem.vehicles.some((vehicle) => vehicle.matrices.distances !== null);
  const routes: VroomRoute[] = [];
  solution.routes.forEach((jobs, v) => {
    if (jobs.length > 0) routes.push(routeOutput(problem, v, jobs, hasDistances));
  });
  const unassigned = [...solution.unassigned].map(([j, code]) => {
    const job = problem.input.jobs[j]!;
    return {
      id: job.id,
      type: "job" as const,
      ...(job.description !== undefined ? { description: job.description } : {}),
      ...(job.location ? { location: job.location } : {}),
      ...(job.location_index != null ? { location_index: job.location_index } : {}),
      reason: UNASSIGNED_REASONS[code],
      reason_code: code,
    };
  });
  return {
    code: 0,
    summary: summarise(problem.dimensions, routes, unassigned.length, hasDistances, computingTimes),
    unassigned,
    routes,
  };
}

/** One vehicle's route: its steps on the reported schedule and its totals. */
function routeOutput(problem: CompiledProblem, v: number, jobs: number[], hasDistances: boolean): VroomRoute {
  const { input, dimensions } = problem;
  const vehicle = problem.vehicles[v]!;
  const vehicleInput = input.vehicles[v]!;
  const schedule = scheduleRoute(problem, vehicle, jobs);
  if (!schedule.feasible) {
    throw new Error(`Internal error: route of vehicle ${vehicle.id} breaks ${schedule.failure}`);
  }
  const m = jobs.length;
  const place = (k: number): Partial<VroomStep> => {
    const step: Partial<VroomStep> = {};
    if (dimensions > 0) step.load = Array.from(schedule.load.subarray(k * dimensions, (k + 1) * dimensions));
    if (hasDistances) step.distance = schedule.distance[k]!;
    return step;
  };
  const steps: VroomStep[] = [];
  if (vehicle.hasStart) {
    steps.push({
      type: "start",
      ...(vehicleInput.start ? { location: vehicleInput.start } : {}),
      location_index: vehicle.startLocation,
      setup: 0,
      service: 0,
      waiting_time: 0,
      arrival: schedule.serviceStart[0]!,
      duration: 0,
      ...place(0),
      violations: [],
    });
  }
  for (let k = 1; k <= m; k++) steps.push(jobStep(problem, schedule, jobs[k - 1]!, k, place(k)));
  if (vehicle.hasEnd) {
    steps.push({
      type: "end",
      ...(vehicleInput.end ? { location: vehicleInput.end } : {}),
      location_index: vehicle.endLocation,
      setup: 0,
      service: 0,
      waiting_time: 0,
      arrival: schedule.arrival[m + 1]!,
      duration: schedule.travelTime[m + 1]!,
      ...place(m + 1),
      violations: [],
    });
  }
  const duration = schedule.travelTime[m + 1]!;
  const distance = schedule.distance[m + 1]!;
  const { service, waiting, delivery, pickup } = routeTotals(problem, schedule, jobs);
  return {
    vehicle: vehicle.id,
    cost: vehicle.fixed + Math.round(travelCost(problem, v, jobs, duration, distance)),
    setup: 0,
    service,
    duration,
    waiting_time: waiting,
    priority: jobs.reduce((sum, j) => sum + (input.jobs[j]!.priority ?? 0), 0),
    ...(dimensions > 0 ? { delivery, pickup } : {}),
    ...(hasDistances ? { distance } : {}),
    ...(vehicleInput.description !== undefined ? { description: vehicleInput.description } : {}),
    violations: [],
    steps,
  };
}

function jobStep(
  problem: CompiledProblem,
  schedule: RouteSchedule,
  j: number,
  k: number,
  place: Partial<VroomStep>,
): VroomStep {
  const job = problem.input.jobs[j]!;
  const ride = schedule.ride[k]!;
  return {
    type: "job",
    ...(job.description !== undefined ? { description: job.description } : {}),
    ...(job.location ? { location: job.location } : {}),
    location_index: problem.jobLocation[j]!,
    id: job.id,
    setup: 0,
    service: problem.jobService[j]!,
    waiting_time: schedule.serviceStart[k]! - schedule.arrival[k]!,
    job: job.id,
    arrival: schedule.arrival[k]!,
    duration: schedule.travelTime[k]!,
    ...place,
    violations: [],
    ...(job.max_ride === undefined || Number.isNaN(ride) ? {} : { ride }),
  };
}

/** Service, waiting, deliveries and pickups of a route, added up in route order. */
function routeTotals(problem: CompiledProblem, schedule: RouteSchedule, jobs: number[]) {
  const dimensions = problem.dimensions;
  const delivery = new Array<number>(dimensions).fill(0);
  const pickup = new Array<number>(dimensions).fill(0);
  let service = 0;
  let waiting = 0;
  jobs.forEach((j, index) => {
    const k = index + 1;
    service += problem.jobService[j]!;
    waiting += schedule.serviceStart[k]! - schedule.arrival[k]!;
    for (let d = 0; d < dimensions; d++) {
      delivery[d]! += problem.jobDelivery[j * dimensions + d]!;
      pickup[d]! += problem.jobPickup[j * dimensions + d]!;
    }
  });
  return { service, waiting, delivery, pickup };
}

function summarise(
  dimensions: number,
  routes: VroomRoute[],
  unassigned: number,
  hasDistances: boolean,
  computingTimes: { loading: number; solving: number },
): VroomOutput["summary"] {
  const sum = (pick: (route: VroomRoute) => number) =>
    routes.reduce((total, route) => total + pick(route), 0);
  const sumAmounts = (pick: (route: VroomRoute) => number[] | undefined) => {
    const total = new Array<number>(dimensions).fill(0);
    for (const route of routes) {
      for (const [d, value] of (pick(route) ?? []).entries()) total[d]! += value;
    }
    return total;
  };
  return {
    cost: sum((route) => route.cost),
    routes: routes.length,
    unassigned,
    setup: 0,
    service: sum((route) => route.service),
    duration: sum((route) => route.duration),
    waiting_time: sum((route) => route.waiting_time),
    priority: sum((route) => route.priority),
    violations: [],
    ...(dimensions > 0
      ? { delivery: sumAmounts((route) => route.delivery), pickup: sumAmounts((route) => route.pickup) }
      : {}),
    ...(hasDistances ? { distance: sum((route) => route.distance ?? 0) } : {}),
    computing_times: { loading: computingTimes.loading, solving: computingTimes.solving, routing: 0 },
  };
}

/** Travel cost as VROOM reports it: from the costs matrix when given, else per_hour and per_km. */
function travelCost(
  problem: CompiledProblem,
  v: number,
  jobs: number[],
  duration: number,
  distance: number,
): number {
  const vehicle = problem.vehicles[v]!;
  const input = problem.input;
  const profile = input.vehicles[v]!.profile ?? "car";
  if (input.matrices[profile]?.costs) {
    const { costs, size } = vehicle.matrices;
    let total = 0;
    let previous = vehicle.startLocation;
    for (const j of jobs) {
      total += costs[previous * size + problem.jobLocation[j]!]!;
      previous = problem.jobLocation[j]!;
    }
    return total + costs[previous * size + vehicle.endLocation]!;
  }
  const perHour = input.vehicles[v]!.costs?.per_hour ?? 3600;
  const perKm = input.vehicles[v]!.costs?.per_km ?? 0;
  return (duration * perHour) / 3600 + (distance * perKm) / 1000;
}
