import type { SupplierListQuery } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { catalogPage } from "../../lib/catalog-page.js";
import { catalogStatusWrite, catalogWrites } from "../../lib/catalog-writes.js";
import type { DuplicateMessages } from "../../lib/db-errors.js";
import { listFilters } from "../../lib/list-filters.js";
import { rateOf } from "./supplier-rate-columns.js";
import {
  insertSupplier,
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

export function createSupplierService(db: Db) {
  return {
    ...catalogWrites({
      insert: (values: SupplierValues) => insertSupplier(db, values),
      update: (id: number, values: SupplierValues) => updateSupplier(db, id, values),
      duplicates: DUPLICATES,
      notFoundMessage: NOT_FOUND,
    }),

    setStatus: catalogStatusWrite((id, status) => updateSupplierStatus(db, id, status), NOT_FOUND),

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

    listNames: () => listActiveSupplierNames(db),
  };
}
