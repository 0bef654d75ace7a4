import {
  ROUTE_NAME_DUPLICATE_MESSAGE,
  type RouteCreateRequest,
  type RouteListItem,
  type RouteListQuery,
  type RouteUpdateRequest,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { isForeignKeyViolation, uniqueViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, type HttpError, notFound } from "../../lib/http-error.js";
import { listFilters } from "../../lib/list-filters.js";
import {
  activeRouteNames,
  daysOfRoutes,
  destinationExists,
  hhmm,
  insertRoute,
  listRoutes,
  lockRoute,
  type RouteValues,
  replaceRouteDays,
  setRouteStatus,
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
});

export type RoutesService = ReturnType<typeof createRoutesService>;

export function createRoutesService(db: Db) {
  return {
    async create(input: RouteCreateRequest) {
      try {
        return await db.transaction(async (tx) => {
          if (!(await destinationExists(tx, input.destinationId))) throw notFound(DESTINATION_NOT_FOUND);
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
          if (!(await lockRoute(tx, input.id))) throw notFound(ROUTE_NOT_FOUND);
          if (!(await destinationExists(tx, input.destinationId))) throw notFound(DESTINATION_NOT_FOUND);
          await replaceRouteDays(tx, input.id, input.dayIds);
          await updateRoute(tx, input.id, values(input));
        });
      } catch (error) {
        throw routeWriteError(error) ?? error;
      }
    },

    async setStatus(id: number, status: "active" | "inactive") {
      if (!(await setRouteStatus(db, id, status))) throw notFound(ROUTE_NOT_FOUND);
    },

    async list(query: RouteListQuery, clock: CallerClock) {
      const { amount, rows } = await listRoutes(db, listFilters(query, clock));
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
