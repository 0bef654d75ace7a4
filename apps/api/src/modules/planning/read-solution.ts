import {
  type PlanningProposal,
  type PlanParams,
  type PlanRoute,
  scheduleStops,
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
};

export type Unassigned = Pick<PlanningProposal["unassigned"][number], "employeeId" | "reasonCode" | "reason">;

type ReasonCode = (typeof UNASSIGNED_REASON_CODES)[number];
const asReasonCode = (code: string): ReasonCode =>
  (UNASSIGNED_REASON_CODES as readonly string[]).includes(code) ? (code as ReasonCode) : "other";

/** «Sin asientos: la flota no alcanza» when the seats were enough: the maximum ride is what ran out. */
export const FLEET_SHORT_IN_TIME_REASON =
  "Los vehículos elegidos no alcanzan dentro del viaje máximo: agregue un chofer o aumente el viaje máximo";

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
 * of the driver on this shift and workplace reused (once), else a new one named by `newName`.
 */
export function planRoutes(
  output: VroomOutput,
  stops: readonly ClusteredStop[],
  vehicles: readonly ProposalVehicle[],
  params: PlanParams,
  newName: () => string,
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
    return [
      {
        key: `route-${vehicle.driverId}`,
        routeId: reuse ? vehicle.routeId : null,
        name: reuse && vehicle.routeName ? vehicle.routeName : newName(),
        driverId: vehicle.driverId,
        driverName: vehicle.driverName,
        supplierName: vehicle.supplierName,
        vehiclePlate: vehicle.vehiclePlate,
        seats: vehicle.seats,
        cost: vehicle.cost,
        stops: ordered.map((stop, i) => ({
          key: stop.key,
          name: stop.name,
          address: stop.address,
          latitude: stop.latitude,
          longitude: stop.longitude,
          plannedTime: schedule.stops[i]?.plannedTime ?? params.shiftTime,
          employeeIds: stop.employeeIds,
        })),
      },
    ];
  });
}

/**
 * Names for new routes, «<Turno> – <Destino> N», N counting up from `start` past the names already
 * taken (case-insensitive: route names are unique that way).
 */
export function routeNamer(prefix: string, taken: Iterable<string>, start = 1): () => string {
  const used = new Set([...taken].map((name) => name.toLocaleLowerCase("es")));
  let n = start;
  const base = prefix.slice(0, 110);
  return () => {
    while (used.has(`${base} ${n}`.toLocaleLowerCase("es"))) n++;
    const name = `${base} ${n}`;
    used.add(name.toLocaleLowerCase("es"));
    return name;
  };
}
