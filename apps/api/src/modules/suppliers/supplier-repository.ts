import { asc, eq, sql } from "drizzle-orm";
import { type CatalogFilter, listCatalog } from "../../db/catalog-list.js";
import { catalogRows } from "../../db/catalog-rows.js";
import type { Db, Tx } from "../../db/client.js";
import { drivers, suppliers } from "../../db/schema.js";

export async function findSupplierStatus(executor: Db | Tx, id: number) {
  const [row] = await executor
    .select({ id: suppliers.id, status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.id, id))
    .limit(1);
  return row;
}

export type SupplierValues = {
  name: string;
  rnc: string | null;
  contactName: string | null;
  telephone: string;
  email: string | null;
};

const writes = catalogRows(suppliers);
export const insertSupplier = writes.insert;
/** Updates the supplier; undefined when it does not exist. */
export const updateSupplier = writes.update;
export const updateSupplierStatus = writes.setStatus;

export function listSuppliers(db: Db, filter: CatalogFilter) {
  return listCatalog(db, suppliers, filter, {
    id: suppliers.id,
    name: suppliers.name,
    rnc: suppliers.rnc,
    contactName: suppliers.contactName,
    telephone: suppliers.telephone,
    email: suppliers.email,
    status: suppliers.status,
    createdAt: suppliers.createdAt,
    amountDrivers: sql<number>`(select count(*)::int from ${drivers} d where d.supplier_id = ${suppliers}.id)`,
  });
}

export function listActiveSupplierNames(db: Db) {
  return db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.status, "active"))
    .orderBy(asc(suppliers.name));
}
