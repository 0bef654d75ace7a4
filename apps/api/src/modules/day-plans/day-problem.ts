import {
  NO_RATE,
  type PlanParams,
  type PlanRoute,
  planRouteCost,
  rateCost,
  scheduleStops,
} from "@treiber/contract";
import type { ClusteredStop } from "../planning/cluster-stops.js";
import {
  type ProposalVehicle,
  planRoutes,
  type RouteNamer,
  type Unassigned,
  unassignedRiders,
} from "../planning/read-solution.js";
import type { RoadTiming } from "../planning/road-timing.js";
import { type SolveOptions, solveInWorker } from "../planning/solve-in-worker.js";
import { vroomProblem } from "../planning/vroom-problem.js";
import { dayRoadParams } from "./day-roads.js";
import type { DayRider, StandingRoute } from "./day-scene.js";

/** Seats the planner counts for one vehicle at most (as Planning/propose). */
const MAX_SEATS = 120;
/** The riders with a seat go first: the planner seats a waitlisted rider only where room is left. */
const CONFIRMED_PRIORITY = 100;
export const NO_STOP_REASON = "Sin parada en su ruta: asígnele una parada para planificar el día";

/** A place the day's buses stop at: the riders of one status there (confirmed, or waiting). */
export type DayJob = ClusteredStop & { waitlisted: boolean };

/** Where a stop is, to a few decimetres: riders at the same spot share a job. */
export const spotKey = (point: { latitude: number; longitude: number }) =>
  `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`;

/** One job per distinct stop location and status; riders without a stop are left out (with the reason). */
export function dayJobs(riders: readonly DayRider[]) {
  const jobs = new Map<string, DayJob>();
  const noStop: Unassigned[] = [];
  for (const rider of riders) {
    const { stop } = rider;
    if (!stop) {
      noStop.push({ employeeId: rider.employeeId, reasonCode: "other", reason: NO_STOP_REASON });
      continue;
    }
    const waitlisted = rider.status === "WAITLISTED";
    const key = `${waitlisted ? "w" : "c"}:${spotKey(stop)}`;
    const job = jobs.get(key) ?? {
      key: spotKey(stop),
      name: stop.name,
      address: stop.address,
      latitude: stop.latitude,
      longitude: stop.longitude,
      employeeIds: [],
      waitlisted,
    };
    job.employeeIds.push(rider.employeeId);
    jobs.set(key, job);
  }
  return { jobs: [...jobs.values()], noStop };
}

/** The seats a standing route's bus has: its own, else its vehicle's (at most MAX_SEATS). */
export const routeSeats = (route: StandingRoute) =>
  Math.min(MAX_SEATS, route.seatsUsed ?? route.driver?.seats ?? MAX_SEATS);

/** One vehicle per standing route that runs the date: its driver, seats and price. */
export function dayVehicles(routes: readonly StandingRoute[]): ProposalVehicle[] {
  return routes.map((route) => {
    const seats = routeSeats(route);
    const rate = route.driver?.rate ?? NO_RATE;
    const own = Number(route.cost);
    return {
      driverId: route.driver?.driverId ?? 0,
      seats,
      cost: rateCost(rate, { km: 0, seats }) ?? own,
      pricing: { seats, rate, cost: own },
      driverName: route.driver ? `${route.driver.name} ${route.driver.lastname}` : "",
      supplierName: route.driver?.supplierName ?? null,
      vehiclePlate: route.driver?.vehiclePlate ?? null,
      routeId: route.id,
      routeName: route.name,
    };
  });
}

/** Every vehicle is a standing route: its name stays, no new route is named. */
const KEEP_NAMES: RouteNamer = { keeps: () => true, next: () => "", peek: () => 0 };

/**
 * The route with its stops at one spot made one stop, its times and price from the travel model
 * (or from the road legs `params` carries).
 */
export function mergedRoute(
  route: PlanRoute,
  vehicle: ProposalVehicle | undefined,
  params: PlanParams,
): PlanRoute {
  const stops: PlanRoute["stops"] = [];
  for (const stop of route.stops) {
    const same = stops.find((kept) => spotKey(kept) === spotKey(stop));
    if (same) same.employeeIds = [...same.employeeIds, ...stop.employeeIds];
    else stops.push({ ...stop, key: spotKey(stop), employeeIds: [...stop.employeeIds] });
  }
  const schedule = scheduleStops(stops, params);
  const timed = stops.map((stop, i) => ({
    ...stop,
    plannedTime: schedule.stops[i]?.plannedTime ?? params.shiftTime,
  }));
  return {
    ...route,
    key: `route-${route.routeId}`,
    stops: timed,
    cost: planRouteCost({ stops: timed }, vehicle?.pricing, params),
  };
}

/** The day's search: the planner's time and thread, and the roads (or the model) it is timed with. */
export type DaySolveOptions = SolveOptions & {
  timing: RoadTiming;
  /** The standing routes as they run the date: their legs are timed on the same roads. */
  standing: readonly PlanRoute[];
};

/**
 * The day's routes from the planner (fewest vehicles, then km; the riders with a seat before the
 * waitlisted), each a standing route with that date's stops; the riders it could not seat; and
 * the params they were timed with: with the road matrix (ROUTING_URL), its legs ride along
 * (`params.roads`), those of the standing routes too.
 */
export async function solveDay(
  jobs: DayJob[],
  vehicles: ProposalVehicle[],
  params: PlanParams,
  options: DaySolveOptions,
): Promise<{ routes: PlanRoute[]; unassigned: Unassigned[]; seconds: number; params: PlanParams }> {
  const points = [params.workplace, ...jobs];
  if (jobs.length === 0 || vehicles.length === 0) {
    const unassigned = jobs.flatMap((job) =>
      job.employeeIds.map((employeeId) => ({
        employeeId,
        reasonCode: "fleet_full" as const,
        reason: "Sin rutas",
      })),
    );
    const timed = dayRoadParams(params, options.timing, points, options.standing);
    return { routes: [], unassigned, seconds: 0, params: timed };
  }
  const problem = vroomProblem(jobs, vehicles, params, options.timing.matrix);
  problem.jobs = problem.jobs.map((job, i) =>
    jobs[i]?.waitlisted ? job : { ...job, priority: CONFIRMED_PRIORITY },
  );
  const output = await solveInWorker(problem, options);
  const byRoute = new Map(vehicles.map((vehicle) => [vehicle.routeId, vehicle]));
  const merged = planRoutes(output, jobs, vehicles, params, KEEP_NAMES).map((route) =>
    mergedRoute(route, byRoute.get(route.routeId), params),
  );
  const timed = dayRoadParams(params, options.timing, points, [...merged, ...options.standing]);
  const routes =
    timed === params ? merged : merged.map((route) => mergedRoute(route, byRoute.get(route.routeId), timed));
  return {
    routes,
    unassigned: unassignedRiders(output, jobs),
    seconds: output.summary.computing_times.solving / 1000,
    params: timed,
  };
}
