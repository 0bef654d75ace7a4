import type { Db } from "../../db/client.js";
import { optionalLocalDayRange } from "../../lib/caller-time.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { conflict, type HttpError, notFound } from "../../lib/http-error.js";
import {
  type BranchOfficeValues,
  insertBranchOffice,
  listActiveBranchOfficeNames,
  listBranchOffices,
  updateBranchOffice,
  updateBranchOfficeStatus,
} from "./branch-office-repository.js";

const NOT_FOUND = "Sucursal no encontrada";
const DUPLICATE_NAME = "Ya existe una sucursal con este nombre";

function duplicateError(error: unknown): HttpError | undefined {
  const constraint = uniqueViolation(error);
  if (!constraint) return undefined;
  if (constraint === "branch_offices_name_key") return conflict(DUPLICATE_NAME, { name: DUPLICATE_NAME });
  return conflict("El registro ya existe");
}

export type BranchOfficeService = ReturnType<typeof createBranchOfficeService>;

export function createBranchOfficeService(db: Db) {
  return {
    async create(values: BranchOfficeValues) {
      try {
        return { id: await insertBranchOffice(db, values) };
      } catch (error) {
        throw duplicateError(error) ?? error;
      }
    },

    async update(id: number, values: BranchOfficeValues) {
      let updated: number | undefined;
      try {
        updated = await updateBranchOffice(db, id, values);
      } catch (error) {
        throw duplicateError(error) ?? error;
      }
      if (updated === undefined) throw notFound(NOT_FOUND);
      return { id: updated };
    },

    async setStatus(id: number, status: "active" | "inactive") {
      const updated = await updateBranchOfficeStatus(db, id, status);
      if (updated === undefined) throw notFound(NOT_FOUND);
      return { id: updated };
    },

    async list(
      query: { amount: number; skip: number; criterion?: string; sinceDate?: string; untilDate?: string },
      gmtOffset: number,
    ) {
      const range = optionalLocalDayRange(query, gmtOffset);
      const { total, rows } = await listBranchOffices(db, {
        amount: query.amount,
        skip: query.skip,
        criterion: query.criterion || undefined,
        createdFrom: range?.from,
        createdTo: range?.to,
      });
      return {
        amount: total,
        list: rows.map(({ createdAt, status, ...row }) => ({
          ...row,
          status: status as "active" | "inactive",
          createdDate: createdAt.toISOString(),
        })),
      };
    },

    listNames: () => listActiveBranchOfficeNames(db),
  };
}
