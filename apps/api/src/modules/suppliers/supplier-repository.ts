import { and, eq, sql } from "drizzle-orm";
import { type CatalogFilter, listCatalog } from "../../db/catalog-list.js";
import { catalogRows, statusCatalogRows } from "../../db/catalog-rows.js";
import type { Db, Tx } from "../../db/client.js";
import { drivers, suppliers } from "../../db/schema.js";
import { rateColumns, type SupplierRateInput } from "./supplier-rate-columns.js";

export type SupplierValues = {
  name: string;
  rnc: string | null;
  contactName: string | null;
  telephone: string;
  email: string | null;
} & SupplierRateInput;

/** The supplier's columns to write; the rate only when the request gives its type. */
const toRow = ({ rateType, rateAmount, vehicleRates, ...values }: SupplierValues) => ({
  ...values,
  ...rateColumns({ rateType, rateAmount, vehicleRates }),
});

/** The rate columns to select (read with `rateOf`). */
export const rateSelection = {
  rateType: suppliers.rateType,
  rateAmount: suppliers.rateAmount,
  rateCar: suppliers.rateCar,
  rateVan: suppliers.rateVan,
  rateMinibus: suppliers.rateMinibus,
  rateBus: suppliers.rateBus,
};

const writes = catalogRows(suppliers);
export const insertSupplier = (db: Db | Tx, values: SupplierValues) => writes.insert(db, toRow(values));
/** Updates the supplier; undefined when it does not exist. */
export const updateSupplier = (db: Db | Tx, id: number, values: SupplierValues) =>
  writes.update(db, id, toRow(values));
const statusRows = statusCatalogRows(suppliers);
export const findSupplierStatus = statusRows.findStatus;
export const updateSupplierStatus = statusRows.setStatus;
export const listActiveSupplierNames = statusRows.activeNames;
export const listSupplierStatuses = statusRows.namesAndStatuses;

/** The name of one supplier while active (a Supplier caller's Supplier/listName, decision 0077). */
export function listActiveSupplierNameOf(db: Db, supplierId: number) {
  return db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.status, "active")));
}

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
    ...rateSelection,
  });
}
