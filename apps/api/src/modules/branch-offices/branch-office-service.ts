import type { BranchOfficeListQuery } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { catalogWrites } from "../../lib/catalog-writes.js";
import type { DuplicateMessages } from "../../lib/db-errors.js";
import { notFound } from "../../lib/http-error.js";
import { listFilters } from "../../lib/list-filters.js";
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

const DUPLICATES: DuplicateMessages = { branch_offices_name_key: ["name", DUPLICATE_NAME] };

export type BranchOfficeService = ReturnType<typeof createBranchOfficeService>;

export function createBranchOfficeService(db: Db) {
  return {
    ...catalogWrites({
      insert: (values: BranchOfficeValues) => insertBranchOffice(db, values),
      update: (id: number, values: BranchOfficeValues) => updateBranchOffice(db, id, values),
      duplicates: DUPLICATES,
      notFoundMessage: NOT_FOUND,
    }),

    async setStatus(id: number, status: "active" | "inactive") {
      const updated = await updateBranchOfficeStatus(db, id, status);
      if (updated === undefined) throw notFound(NOT_FOUND);
      return { id: updated };
    },

    async list(query: BranchOfficeListQuery, clock: CallerClock) {
      const { total, rows } = await listBranchOffices(db, listFilters(query, clock));
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
