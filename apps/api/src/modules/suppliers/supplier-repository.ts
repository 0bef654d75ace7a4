import { sql } from "drizzle-orm";
import { type CatalogFilter, listCatalog } from "../../db/catalog-list.js";
import { catalogRows, statusCatalogRows } from "../../db/catalog-rows.js";
import type { Db } from "../../db/client.js";
import { drivers, suppliers } from "../../db/schema.js";

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
const statusRows = statusCatalogRows(suppliers);
export const findSupplierStatus = statusRows.findStatus;
export const updateSupplierStatus = statusRows.setStatus;
export const listActiveSupplierNames = statusRows.activeNames;
export const listSupplierStatuses = statusRows.namesAndStatuses;

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
