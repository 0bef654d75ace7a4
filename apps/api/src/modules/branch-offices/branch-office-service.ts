import type { BranchOfficeListQuery } from "@treiber/contract";
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

/** What the create and update schemas give: every optional field absent or null. */
type BranchOfficeInput = Pick<
  BranchOfficeValues,
  "name" | "address" | "telephone" | "latitude" | "longitude"
> & {
  noShowWaitMinutes?: number | null;
  emergencyPhone?: string | null;
  emergencyEmails?: string[] | null;
  nightStart?: string | null;
  nightEnd?: string | null;
  safeArrivalAskMinutes?: number | null;
  safeArrivalWaitMinutes?: number | null;
};

/** The keys whose absence or null leaves the column's default (insert) or what is stored (update). */
const KEPT_WHEN_ABSENT = [
  "noShowWaitMinutes",
  "emergencyEmails",
  "nightStart",
  "nightEnd",
  "safeArrivalAskMinutes",
  "safeArrivalWaitMinutes",
] as const;

/**
 * The row's values: a field in KEPT_WHEN_ABSENT not given (absent or null) is left to the default
 * or to what is stored; the emergency phone absent keeps it, null (or "") clears it.
 */
function valuesOf(input: BranchOfficeInput): BranchOfficeValues {
  const values: Record<string, unknown> = { ...input };
  for (const key of KEPT_WHEN_ABSENT) if (values[key] == null) delete values[key];
  if (values.emergencyPhone === undefined) delete values.emergencyPhone;
  return values as BranchOfficeValues;
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
