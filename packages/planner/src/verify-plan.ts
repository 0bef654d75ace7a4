import type { VroomInput, VroomJob, VroomVehicle } from "./vroom-input-schema.js";
import type { VroomOutput, VroomRoute, VroomStep } from "./vroom-output.js";

type Say = (text: string) => void;

/**
 * Checks a plan against its problem on its own, from the output's figures only (not the planner's
 * caches): every job served once or reported unassigned, the vehicles and skills, seats (loads) at every
 * step, time windows, vehicle hours, travel time and distance limits, max_tasks and max_ride. Returns the
 * broken rules, empty when the plan is valid.
 */
export function verifyPlan(input: VroomInput, output: VroomOutput): string[] {
  const problems: string[] = [];
  const jobs = new Map(input.jobs.map((job) => [job.id, job]));
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
    const say = (text: string) => problems.push(`vehicle ${vehicle.id}: ${text}`);
    new RouteCheck(input, vehicle, jobs, say, count).run(route);
  }
  for (const job of input.jobs) {
    const times = seen.get(job.id) ?? 0;
    if (times !== 1) problems.push(`job ${job.id} appears ${times} times`);
  }
  if (output.summary.routes !== output.routes.length) problems.push("summary.routes disagrees");
  if (output.summary.unassigned !== output.unassigned.length) problems.push("summary.unassigned disagrees");
  return problems;
}

/** One route walked step by step, saying what it breaks. */
class RouteCheck {
  private previousLocation: number | undefined;
  private departure = Number.NaN;
  private routeDeparture = Number.NaN;
  private travelTime = 0;
  private distance = 0;
  private load: number[] = [];
  private readonly boardings: { job: VroomJob; departure: number }[] = [];
  private readonly windowStart: number;
  private readonly windowEnd: number;
  private readonly capacity: number[];

  constructor(
    private readonly input: VroomInput,
    private readonly vehicle: VroomVehicle,
    private readonly jobs: Map<number, VroomJob>,
    private readonly say: Say,
    private readonly count: (id: number) => void,
  ) {
    this.previousLocation = vehicle.start_index;
    [this.windowStart, this.windowEnd] = vehicle.time_window ?? [0, Number.POSITIVE_INFINITY];
    this.capacity = vehicle.capacity ?? [];
  }

  run(route: VroomRoute): void {
    const { vehicle, say } = this;
    const jobSteps = this.checkShape(route.steps);
    this.load = new Array<number>(this.capacity.length).fill(0);
    for (const step of jobSteps) {
      const job = this.jobOf(step.id);
      for (const [d, value] of (job?.delivery ?? job?.amount ?? []).entries()) this.load[d]! += value;
    }
    this.checkLoad("start");
    for (const step of route.steps) this.walk(step);
    if (vehicle.end_index === undefined) this.checkRides(this.departure);
    if (route.duration !== this.travelTime)
      say(`duration ${route.duration}, travel adds up to ${this.travelTime}`);
    if (vehicle.max_travel_time !== undefined && this.travelTime > vehicle.max_travel_time)
      say("over max_travel_time");
    if (vehicle.max_distance !== undefined && this.distance > vehicle.max_distance) say("over max_distance");
  }

  private jobOf(id: number | undefined): VroomJob | undefined {
    return id === undefined ? undefined : this.jobs.get(id);
  }

  /** Not empty, max_tasks, and the steps in order start, jobs, end. Returns the job steps. */
  private checkShape(steps: VroomStep[]): VroomStep[] {
    const { vehicle, say } = this;
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
    return jobSteps;
  }

  private checkLoad(where: string): void {
    for (let d = 0; d < this.capacity.length; d++) {
      if (this.load[d]! > this.capacity[d]!) this.say(`load over capacity at ${where}`);
    }
  }

  /** Riders who boarded: their ride to `end` against max_ride. */
  private checkRides(end: number): void {
    for (const { job, departure: left } of this.boardings) {
      if (job.max_ride !== undefined && end - left > job.max_ride)
        this.say(`job ${job.id} rides ${end - left} s`);
    }
  }

  private matrixValue(which: "durations" | "distances", from: number | undefined, to: number | undefined) {
    const matrices = this.input.matrices[this.vehicle.profile ?? "car"]!;
    const matrix = matrices[which];
    return from === undefined || to === undefined || !matrix ? 0 : (matrix[from]![to] as number);
  }

  private walk(step: VroomStep): void {
    const { vehicle, say } = this;
    if (step.type === "start") {
      if (step.arrival < this.windowStart) say("leaves before its time window");
      this.departure = step.arrival;
      this.routeDeparture = this.departure;
      return;
    }
    const location =
      step.type === "job" ? (this.jobOf(step.id)?.location_index ?? undefined) : vehicle.end_index;
    if (Number.isNaN(this.departure)) {
      this.departure = step.arrival;
      this.routeDeparture = this.departure;
      this.previousLocation = location;
    }
    const travel = this.matrixValue("durations", this.previousLocation, location);
    const arrival = this.departure + travel;
    if (arrival !== step.arrival)
      say(`arrival ${step.arrival} at ${step.type} ${step.id ?? ""} should be ${arrival}`);
    this.travelTime += travel;
    this.distance += this.matrixValue("distances", this.previousLocation, location);
    const start = arrival + step.waiting_time;
    if (step.waiting_time < 0) say("negative waiting");
    if (step.type === "end") {
      if (start > this.windowEnd) say("ends after its time window");
      if (vehicle.start_index === undefined && Number.isNaN(this.routeDeparture)) this.routeDeparture = start;
      this.checkRides(start);
      return;
    }
    const job = this.jobOf(step.id);
    if (!job) {
      say(`unknown job ${step.id}`);
      return;
    }
    this.count(job.id);
    this.checkJob(job, step, arrival, start);
    this.previousLocation = location;
  }

  private checkJob(job: VroomJob, step: VroomStep, arrival: number, start: number): void {
    const { vehicle, say } = this;
    if (job.skills?.some((skill) => !(vehicle.skills ?? []).includes(skill)))
      say(`lacks skills for job ${job.id}`);
    const windows = job.time_windows ?? [[0, Number.POSITIVE_INFINITY]];
    if (!windows.some(([open, close]) => start >= open && start <= close))
      say(`job ${job.id} outside its windows`);
    if (start > this.windowEnd) say(`job ${job.id} after the vehicle's hours`);
    if (step.service !== (job.service ?? 0)) say(`job ${job.id} service ${step.service}`);
    const delivery = job.delivery ?? job.amount ?? [];
    const pickup = job.pickup ?? [];
    for (let d = 0; d < this.capacity.length; d++) this.load[d]! += (pickup[d] ?? 0) - (delivery[d] ?? 0);
    this.checkLoad(`job ${job.id}`);
    this.departure = start + (job.service ?? 0);
    const picksUp = pickup.some((value) => value > 0);
    const delivers = delivery.some((value) => value > 0);
    if (delivers && job.max_ride !== undefined && arrival - this.routeDeparture > job.max_ride) {
      say(`job ${job.id} rides ${arrival - this.routeDeparture} s from the start`);
    }
    if (picksUp || !delivers) this.boardings.push({ job, departure: this.departure });
  }
}
