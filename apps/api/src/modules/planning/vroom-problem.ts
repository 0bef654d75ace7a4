import { type PlanParams, type PlanPoint, STOP_WINDOW_HOURS, travel } from "@treiber/contract";
import type { VroomInput, VroomJob, VroomVehicle } from "@treiber/planner";
import type { RoadMatrix } from "../routing/road-routing.js";

/** A vehicle the planner may use: one driver, its seats (≥ 1) and its cost per trip. */
export type PlanningVehicle = { driverId: number; seats: number; cost: number };

/**
 * Each vehicle's fixed cost starts here, above any route's metres of travel: fewest vehicles
 * first, then the least km plus the drivers' cost per trip (in cents).
 */
export const VEHICLE_FIXED_COST = 1_000_000_000;

/** Minutes and km of the road matrix's leg from location a to b (undefined without one). */
function roadLeg(roads: RoadMatrix | undefined, a: number, b: number) {
  const seconds = roads?.seconds[a]?.[b];
  const meters = roads?.meters[a]?.[b];
  return seconds === undefined || meters === undefined
    ? undefined
    : { minutes: seconds / 60, km: meters / 1000 };
}

/**
 * Seconds and metres between every two locations: the road network's when given (ROUTING_URL,
 * issue 36), else the shared travel model's.
 */
function matrices(points: readonly PlanPoint[], params: PlanParams, roads?: RoadMatrix) {
  const durations = points.map(() => new Array<number>(points.length).fill(0));
  const distances = points.map(() => new Array<number>(points.length).fill(0));
  points.forEach((from, a) => {
    points.forEach((to, b) => {
      if (a === b) return;
      const leg = roadLeg(roads, a, b) ?? travel(from, to, params);
      // Rounded up: the planner never finds a ride shorter than the schedule will show.
      (durations[a] as number[])[b] = Math.ceil(leg.minutes * 60);
      (distances[a] as number[])[b] = Math.round(leg.km * 1000);
    });
  });
  return { durations, distances };
}

/**
 * The longest ride the planner may allow, in seconds, so that the shared schedule (scheduleStops)
 * shows at most `maxRideMinutes`: inbound it counts the rider's own stop's service, the planner
 * does not; outbound both count from leaving the workplace to reaching the stop.
 */
export function plannerMaxRide(params: PlanParams): number {
  const minutes =
    params.direction === "inbound" ? params.maxRideMinutes - params.serviceMinutes : params.maxRideMinutes;
  return Math.max(0, Math.round(minutes * 60));
}

/**
 * The VROOM problem of one shift to one workplace: location 0 is the workplace, location i + 1 the
 * stop i; a job per stop (its riders as `pickup` inbound, `delivery` outbound); a vehicle per
 * driver that ends at the workplace (inbound) or starts there (outbound), with no other end: the
 * route begins or ends at a stop. Its time window is the STOP_WINDOW_HOURS on the shift's side.
 * `roads`: the road network's matrix over the same locations (workplace first), when there is one.
 */
export function vroomProblem(
  stops: readonly (PlanPoint & { employeeIds: number[] })[],
  vehicles: readonly PlanningVehicle[],
  params: PlanParams,
  roads?: RoadMatrix,
): VroomInput {
  const inbound = params.direction === "inbound";
  const maxRide = plannerMaxRide(params);
  const jobs: VroomJob[] = stops.map((stop, i) => ({
    id: i,
    location_index: i + 1,
    service: Math.round(params.serviceMinutes * 60),
    ...(inbound ? { pickup: [stop.employeeIds.length] } : { delivery: [stop.employeeIds.length] }),
    max_ride: maxRide,
  }));
  const window: [number, number] = [0, STOP_WINDOW_HOURS * 3600];
  const vroomVehicles: VroomVehicle[] = vehicles.map((vehicle, v) => ({
    id: v,
    ...(inbound ? { end_index: 0 } : { start_index: 0 }),
    capacity: [vehicle.seats],
    time_window: window,
    costs: { fixed: VEHICLE_FIXED_COST + Math.round(vehicle.cost * 100), per_hour: 0, per_km: 1000 },
  }));
  const { durations, distances } = matrices([params.workplace, ...stops], params, roads);
  return { jobs, vehicles: vroomVehicles, matrices: { car: { durations, distances } } };
}
