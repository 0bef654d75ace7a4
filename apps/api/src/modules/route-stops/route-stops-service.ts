import {
  type RouteStops,
  type RouteStopsSaveRequest,
  STOPS_CHANGED_MESSAGE,
  safeStopAddress,
  safeStopName,
  stopTimesProblem,
} from "@treiber/contract";
import { greatCircleKm } from "@treiber/contract/geo";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { isForeignKeyViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error.js";
import {
  findRoutePlan,
  isDriverOfRoute,
  membersOfRoute,
  type RoutePlan,
  replaceStops,
  ridersOfRoute,
  stopsOfRoute,
} from "./route-stops-repository.js";

export const ROUTE_NOT_FOUND = "Ruta no encontrada";
export const NOT_YOUR_ROUTE = "No tiene permiso para ver esta ruta";
/** How far (straight line) a stop may lie from the route's destination, the workplace. */
export const MAX_STOP_DISTANCE_KM = 200;
const RIDER_LEFT_MESSAGE =
  "Un colaborador dejó la ruta mientras se guardaban las paradas; vuelva a cargarlas e intente de nuevo";

/** The seats that count: the route's own, else the smallest vehicle among its drivers. */
export function seatsOf(plan: Pick<RoutePlan, "seats" | "vehicleSeats">) {
  if (plan.seats !== null) return { seats: plan.seats, seatsSource: "route" as const };
  if (plan.vehicleSeats !== null) return { seats: plan.vehicleSeats, seatsSource: "vehicle" as const };
  return { seats: null, seatsSource: null };
}

/**
 * The first reason the stops (request order) do not fit the route, as a 400 with the field, or
 * undefined: coordinates too far from the workplace, planned times out of order or on the wrong
 * side of the shift, riders not on the route, more riders than seats.
 */
function stopsProblem(plan: RoutePlan, stops: RouteStopsSaveRequest["stops"], members: Set<number>) {
  const field = (index: number, name: string) => `stops.${index}.${name}`;
  for (const [index, stop] of stops.entries()) {
    const notMember = stop.employeeIds.findIndex((id) => !members.has(id));
    if (notMember >= 0) {
      const message = `El colaborador ${stop.employeeIds[notMember]} no está asignado a la ruta`;
      return badRequest(message, { [field(index, `employeeIds.${notMember}`)]: message });
    }
  }
  if (plan.destinationLatitude !== null && plan.destinationLongitude !== null) {
    const workplace = { latitude: plan.destinationLatitude, longitude: plan.destinationLongitude };
    for (const [index, stop] of stops.entries()) {
      const km = greatCircleKm(workplace, stop);
      if (km > MAX_STOP_DISTANCE_KM) {
        const message = `La parada ${stop.position} está a ${Math.round(km)} km del destino de la ruta (máximo ${MAX_STOP_DISTANCE_KM} km): revise sus coordenadas`;
        return badRequest(message, { [field(index, "latitude")]: message });
      }
    }
  }
  const inOrder = [...stops.keys()].sort((a, b) => (stops[a]?.position ?? 0) - (stops[b]?.position ?? 0));
  const shift =
    plan.direction !== null && plan.shiftTime !== null
      ? { direction: plan.direction, time: plan.shiftTime }
      : null;
  const problem = stopTimesProblem(
    inOrder.map((index) => stops[index]?.plannedTime ?? ""),
    shift,
  );
  if (problem) {
    return badRequest(problem.message, {
      [field(inOrder[problem.index] ?? 0, "plannedTime")]: problem.message,
    });
  }
  const { seats } = seatsOf(plan);
  const riders = stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0);
  if (seats !== null && riders > seats) {
    const message = `La ruta tiene ${seats} asientos y ${riders} colaboradores en sus paradas`;
    return badRequest(message, { stops: message });
  }
  return undefined;
}

export type RouteStopsService = ReturnType<typeof createRouteStopsService>;

export function createRouteStopsService(db: Db) {
  async function read(routeId: number): Promise<RouteStops> {
    const plan = await findRoutePlan(db, routeId);
    if (!plan) throw notFound(ROUTE_NOT_FOUND);
    const [stops, riders] = await Promise.all([stopsOfRoute(db, routeId), ridersOfRoute(db, routeId)]);
    const riderById = new Map(riders.map((rider) => [rider.employeeId, rider]));
    const onAStop = new Set(stops.flatMap((stop) => stop.employeeIds));
    return {
      routeId: plan.id,
      routeName: plan.name,
      version: plan.updatedAt.toISOString(),
      shiftId: plan.shiftId,
      shiftName: plan.shiftName,
      shiftTime: plan.shiftTime,
      direction: plan.direction,
      ...seatsOf(plan),
      stops: stops.map(({ employeeIds, ...stop }) => ({
        ...stop,
        riders: employeeIds
          .flatMap((id) => riderById.get(id) ?? [])
          .sort((a, b) => `${a.name} ${a.lastname}`.localeCompare(`${b.name} ${b.lastname}`, "es")),
      })),
      ridersWithoutStop: riders.filter((rider) => !onAStop.has(rider.employeeId)),
    };
  }

  return {
    /** Admins read any route's stops; a driver only those of a route it is assigned to. */
    async get(user: AuthUser, routeId: number) {
      if (user.role === "Driver") {
        if (!(await findRoutePlan(db, routeId))) throw notFound(ROUTE_NOT_FOUND);
        if (!(await isDriverOfRoute(db, user.id, routeId))) throw forbidden(NOT_YOUR_ROUTE);
        // A driver sees the stops as the riders do: never a rider's home (issue 33).
        const route = await read(routeId);
        return {
          ...route,
          stops: route.stops.map((stop) => ({
            ...stop,
            name: safeStopName(stop.name, stop.position),
            address: safeStopAddress(stop.address),
          })),
        };
      }
      return read(routeId);
    },

    /** Replaces the route's stops in one transaction (the route row locked): all or nothing. */
    async save(input: RouteStopsSaveRequest) {
      try {
        await db.transaction(async (tx) => {
          const plan = await findRoutePlan(tx, input.routeId, { lock: true });
          if (!plan) throw notFound(ROUTE_NOT_FOUND);
          if (input.version !== undefined && input.version !== plan.updatedAt.toISOString()) {
            throw conflict(STOPS_CHANGED_MESSAGE);
          }
          const members = await membersOfRoute(
            tx,
            input.routeId,
            input.stops.flatMap((stop) => stop.employeeIds),
          );
          const problem = stopsProblem(plan, input.stops, members);
          if (problem) throw problem;
          // Strictly later than the version read, even within the same millisecond.
          const version = new Date(Math.max(Date.now(), plan.updatedAt.getTime() + 1));
          await replaceStops(tx, input.routeId, input.stops, version);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict(RIDER_LEFT_MESSAGE);
        throw error;
      }
      return read(input.routeId);
    },
  };
}
