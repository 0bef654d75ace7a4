import type { CompiledProblem } from "./compile-problem.js";
import { scheduleRoute } from "./schedule-route.js";
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
  const { input, dimensions } = problem;
  const hasDistances = problem.vehicles.some((vehicle) => vehicle.matrices.distances !== null);
  const zero = () => new Array<number>(dimensions).fill(0);
  const routes: VroomRoute[] = [];
  solution.routes.forEach((jobs, v) => {
    if (jobs.length === 0) return;
    const vehicle = problem.vehicles[v]!;
    const vehicleInput = input.vehicles[v]!;
    const schedule = scheduleRoute(problem, vehicle, jobs);
    if (!schedule.feasible) {
      throw new Error(`Internal error: route of vehicle ${vehicle.id} breaks ${schedule.failure}`);
    }
    const m = jobs.length;
    const steps: VroomStep[] = [];
    const delivery = zero();
    const pickup = zero();
    let service = 0;
    let waiting = 0;
    const loadAt = (k: number) => Array.from(schedule.load.subarray(k * dimensions, (k + 1) * dimensions));
    const place = (k: number): Partial<VroomStep> => {
      const step: Partial<VroomStep> = {};
      if (dimensions > 0) step.load = loadAt(k);
      if (hasDistances) step.distance = schedule.distance[k]!;
      return step;
    };
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
    for (let k = 1; k <= m; k++) {
      const j = jobs[k - 1]!;
      const job = input.jobs[j]!;
      const jobService = problem.jobService[j]!;
      const jobWaiting = schedule.serviceStart[k]! - schedule.arrival[k]!;
      service += jobService;
      waiting += jobWaiting;
      for (let d = 0; d < dimensions; d++) {
        delivery[d]! += problem.jobDelivery[j * dimensions + d]!;
        pickup[d]! += problem.jobPickup[j * dimensions + d]!;
      }
      const ride = schedule.ride[k]!;
      steps.push({
        type: "job",
        ...(job.description !== undefined ? { description: job.description } : {}),
        ...(job.location ? { location: job.location } : {}),
        location_index: problem.jobLocation[j]!,
        id: job.id,
        setup: 0,
        service: jobService,
        waiting_time: jobWaiting,
        job: job.id,
        arrival: schedule.arrival[k]!,
        duration: schedule.travelTime[k]!,
        ...place(k),
        violations: [],
        ...(job.max_ride === undefined || Number.isNaN(ride) ? {} : { ride }),
      });
    }
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
    routes.push({
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
    });
  });

  const unassigned = [...solution.unassigned].map(([j, code]) => {
    const job = input.jobs[j]!;
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

  const sum = (pick: (route: VroomRoute) => number) =>
    routes.reduce((total, route) => total + pick(route), 0);
  const sumAmounts = (pick: (route: VroomRoute) => number[] | undefined) => {
    const total = zero();
    for (const route of routes) {
      for (const [d, value] of (pick(route) ?? []).entries()) total[d]! += value;
    }
    return total;
  };
  return {
    code: 0,
    summary: {
      cost: sum((route) => route.cost),
      routes: routes.length,
      unassigned: unassigned.length,
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
    },
    unassigned,
    routes,
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
