import { sql } from "drizzle-orm";
import { type CatalogFilter, listCatalog } from "../../db/catalog-list.js";
import { catalogRows, statusCatalogRows } from "../../db/catalog-rows.js";
import type { Db } from "../../db/client.js";
import { branchOffices, employees } from "../../db/schema.js";

export type BranchOfficeValues = {
  name: string;
  address: string;
  telephone: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Absent: the column's default (2) on insert, what is stored on update. */
  noShowWaitMinutes?: number;
  /**
   * Safety (issue 38), each absent: the column's default on insert (no emergency contact, the
   * night window 20:00–06:00, 20 and 15 minutes), what is stored on update. The phone's null clears it.
   */
  emergencyPhone?: string | null;
  emergencyEmails?: string[];
  nightStart?: string;
  nightEnd?: string;
  safeArrivalAskMinutes?: number;
  safeArrivalWaitMinutes?: number;
};

const writes = catalogRows(branchOffices);
export const insertBranchOffice = writes.insert;
/** Updates the office; undefined when it does not exist. */
export const updateBranchOffice = writes.update;
const statusRows = statusCatalogRows(branchOffices);
export const findBranchOfficeStatus = statusRows.findStatus;
export const updateBranchOfficeStatus = statusRows.setStatus;
export const listActiveBranchOfficeNames = statusRows.activeNames;
export const listBranchOfficeStatuses = statusRows.namesAndStatuses;

export function listBranchOffices(db: Db, filter: CatalogFilter) {
  return listCatalog(db, branchOffices, filter, {
    id: branchOffices.id,
    name: branchOffices.name,
    address: branchOffices.address,
    telephone: branchOffices.telephone,
    latitude: branchOffices.latitude,
    longitude: branchOffices.longitude,
    noShowWaitMinutes: branchOffices.noShowWaitMinutes,
    emergencyPhone: branchOffices.emergencyPhone,
    emergencyEmails: branchOffices.emergencyEmails,
    nightStart: branchOffices.nightStart,
    nightEnd: branchOffices.nightEnd,
    safeArrivalAskMinutes: branchOffices.safeArrivalAskMinutes,
    safeArrivalWaitMinutes: branchOffices.safeArrivalWaitMinutes,
    status: branchOffices.status,
    createdAt: branchOffices.createdAt,
    amountEmployees: sql<number>`(select count(*)::int from ${employees} e where e.branch_office_id = ${branchOffices}.id)`,
  });
}
