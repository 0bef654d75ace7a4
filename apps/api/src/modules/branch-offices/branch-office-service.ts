import type { BranchOfficeCreate, BranchOfficeListQuery } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { catalogPage } from "../../lib/catalog-page.js";
import { catalogStatusWrite, catalogWrites } from "../../lib/catalog-writes.js";
import type { DuplicateMessages } from "../../lib/db-errors.js";
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

type BranchOfficeInput = Omit<BranchOfficeValues, "noShowWaitMinutes"> &
  Pick<BranchOfficeCreate, "noShowWaitMinutes">;

/** The row's values: a wait not given (absent or null) is left to the default or to what is stored. */
function valuesOf({ noShowWaitMinutes, ...values }: BranchOfficeInput): BranchOfficeValues {
  return noShowWaitMinutes == null ? values : { ...values, noShowWaitMinutes };
}

export function createBranchOfficeService(db: Db) {
  return {
    ...catalogWrites({
      insert: (values: BranchOfficeInput) => insertBranchOffice(db, valuesOf(values)),
      update: (id: number, values: BranchOfficeInput) => updateBranchOffice(db, id, valuesOf(values)),
      duplicates: DUPLICATES,
      notFoundMessage: NOT_FOUND,
    }),

    setStatus: catalogStatusWrite((id, status) => updateBranchOfficeStatus(db, id, status), NOT_FOUND),

    list: async (query: BranchOfficeListQuery, clock: CallerClock) =>
      catalogPage(await listBranchOffices(db, listFilters(query, clock))),

    listNames: () => listActiveBranchOfficeNames(db),
  };
}
