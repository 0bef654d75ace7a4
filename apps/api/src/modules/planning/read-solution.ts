import {
  type PlanningProposal,
  type PlanParams,
  type PlanRoute,
  plannedRouteName,
  plannedRouteNumber,
  planRouteCost,
  type RouteCostDriver,
  scheduleStops,
  sectorOf,
  UNASSIGNED_REASON_CODES,
} from "@treiber/contract";
import type { VroomOutput } from "@treiber/planner";
import type { ClusteredStop } from "./cluster-stops.js";
import type { PlanningVehicle } from "./vroom-problem.js";

/** A vehicle of the proposal with what its route shows and the existing route it would update. */
export type ProposalVehicle = PlanningVehicle & {
  driverName: string;
  supplierName: string | null;
  vehiclePlate: string | null;
  routeId: number | null;
  routeName: string | null;
  /** What prices its route (planRouteCost): its vehicle's seats, its supplier's rate, its own cost. */
  pricing: RouteCostDriver;
};

export type Unassigned = Pick<PlanningProposal["unassigned"][number], "employeeId" | "reasonCode" | "reason">;

type ReasonCode = (typeof UNASSIGNED_REASON_CODES)[number];
const asReasonCode = (code: string): ReasonCode =>
  (UNASSIGNED_REASON_CODES as readonly string[]).includes(code) ? (code as ReasonCode) : "other";

/**
 * «Sin asientos: la flota no alcanza» when the seats were enough: the maximum ride is what ran out.
 * Door to door that is the stops' own minutes, each added to every rider already on board (issue
 * 33's first day: 11–18 riders a bus whatever its seats), so grouping homes is offered too.
 */
export const FLEET_SHORT_IN_TIME_REASON =
  "Los vehículos elegidos no alcanzan dentro del viaje máximo: agregue un chofer, aumente el viaje máximo o agrupe las casas en paradas con una caminata (cada parada suma su tiempo al viaje de quienes ya van a bordo)";

/**
 * The planner's unassigned stops as their riders, each with the planner's Spanish reason; a full
 * fleet (`fleet_full`) whose seats would hold every rider is told apart (`seatsEnough`).
 */
export function unassignedRiders(
  output: VroomOutput,
  stops: readonly ClusteredStop[],
  seatsEnough = false,
): Unassigned[] {
  return output.unassigned.flatMap((job) =>
    (stops[job.id]?.employeeIds ?? []).map((employeeId) => ({
      employeeId,
      reasonCode: asReasonCode(job.reason_code),
      reason: job.reason_code === "fleet_full" && seatsEnough ? FLEET_SHORT_IN_TIME_REASON : job.reason,
    })),
  );
}

/**
 * The planner's routes as the plan's routes: the stops in the planner's order, their planned times
 * from the shared schedule (not the planner's own, so the page shows the same), the existing route
 * of the driver on this shift and workplace reused (once, its name kept unless it is of the old
 * generated form), else a new one named by `names`; each priced by its driver's supplier rate.
 */
export function planRoutes(
  output: VroomOutput,
  stops: readonly ClusteredStop[],
  vehicles: readonly ProposalVehicle[],
  params: PlanParams,
  names: RouteNamer,
): PlanRoute[] {
  const reused = new Set<number>();
  return output.routes.flatMap((route) => {
    const vehicle = vehicles[route.vehicle];
    if (!vehicle) return [];
    const ordered = route.steps.flatMap((step) => {
      const stop = step.type === "job" && step.id !== undefined ? stops[step.id] : undefined;
      return stop ? [stop] : [];
    });
    if (ordered.length === 0) return [];
    const schedule = scheduleStops(ordered, params);
    const reuse = vehicle.routeId !== null && !reused.has(vehicle.routeId);
    if (reuse && vehicle.routeId !== null) reused.add(vehicle.routeId);
    const kept = reuse && vehicle.routeName && names.keeps(vehicle.routeName) ? vehicle.routeName : null;
    const planned: PlanRoute = {
      key: `route-${vehicle.driverId}`,
      routeId: reuse ? vehicle.routeId : null,
      name: kept ?? names.next(ordered),
      driverId: vehicle.driverId,
      driverName: vehicle.driverName,
      supplierName: vehicle.supplierName,
      vehiclePlate: vehicle.vehiclePlate,
      seats: vehicle.seats,
      cost: 0,
      stops: ordered.map((stop, i) => ({
        key: stop.key,
        name: stop.name,
        address: stop.address,
        latitude: stop.latitude,
        longitude: stop.longitude,
        plannedTime: schedule.stops[i]?.plannedTime ?? params.shiftTime,
        employeeIds: stop.employeeIds,
      })),
    };
    return [{ ...planned, cost: planRouteCost(planned, vehicle.pricing, params) }];
  });
}

/** Names of the plan's new routes, and which existing names stay. */
export type RouteNamer = {
  /** An existing route's name stays unless it is of the old «<Turno> – <Destino> N» form. */
  keeps: (name: string) => boolean;
  /** «<Turno> <n> · <zona>» for a new route with these stops (in order). */
  next: (stops: readonly Pick<ClusteredStop, "name" | "address">[]) => string;
  /** The number the next new route would take. */
  peek: () => number;
};

const fold = (text: string) => text.toLocaleLowerCase("es");

/**
 * The zone of a route: the neighbourhood most of its stops are in (the first of them on a tie),
 * else its first stop's name («Parada N» says nothing: no zone).
 */
export function routeZone(stops: readonly Pick<ClusteredStop, "name" | "address">[]): string | null {
  const counts = new Map<string, { name: string; count: number; first: number }>();
  stops.forEach((stop, index) => {
    const sector = sectorOf(stop.address);
    if (!sector) return;
    const entry = counts.get(fold(sector)) ?? { name: sector, count: 0, first: index };
    entry.count += 1;
    counts.set(fold(sector), entry);
  });
  const best = [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first)[0];
  if (best) return best.name;
  const first = stops[0]?.name.replace(/\s\(\d+\)$/u, "").trim();
  return first && !/^parada \d+$/iu.test(first) ? first : null;
}

/**
 * Names for new routes (issue 33): «<Turno> <n> · <zona>», short enough for the list's column and
 * told apart by the number, which always shows (the shift's part is cut to a few words). `n`
 * counts up from 1 past every number a route of that shift's name already has (route names are
 * unique, case-insensitive, across the whole database). `legacyPrefix` is the old form
 * «<Turno> – <Destino>»: a reused route named «<legacyPrefix> N» gets a new name.
 */
export function routeNamer(shiftName: string, taken: Iterable<string>, legacyPrefix: string): RouteNamer {
  const used = new Set<number>();
  for (const name of taken) {
    const number = plannedRouteNumber(name, shiftName);
    if (number !== null) used.add(number);
  }
  const legacy = `${fold(legacyPrefix.slice(0, 110))} `;
  let n = 1;
  const free = () => {
    while (used.has(n)) n++;
    return n;
  };
  return {
    keeps: (name) => {
      const lower = fold(name);
      return !(lower.startsWith(legacy) && /^\d+$/.test(lower.slice(legacy.length)));
    },
    next: (stops) => {
      const number = free();
      used.add(number);
      return plannedRouteName(shiftName, number, routeZone(stops));
    },
    peek: free,
  };
}
