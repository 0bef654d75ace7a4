import {
  INACTIVE_ASSIGNMENT_MESSAGE,
  type RouteNotScheduledCreateRequest,
  type RouteNotScheduledListItem,
  type RouteNotScheduledListQuery,
  type RouteNotScheduledUpdateRequest,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { isForeignKeyViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, notFound } from "../../lib/http-error.js";
import {
  destinationExists,
  employeeStatuses,
  employeesForRouteNotSchedule,
  findDriverStatus,
  insertRouteNotScheduled,
  listRoutesNotScheduled,
  lockRouteNotScheduled,
  type RouteNotScheduledValues,
  replaceRiders,
  ridersOf,
  setRouteNotScheduledStatus,
  updateRouteNotScheduled,
} from "./routes-not-scheduled-repository.js";

export const ROUTE_NOT_SCHEDULED_NOT_FOUND = "Ruta no programada no encontrada";
const EMPLOYEE_PICKER_LIMIT = 50;

const trimmedOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const values = (input: RouteNotScheduledCreateRequest): RouteNotScheduledValues => ({
  name: input.name,
  description: trimmedOrNull(input.description),
  scheduledAt: new Date(input.scheduledAt),
  driverId: input.driverId,
  cost: input.cost,
  originAddress: trimmedOrNull(input.originAddress),
  originLatitude: input.originLatitude ?? null,
  originLongitude: input.originLongitude ?? null,
  destinationId: input.destinationId ?? null,
});

/** Driver, destination and riders exist (404) and are active (409). */
async function checkReferences(tx: Tx, input: RouteNotScheduledCreateRequest) {
  const driver = await findDriverStatus(tx, input.driverId);
  if (!driver) throw notFound("Chofer no encontrado");
  if (driver.status !== "active") {
    throw conflict(INACTIVE_ASSIGNMENT_MESSAGE, { driverId: INACTIVE_ASSIGNMENT_MESSAGE });
  }
  if (input.destinationId && !(await destinationExists(tx, input.destinationId))) {
    throw notFound("Destino no encontrado");
  }
  const riders = await employeeStatuses(tx, input.employeeIds);
  if (riders.length !== input.employeeIds.length) throw notFound("Colaborador no encontrado");
  if (riders.some((rider) => rider.status !== "active")) {
    throw conflict(INACTIVE_ASSIGNMENT_MESSAGE, { employeeIds: INACTIVE_ASSIGNMENT_MESSAGE });
  }
}

const mapWriteError = (error: unknown) =>
  isForeignKeyViolation(error) ? badRequest("Datos inválidos") : error;

export type RoutesNotScheduledService = ReturnType<typeof createRoutesNotScheduledService>;

export function createRoutesNotScheduledService(db: Db) {
  return {
    async create(input: RouteNotScheduledCreateRequest) {
      try {
        return await db.transaction(async (tx) => {
          await checkReferences(tx, input);
          const id = await insertRouteNotScheduled(tx, values(input));
          await replaceRiders(tx, id, input.employeeIds);
          return id;
        });
      } catch (error) {
        throw mapWriteError(error);
      }
    },

    async update(input: RouteNotScheduledUpdateRequest) {
      try {
        await db.transaction(async (tx) => {
          if (!(await lockRouteNotScheduled(tx, input.id))) throw notFound(ROUTE_NOT_SCHEDULED_NOT_FOUND);
          await checkReferences(tx, input);
          await replaceRiders(tx, input.id, input.employeeIds);
          await updateRouteNotScheduled(tx, input.id, values(input));
        });
      } catch (error) {
        throw mapWriteError(error);
      }
    },

    async setStatus(id: number, status: "active" | "inactive") {
      if (!(await setRouteNotScheduledStatus(db, id, status))) throw notFound(ROUTE_NOT_SCHEDULED_NOT_FOUND);
    },

    async list(query: RouteNotScheduledListQuery, clock: CallerClock) {
      const range = clock.optionalDayRange(query);
      const { amount, rows } = await listRoutesNotScheduled(db, { ...query, range });
      const riders = await ridersOf(
        db,
        rows.map((row) => row.id),
      );
      const list = rows.map(
        (row): RouteNotScheduledListItem => ({
          id: row.id,
          name: row.name,
          description: row.description,
          scheduledAt: row.scheduledAt.toISOString(),
          driverId: row.driverId,
          driverName: `${row.driverFirstName} ${row.driverLastname}`,
          cost: Number(row.cost),
          originAddress: row.originAddress,
          originLatitude: row.originLatitude,
          originLongitude: row.originLongitude,
          destinationId: row.destinationId,
          destinationName: row.destinationName,
          status: row.status as RouteNotScheduledListItem["status"],
          createdDate: row.createdAt.toISOString(),
          riders: riders.get(row.id) ?? [],
        }),
      );
      return { amount, list };
    },

    employeesForPicker(criterion: string | undefined) {
      return employeesForRouteNotSchedule(db, criterion, EMPLOYEE_PICKER_LIMIT);
    },
  };
}
