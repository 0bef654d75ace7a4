import type { VroomInput, VroomJob } from "./vroom-input-schema.js";
import type { VroomOutput } from "./vroom-output.js";

/**
 * Checks a plan against its problem on its own, from the output's figures only (not the planner's
 * caches): every job served once or reported unassigned, the vehicles and skills, seats (loads) at every
 * step, time windows, vehicle hours, travel time and distance limits, max_tasks and max_ride. Returns the
 * broken rules, empty when the plan is valid.
 */
export function verifyPlan(input: VroomInput, output: VroomOutput): string[] {
  const problems: string[] = [];
  const jobs = new Map(input.jobs.map((job) => [job.id, job]));
  const jobOf = (id: number | undefined) => (id === undefined ? undefined : jobs.get(id));
  const vehicles = new Map(input.vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const seen = new Map<number, number>();
  const count = (id: number) => seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const task of output.unassigned) count(task.id);
  const usedVehicles = new Set<number>();
  for (const route of output.routes) {
    const vehicle = vehicles.get(route.vehicle);
    if (!vehicle || usedVehicles.has(route.vehicle)) {
      problems.push(`route of unknown or repeated vehicle ${route.vehicle}`);
      continue;
    }
    usedVehicles.add(route.vehicle);
    const matrices = input.matrices[vehicle.profile ?? "car"]!;
    const travel = (from: number | undefined, to: number | undefined) =>
      from === undefined || to === undefined ? 0 : (matrices.durations[from]![to] as number);
    const length = (from: number | undefined, to: number | undefined) =>
      from === undefined || to === undefined || !matrices.distances
        ? 0
        : (matrices.distances[from]![to] as number);
    const say = (text: string) => problems.push(`vehicle ${vehicle.id}: ${text}`);
    const steps = route.steps;
    const jobSteps = steps.filter((step) => step.type === "job");
    if (jobSteps.length === 0) say("empty route");
    if (vehicle.max_tasks !== undefined && jobSteps.length > vehicle.max_tasks)
      say("more tasks than max_tasks");
    const expectedTypes = [
      ...(vehicle.start_index !== undefined ? ["start"] : []),
      ...jobSteps.map(() => "job"),
      ...(vehicle.end_index !== undefined ? ["end"] : []),
    ];
    if (steps.map((step) => step.type).join() !== expectedTypes.join()) say("steps are not start, jobs, end");
    const [windowStart, windowEnd] = vehicle.time_window ?? [0, Number.POSITIVE_INFINITY];
    const capacity = vehicle.capacity ?? [];
    const dimensions = capacity.length;
    const load = new Array<number>(dimensions).fill(0);
    for (const step of jobSteps) {
      const job = jobOf(step.id);
      for (const [d, value] of (job?.delivery ?? job?.amount ?? []).entries()) load[d]! += value;
    }
    const checkLoad = (where: string) => {
      for (let d = 0; d < dimensions; d++) if (load[d]! > capacity[d]!) say(`load over capacity at ${where}`);
    };
    checkLoad("start");
    let previousLocation = vehicle.start_index;
    let departure = Number.NaN;
    let travelTime = 0;
    let distance = 0;
    const boardings: { job: VroomJob; departure: number }[] = [];
    let routeDeparture = Number.NaN;
    for (const step of steps) {
      if (step.type === "start") {
        if (step.arrival < windowStart) say("leaves before its time window");
        departure = step.arrival;
        routeDeparture = departure;
        continue;
      }
      const location =
        step.type === "job" ? (jobOf(step.id)?.location_index ?? undefined) : vehicle.end_index;
      if (Number.isNaN(departure)) {
        departure = step.arrival;
        routeDeparture = departure;
        previousLocation = location;
      }
      const arrival = departure + travel(previousLocation, location);
      if (arrival !== step.arrival)
        say(`arrival ${step.arrival} at ${step.type} ${step.id ?? ""} should be ${arrival}`);
      travelTime += travel(previousLocation, location);
      distance += length(previousLocation, location);
      const start = arrival + step.waiting_time;
      if (step.waiting_time < 0) say("negative waiting");
      if (step.type === "end") {
        if (start > windowEnd) say("ends after its time window");
        if (vehicle.start_index === undefined && Number.isNaN(routeDeparture)) routeDeparture = start;
        for (const { job, departure: left } of boardings) {
          if (job.max_ride !== undefined && start - left > job.max_ride)
            say(`job ${job.id} rides ${start - left} s`);
        }
        continue;
      }
      const job = jobOf(step.id);
      if (!job) {
        say(`unknown job ${step.id}`);
        continue;
      }
      count(job.id);
      if (job.skills?.some((skill) => !(vehicle.skills ?? []).includes(skill)))
        say(`lacks skills for job ${job.id}`);
      const windows = job.time_windows ?? [[0, Number.POSITIVE_INFINITY]];
      if (!windows.some(([open, close]) => start >= open && start <= close))
        say(`job ${job.id} outside its windows`);
      if (start > windowEnd) say(`job ${job.id} after the vehicle's hours`);
      if (step.service !== (job.service ?? 0)) say(`job ${job.id} service ${step.service}`);
      const delivery = job.delivery ?? job.amount ?? [];
      const pickup = job.pickup ?? [];
      for (let d = 0; d < dimensions; d++) load[d]! += (pickup[d] ?? 0) - (delivery[d] ?? 0);
      checkLoad(`job ${job.id}`);
      departure = start + (job.service ?? 0);
      const picksUp = pickup.some((value) => value > 0);
      const delivers = delivery.some((value) => value > 0);
      if (delivers && job.max_ride !== undefined && arrival - routeDeparture > job.max_ride) {
        say(`job ${job.id} rides ${arrival - routeDeparture} s from the start`);
      }
      if (picksUp || !delivers) boardings.push({ job, departure });
      previousLocation = location;
    }
    if (vehicle.end_index === undefined) {
      for (const { job, departure: left } of boardings) {
        if (job.max_ride !== undefined && departure - left > job.max_ride)
          say(`job ${job.id} rides ${departure - left} s`);
      }
    }
    if (route.duration !== travelTime) say(`duration ${route.duration}, travel adds up to ${travelTime}`);
    if (vehicle.max_travel_time !== undefined && travelTime > vehicle.max_travel_time)
      say("over max_travel_time");
    if (vehicle.max_distance !== undefined && distance > vehicle.max_distance) say("over max_distance");
  }
  for (const job of input.jobs) {
    const times = seen.get(job.id) ?? 0;
    if (times !== 1) problems.push(`job ${job.id} appears ${times} times`);
  }
  if (output.summary.routes !== output.routes.length) problems.push("summary.routes disagrees");
  if (output.summary.unassigned !== output.unassigned.length) problems.push("summary.unassigned disagrees");
  return problems;
}
