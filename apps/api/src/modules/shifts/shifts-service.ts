import {
  INACTIVE_ASSIGNMENT_MESSAGE,
  SHIFT_NAME_DUPLICATE_MESSAGE,
  SHIFT_NOT_FOUND_MESSAGE,
  type ShiftCreateRequest,
  type ShiftListItem,
  type ShiftListQuery,
  type ShiftUpdateRequest,
  stopTimesProblem,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { type DuplicateMessages, duplicateError, isForeignKeyViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, notFound } from "../../lib/http-error.js";
import {
  daysOfShifts,
  findBranchOfficeStatus,
  insertShift,
  listShifts,
  lockShift,
  replaceShiftDays,
  type ShiftValues,
  setShiftStatus,
  stopTimesOfShiftRoutes,
  updateShift,
} from "./shifts-repository.js";

export const BRANCH_OFFICE_NOT_FOUND = "Sucursal no encontrada";
const DUPLICATES: DuplicateMessages = {
  shifts_branch_office_name_key: ["name", SHIFT_NAME_DUPLICATE_MESSAGE],
};

const hhmm = (value: string) => value.slice(0, 5);

const values = (input: ShiftCreateRequest): ShiftValues => ({
  branchOfficeId: input.branchOfficeId,
  name: input.name,
  direction: input.direction,
  time: input.time,
  // Absent keeps the stored override (drizzle skips undefined), null clears it.
  travelSpeedKmh: input.travelSpeedKmh,
  travelCircuity: input.travelCircuity,
  confirmationRequired: input.confirmationRequired,
  cutoffMinutes: input.cutoffMinutes,
  cutoffDayBeforeTime: input.cutoffDayBeforeTime,
  dayPlanAuto: input.dayPlanAuto,
});

function writeError(error: unknown) {
  const duplicate = duplicateError(error, DUPLICATES);
  if (duplicate) return duplicate;
  if (isForeignKeyViolation(error)) return badRequest("Datos inválidos");
  return undefined;
}

export type ShiftsService = ReturnType<typeof createShiftsService>;

export function createShiftsService(db: Db) {
  return {
    async create(input: ShiftCreateRequest) {
      try {
        return await db.transaction(async (tx) => {
          const office = await findBranchOfficeStatus(tx, input.branchOfficeId);
          if (!office) throw notFound(BRANCH_OFFICE_NOT_FOUND);
          if (office !== "active")
            throw conflict(INACTIVE_ASSIGNMENT_MESSAGE, { branchOfficeId: INACTIVE_ASSIGNMENT_MESSAGE });
          const id = await insertShift(tx, values(input));
          await replaceShiftDays(tx, id, input.dayIds);
          return id;
        });
      } catch (error) {
        throw writeError(error) ?? error;
      }
    },

    /**
     * Replaces the shift's fields and days in one transaction. A new direction or time must still
     * fit the stops of the routes that serve the shift (409 naming them otherwise).
     */
    async update(input: ShiftUpdateRequest) {
      try {
        await db.transaction(async (tx) => {
          const current = await lockShift(tx, input.id);
          if (!current) throw notFound(SHIFT_NOT_FOUND_MESSAGE);
          const office = await findBranchOfficeStatus(tx, input.branchOfficeId);
          if (!office) throw notFound(BRANCH_OFFICE_NOT_FOUND);
          if (office !== "active" && input.branchOfficeId !== current.branchOfficeId) {
            throw conflict(INACTIVE_ASSIGNMENT_MESSAGE, { branchOfficeId: INACTIVE_ASSIGNMENT_MESSAGE });
          }
          if (current.direction !== input.direction || hhmm(current.time) !== input.time) {
            const shift = { direction: input.direction, time: input.time };
            const misfits = (await stopTimesOfShiftRoutes(tx, input.id)).filter(
              (route) => stopTimesProblem(route.times, shift) !== undefined,
            );
            if (misfits.length > 0) {
              const names = misfits.map((route) => route.name).join(", ");
              throw conflict(
                `Las paradas de estas rutas no cumplen la nueva dirección u hora del turno: ${names}. Edite o vacíe sus paradas primero`,
              );
            }
          }
          await replaceShiftDays(tx, input.id, input.dayIds);
          await updateShift(tx, input.id, values(input));
        });
      } catch (error) {
        throw writeError(error) ?? error;
      }
    },

    async setStatus(id: number, status: "active" | "inactive") {
      if (!(await setShiftStatus(db, id, status))) throw notFound(SHIFT_NOT_FOUND_MESSAGE);
    },

    async list(query: ShiftListQuery) {
      const { amount, rows } = await listShifts(db, query);
      const daysByShift = await daysOfShifts(
        db,
        rows.map((row) => row.id),
      );
      const list = rows.map(
        (row): ShiftListItem => ({
          id: row.id,
          branchOfficeId: row.branchOfficeId,
          branchOfficeName: row.branchOfficeName,
          name: row.name,
          direction: row.direction as ShiftListItem["direction"],
          time: hhmm(row.time),
          days: daysByShift.get(row.id) ?? [],
          status: row.status as ShiftListItem["status"],
          createdDate: row.createdAt.toISOString(),
          amountRoutes: row.amountRoutes,
          travelSpeedKmh: row.travelSpeedKmh,
          travelCircuity: row.travelCircuity,
          confirmationRequired: row.confirmationRequired,
          cutoffMinutes: row.cutoffMinutes,
          cutoffDayBeforeTime: row.cutoffDayBeforeTime === null ? null : hhmm(row.cutoffDayBeforeTime),
          dayPlanAuto: row.dayPlanAuto,
        }),
      );
      return { amount, list };
    },
  };
}
