import type { SupplierListQuery, SupplierRate, SupplierSavedResponse } from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { catalogPage } from "../../lib/catalog-page.js";
import { catalogStatusWrite } from "../../lib/catalog-writes.js";
import { type DuplicateMessages, duplicateError } from "../../lib/db-errors.js";
import { notFound } from "../../lib/http-error.js";
import { listFilters } from "../../lib/list-filters.js";
import { rateOf, rateOfInput } from "./supplier-rate-columns.js";
import {
  insertSupplier,
  listActiveSupplierNameOf,
  listActiveSupplierNames,
  listSuppliers,
  type SupplierValues,
  updateSupplier,
  updateSupplierStatus,
} from "./supplier-repository.js";

const NOT_FOUND = "Suplidor no encontrado";

/** Unique constraints → the field and Spanish message a 409 reports. */
const DUPLICATES: DuplicateMessages = {
  suppliers_name_key: ["name", "Ya existe un suplidor con este nombre"],
  suppliers_rnc_key: ["rnc", "Ya existe un suplidor con este RNC"],
};

export type SupplierService = ReturnType<typeof createSupplierService>;

/**
 * Prices the planned routes at $0 of a supplier's drivers with its rate, inside the caller's
 * transaction, answering how many (Planificación's `pricePlannedRoutes`, given by the routes'
 * composition: planning already reads suppliers).
 */
export type PricePlannedRoutes = (tx: Tx, supplierId: number, rate: SupplierRate) => Promise<number>;

export function createSupplierService(
  db: Db,
  pricePlannedRoutes: PricePlannedRoutes,
  /** Told after a status change (its users' sessions follow it, decision 0077). */
  statusChanged: (supplierId: number) => Promise<void> = async () => {},
) {
  const writeStatus = catalogStatusWrite((id, status) => updateSupplierStatus(db, id, status), NOT_FOUND);
  /**
   * Writes the supplier and, when the request gives a rate, prices in the same transaction its
   * drivers' planned routes at $0 (decision 0061); a duplicate name or RNC answers its 409.
   */
  async function save(
    values: SupplierValues,
    write: (tx: Tx) => Promise<number | undefined>,
  ): Promise<SupplierSavedResponse> {
    try {
      return await db.transaction(async (tx) => {
        const id = await write(tx);
        if (id === undefined) throw notFound(NOT_FOUND);
        const rate = rateOfInput(values);
        const pricedRoutes = rate ? await pricePlannedRoutes(tx, id, rate) : 0;
        return { id, pricedRoutes };
      });
    } catch (error) {
      throw duplicateError(error, DUPLICATES) ?? error;
    }
  }

  return {
    create: (values: SupplierValues) => save(values, (tx) => insertSupplier(tx, values)),
    update: (id: number, values: SupplierValues) => save(values, (tx) => updateSupplier(tx, id, values)),

    async setStatus(id: number, status: "active" | "inactive") {
      const saved = await writeStatus(id, status);
      await statusChanged(id);
      return saved;
    },

    list: async (query: SupplierListQuery, clock: CallerClock) => {
      const page = catalogPage(await listSuppliers(db, listFilters(query, clock)));
      return {
        ...page,
        list: page.list.map(({ rateType, rateAmount, rateCar, rateVan, rateMinibus, rateBus, ...row }) => ({
          ...row,
          ...rateOf({ rateType, rateAmount, rateCar, rateVan, rateMinibus, rateBus }),
        })),
      };
    },

    /** The active suppliers' names; only `supplierId`'s for a Supplier caller. */
    listNames: (supplierId: number | null = null) =>
      supplierId === null ? listActiveSupplierNames(db) : listActiveSupplierNameOf(db, supplierId),
  };
}
