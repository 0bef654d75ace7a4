import { asc, eq, sql } from "drizzle-orm";
import { type CatalogFilter, listCatalog } from "../../db/catalog-list.js";
import { catalogRows } from "../../db/catalog-rows.js";
import type { Db, Tx } from "../../db/client.js";
import { branchOffices, employees } from "../../db/schema.js";

export async function findBranchOfficeStatus(executor: Db | Tx, id: number) {
  const [row] = await executor
    .select({ id: branchOffices.id, status: branchOffices.status })
    .from(branchOffices)
    .where(eq(branchOffices.id, id))
    .limit(1);
  return row;
}

export type BranchOfficeValues = {
  name: string;
  address: string;
  telephone: string | null;
  latitude: number | null;
  longitude: number | null;
};

const writes = catalogRows(branchOffices);
export const insertBranchOffice = writes.insert;
/** Updates the office; undefined when it does not exist. */
export const updateBranchOffice = writes.update;
export const updateBranchOfficeStatus = writes.setStatus;

export function listBranchOffices(db: Db, filter: CatalogFilter) {
  return listCatalog(db, branchOffices, filter, {
    id: branchOffices.id,
    name: branchOffices.name,
    address: branchOffices.address,
    telephone: branchOffices.telephone,
    latitude: branchOffices.latitude,
    longitude: branchOffices.longitude,
    status: branchOffices.status,
    createdAt: branchOffices.createdAt,
    amountEmployees: sql<number>`(select count(*)::int from ${employees} e where e.branch_office_id = ${branchOffices}.id)`,
  });
}

export function listActiveBranchOfficeNames(db: Db) {
  return db
    .select({ id: branchOffices.id, name: branchOffices.name })
    .from(branchOffices)
    .where(eq(branchOffices.status, "active"))
    .orderBy(asc(branchOffices.name));
}
