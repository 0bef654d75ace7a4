import {
  INACTIVE_ASSIGNMENT_MESSAGE,
  ROUTE_NAME_DUPLICATE_MESSAGE,
  type RouteCreateRequest,
  type RouteListItem,
  type RouteListQuery,
  type RouteUpdateRequest,
  SHIFT_NOT_FOUND_MESSAGE,
  stopTimesProblem,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { isForeignKeyViolation, uniqueViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, type HttpError, notFound } from "../../lib/http-error.js";
import { listFilters } from "../../lib/list-filters.js";
import {
  activeRouteNames,
  daysOfRoutes,
  destinationExists,
  findShift,
  hhmm,
  insertRoute,
  listRoutes,
  lockRoute,
  type RouteValues,
  replaceRouteDays,
  setRouteStatus,
  stopSummary,
  updateRoute,
} from "./routes-repository.js";

export const ROUTE_NOT_FOUND = "Ruta no encontrada";
export const DESTINATION_NOT_FOUND = "Destino no encontrado";

/** A unique or foreign-key violation of a route write as the 409/400 it answers. */
function routeWriteError(error: unknown): HttpError | undefined {
  const constraint = uniqueViolation(error);
  if (constraint === "routes_name_key") {
    return conflict(ROUTE_NAME_DUPLICATE_MESSAGE, { name: ROUTE_NAME_DUPLICATE_MESSAGE });
  }
  if (constraint) return conflict("El registro ya existe");
  if (isForeignKeyViolation(error)) return badRequest("Datos inválidos");
  return undefined;
}

const values = (input: RouteCreateRequest): RouteValues => ({
  name: input.name,
  description: input.description?.trim() ? input.description.trim() : null,
  destinationId: input.destinationId,
  departureTime: input.departureTime,
  cost: input.cost,
  shiftId: input.shiftId,
  seats: input.seats,
});

/** A shift to attach must exist and be active (404 / 409). */
async function checkShift(tx: Tx, shiftId: number) {
  const shift = await findShift(tx, shiftId);
  if (!shift) throw notFound(SHIFT_NOT_FOUND_MESSAGE);
  if (shift.status !== "active")
    throw conflict(INACTIVE_ASSIGNMENT_MESSAGE, { shiftId: INACTIVE_ASSIGNMENT_MESSAGE });
  return shift;
}

/**
 * A new shift or new own seats must still fit the route's stops: their times on the right side of
 * the shift and in order, and no more riders at its stops than its seats (409 otherwise).
 */
async function checkStopsStillFit(
  tx: Tx,
  routeId: number,
  current: { shiftId: number | null; seats: number | null },
  input: RouteUpdateRequest,
) {
  const shiftChanges = input.shiftId !== undefined && input.shiftId !== current.shiftId;
  const seatsChange = input.seats !== undefined && input.seats !== null && input.seats !== current.seats;
  if (!shiftChanges && !seatsChange) return;
  const stops = await stopSummary(tx, routeId);
  if (shiftChanges && input.shiftId) {
    const shift = await checkShift(tx, input.shiftId);
    if (stopTimesProblem(stops.times, shift)) {
      const message =
        "Las paradas de la ruta no cumplen la dirección u hora del nuevo turno. Edite o vacíe sus paradas primero";
      throw conflict(message, { shiftId: message });
    }
  }
  if (seatsChange && input.seats && stops.riders > input.seats) {
    const message = `La ruta tiene ${stops.riders} colaboradores en sus paradas: no caben en ${input.seats} asientos`;
    throw conflict(message, { seats: message });
  }
}

export type RoutesService = ReturnType<typeof createRoutesService>;

/** What a route's seats growing needs: the waitlists promoted and told (issue 35). */
export type SeatsDeps = {
  /** Promotes the waitlists of these routes' open days (the bookings module, bound in routes.ts). */
  seatsGrew: (routeIds: number[]) => Promise<unknown>;
};

export function createRoutesService(db: Db, seats?: SeatsDeps) {
  return {
    async create(input: RouteCreateRequest) {
      try {
        return await db.transaction(async (tx) => {
          if (!(await destinationExists(tx, input.destinationId))) throw notFound(DESTINATION_NOT_FOUND);
          if (input.shiftId) await checkShift(tx, input.shiftId);
          const id = await insertRoute(tx, values(input));
          await replaceRouteDays(tx, id, input.dayIds);
          return id;
        });
      } catch (error) {
        throw routeWriteError(error) ?? error;
      }
    },

    /** Replaces the route's fields and days in one transaction: all or nothing. */
    async update(input: RouteUpdateRequest) {
      try {
        await db.transaction(async (tx) => {
          const current = await lockRoute(tx, input.id);
          if (!current) throw notFound(ROUTE_NOT_FOUND);
          if (!(await destinationExists(tx, input.destinationId))) throw notFound(DESTINATION_NOT_FOUND);
          await checkStopsStillFit(tx, input.id, current, input);
          await replaceRouteDays(tx, input.id, input.dayIds);
          await updateRoute(tx, input.id, values(input));
        });
      } catch (error) {
        throw routeWriteError(error) ?? error;
      }
      // More seats (or days back) free places: the first waiting on each open day get them.
      if (seats) await seats.seatsGrew([input.id]);
    },

    async setStatus(id: number, status: "active" | "inactive") {
      if (!(await setRouteStatus(db, id, status))) throw notFound(ROUTE_NOT_FOUND);
    },

    async list(query: RouteListQuery, clock: CallerClock) {
      const { amount, rows } = await listRoutes(db, {
        ...listFilters(query, clock),
        shiftId: query.shiftId,
      });
      const daysByRoute = await daysOfRoutes(
        db,
        rows.map((row) => row.id),
      );
      const list = rows.map(
        (row): RouteListItem => ({
          id: row.id,
          name: row.name,
          description: row.description,
          destinationId: row.destinationId,
          destinationName: row.destinationName,
          days: daysByRoute.get(row.id) ?? [],
          departureTime: hhmm(row.departureTime),
          cost: Number(row.cost),
          status: row.status as RouteListItem["status"],
          createdDate: row.createdAt.toISOString(),
          amountDrivers: row.amountDrivers,
          amountEmployees: row.amountEmployees,
          shiftId: row.shiftId,
          shiftName: row.shiftName,
          direction: row.direction as RouteListItem["direction"],
          seats: row.seats,
          amountStops: row.amountStops,
          driverName: row.driverName,
          vehicleSeats: row.vehicleSeats,
        }),
      );
      return { amount, list };
    },

    async listName() {
      const rows = await activeRouteNames(db);
      return [
        { id: 0, name: "Todas las rutas", description: "" },
        ...rows.map((row) => ({ id: row.id, name: row.name, description: row.description ?? "" })),
      ];
    },
  };
}
