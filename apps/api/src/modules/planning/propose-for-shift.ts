import {
  PLANNING_NO_SEATS_MESSAGE,
  type PlanningProposal,
  type PlanningProposeRequest,
  type PlanParams,
  planFigures,
  rateCost,
  routeNameShift,
  straightKm,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { type BranchOfficeTime, branchOfficeTime } from "../../lib/branch-office-time.js";
import { badRequest } from "../../lib/http-error.js";
import { MAX_STOP_DISTANCE_KM } from "../route-stops/route-stops-service.js";
import type { RoadRouting } from "../routing/road-routing.js";
import { type ClusteredStop, clusterStops, type RiderHome } from "./cluster-stops.js";
import { planParams } from "./load-calibration.js";
import { planVersion } from "./plan-version.js";
import type { PlannerSlot } from "./planner-gate.js";
import { landmarks, routeNamesStartingWith } from "./planning-repository.js";
import { loadScene, type PlanningScene, type SceneDriver, type SceneRider } from "./planning-scene.js";
import {
  type ProposalVehicle,
  planRoutes,
  type RouteNamer,
  routeNamer,
  type Unassigned,
  unassignedRiders,
} from "./read-solution.js";
import { drivenLocations, type RoadTiming, roadLegs, roadTiming, withGeometry } from "./road-timing.js";
import { type SolveOptions, solveInWorker } from "./solve-in-worker.js";
import { vroomProblem } from "./vroom-problem.js";

/** Seats the planner counts for one vehicle at most (what a route may have). */
const MAX_SEATS = 120;
export const NO_LOCATION_REASON = "Sin ubicación";

/**
 * What to plan. Through HTTP every field is given (Planning/propose); called directly (the demo
 * seed, commands) the workplace defaults as in Planning/context, the riders and drivers to those of
 * the shift's current routes there (else every rider of the branch office free on this shift, and
 * every active driver with seats), and the rest to PLANNING_DEFAULTS.
 */
export type ProposeInput = Pick<PlanningProposeRequest, "shiftId"> &
  Partial<Omit<PlanningProposeRequest, "shiftId">>;
export type ProposeOptions = {
  /** The branch offices' clock, for the calibration's peak split (default: the server's zone). */
  time?: BranchOfficeTime;
  /** Aborting stops the planner's thread (the client went away). */
  signal?: AbortSignal;
  /** The planner's place the caller took before the scene was loaded (Planning/propose). */
  slot?: PlannerSlot;
  /** The road network (ROUTING_URL, issue 36); absent: the calibrated model times everything. */
  routing?: RoadRouting;
};

const fullName = (person: { name: string; lastname: string }) => `${person.name} ${person.lastname}`;

/** Riders of the shift's current routes to the workplace, else every rider free on this shift. */
function defaultRiderIds(scene: PlanningScene) {
  const onRoutes = scene.riders.filter((rider) => rider.routeId !== null);
  const free = scene.riders.filter((rider) => rider.otherRouteName === null);
  return (onRoutes.length > 0 ? onRoutes : free).map((rider) => rider.employeeId);
}

/** Drivers of the shift's current routes to the workplace, else every active driver with seats. */
function defaultDriverIds(scene: PlanningScene) {
  const onRoutes = scene.drivers.filter((driver) => driver.routeId !== null);
  const seated = scene.drivers.filter((driver) => (driver.seats ?? 0) > 0);
  return (onRoutes.length > 0 ? onRoutes : seated).map((driver) => driver.driverId);
}

/** The riders asked for: active collaborators of the branch office, not on a route of the shift elsewhere. */
function chosenRiders(scene: PlanningScene, employeeIds: number[]): SceneRider[] {
  const byId = new Map(scene.riders.map((rider) => [rider.employeeId, rider]));
  return employeeIds.map((id, index) => {
    const rider = byId.get(id);
    const field = `employeeIds.${index}`;
    if (!rider) {
      const message = `El colaborador ${id} no es un colaborador activo de la sucursal ${scene.shift.branchOfficeName}`;
      throw badRequest(message, { [field]: message });
    }
    if (rider.otherRouteName) {
      const message = `${fullName(rider)} va en la ruta ${rider.otherRouteName} de este turno a otro destino`;
      throw badRequest(message, { [field]: message });
    }
    return rider;
  });
}

/**
 * The drivers asked for, active; those whose vehicle has no seats are left out, and so are those an
 * expired paper keeps off the road today (`blocked`, with the reason; decision 0078). 400 if none remain.
 */
function chosenVehicles(scene: PlanningScene, driverIds: number[]) {
  const byId = new Map(scene.drivers.map((driver) => [driver.driverId, driver]));
  const chosen = driverIds.map((id, index): SceneDriver => {
    const driver = byId.get(id);
    if (driver) return driver;
    const message = `El chofer ${id} no existe o está inactivo`;
    throw badRequest(message, { [`driverIds.${index}`]: message });
  });
  const blocked = chosen.flatMap((driver) =>
    driver.blockedReason === null
      ? []
      : [{ driverId: driver.driverId, name: fullName(driver), reason: driver.blockedReason }],
  );
  const drivers = chosen.filter((driver) => driver.blockedReason === null);
  const vehicles: ProposalVehicle[] = drivers.flatMap((driver) =>
    driver.seats !== null && driver.seats >= 1
      ? [
          {
            driverId: driver.driverId,
            seats: Math.min(MAX_SEATS, driver.seats),
            // The planner weighs the cost of a trip before its km (a rate per km adds nothing here:
            // the planner already counts the km).
            cost: rateCost(driver.rate, { km: 0, seats: driver.seats }) ?? driver.cost,
            pricing: { seats: driver.seats, rate: driver.rate, cost: driver.cost },
            driverName: fullName(driver),
            supplierName: driver.supplierName,
            vehiclePlate: driver.vehiclePlate,
            routeId: driver.routeId,
            routeName: driver.routeName,
          },
        ]
      : [],
  );
  if (vehicles.length === 0) {
    // Only blocked drivers were chosen: say why rather than «no seats».
    const message = blocked[0] ? `${blocked[0].name}: ${blocked[0].reason}` : PLANNING_NO_SEATS_MESSAGE;
    throw badRequest(message, { driverIds: message });
  }
  return { vehicles, blocked };
}

/** Riders with a home near enough to plan, and those left out with the reason. */
function splitByHome(riders: SceneRider[], params: PlanParams) {
  const homes: RiderHome[] = [];
  const left: Unassigned[] = [];
  for (const rider of riders) {
    if (rider.latitude === null || rider.longitude === null) {
      left.push({ employeeId: rider.employeeId, reasonCode: "no_location", reason: NO_LOCATION_REASON });
      continue;
    }
    const home = {
      employeeId: rider.employeeId,
      address: rider.address,
      latitude: rider.latitude,
      longitude: rider.longitude,
    };
    const km = straightKm(home, params.workplace);
    if (km > MAX_STOP_DISTANCE_KM) {
      const reason = `Su ubicación está a ${Math.round(km)} km del destino (máximo ${MAX_STOP_DISTANCE_KM} km): revise sus coordenadas`;
      left.push({ employeeId: rider.employeeId, reasonCode: "other", reason });
      continue;
    }
    homes.push(home);
  }
  return { homes, left };
}

const seatsFor = (vehicles: ProposalVehicle[]) => vehicles.reduce((sum, vehicle) => sum + vehicle.seats, 0);
const ridersOf = (stops: ClusteredStop[]) => stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0);

/**
 * The planner's routes and unassigned riders for the stops (nothing to solve without stops), and
 * the params they were timed with: with the road matrix, its legs ride along (`params.roads`).
 */
async function solveStops(
  stops: ClusteredStop[],
  vehicles: ProposalVehicle[],
  params: PlanParams,
  names: RouteNamer,
  options: SolveOptions & { timing: RoadTiming },
) {
  if (stops.length === 0) return { routes: [], unassigned: [], seconds: 0, params };
  const { matrix } = options.timing;
  const output = await solveInWorker(vroomProblem(stops, vehicles, params, matrix), options);
  const points = [params.workplace, ...stops];
  const timed = matrix
    ? { ...params, roads: roadLegs(points, matrix, drivenLocations(output, params)) }
    : params;
  return {
    routes: planRoutes(output, stops, vehicles, timed, names),
    unassigned: unassignedRiders(output, stops, seatsFor(vehicles) >= ridersOf(stops)),
    seconds: output.summary.computing_times.solving / 1000,
    params: timed,
  };
}

/**
 * Proposes the routes of one shift to one workplace for the riders and drivers chosen: homes
 * grouped into stops within the walk, the stops planned by @treiber/planner on a worker thread
 * (fewest vehicles, then least km and cost per trip, within the longest ride and the seats), the
 * planned times and figures from the shared travel model, or from the road network with a routing
 * server (issue 36; the model when it fails, said in `travelNote`). Usable without HTTP (seed, commands).
 */
export async function proposeForShift(
  db: Db,
  input: ProposeInput,
  options: ProposeOptions = {},
): Promise<PlanningProposal> {
  const scene = await loadScene(db, { ...input, time: options.time ?? branchOfficeTime() });
  const params = planParams(scene.shift, scene.workplace, scene.calibration, input);
  const riders = chosenRiders(scene, input.employeeIds ?? defaultRiderIds(scene));
  const { vehicles, blocked } = chosenVehicles(scene, input.driverIds ?? defaultDriverIds(scene));
  const version = await planVersion(db, scene.shift, scene.workplace.id);
  const { homes, left } = splitByHome(riders, params);
  const maxSeats = Math.max(...vehicles.map((vehicle) => vehicle.seats));
  const stops = clusterStops(homes, input.walkRadiusMeters ?? 0, maxSeats, await landmarks(db));
  const taken = [
    ...(await routeNamesStartingWith(db, `${routeNameShift(scene.shift.name)} `)),
    ...vehicles.flatMap((v) => v.routeName ?? []),
  ];
  const names = routeNamer(scene.shift.name, taken, `${scene.shift.name} – ${scene.workplace.name}`);
  const timing = await roadTiming(options.routing, [params.workplace, ...stops], options.signal);
  const solved = await solveStops(stops, vehicles, params, names, {
    seconds: input.seconds,
    signal: options.signal,
    slot: options.slot,
    timing,
  });
  const routes =
    options.routing && timing.matrix
      ? await withGeometry(options.routing, solved.routes, solved.params, options.signal)
      : solved.routes;
  const riderById = new Map(riders.map((rider) => [rider.employeeId, rider]));
  const unassigned = [...left, ...solved.unassigned].map((entry) => {
    const rider = riderById.get(entry.employeeId);
    return { ...entry, name: rider?.name ?? "", lastname: rider?.lastname ?? "" };
  });
  return {
    params: solved.params,
    routes,
    figures: planFigures(routes, solved.params),
    unassigned,
    version,
    seconds: solved.seconds,
    nextRouteNumber: names.peek(),
    travelSource: timing.source,
    travelNote: timing.note,
    blockedDrivers: blocked,
  };
}
