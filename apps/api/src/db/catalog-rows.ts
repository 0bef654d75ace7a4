import { eq } from "drizzle-orm";
import type { Db } from "./client.js";
import type { branchOffices, destinations, suppliers } from "./schema.js";

type CatalogTable = typeof branchOffices | typeof suppliers | typeof destinations;

/**
 * The writes a catalog table (branch offices, suppliers, destinations) shares: insert, update and,
 * where it has a status, status change; each answers the record's id (undefined when an update
 * finds no record).
 */
export function catalogRows<T extends CatalogTable>(table: T) {
  // Drizzle cannot check values against a generic table: `Values` types them for the callers.
  type Values = Omit<T["$inferInsert"], "id" | "status" | "createdAt" | "updatedAt">;
  return {
    async insert(db: Db, values: Values) {
      const [row] = await db
        .insert(table)
        .values(values as never)
        .returning({ id: table.id });
      if (!row) throw new Error("insert returned no row");
      return row.id;
    },

    async update(db: Db, id: number, values: Values) {
      const [row] = await db
        .update(table)
        .set({ ...values, updatedAt: new Date() } as never)
        .where(eq(table.id, id))
        .returning({ id: table.id });
      return row?.id;
    },

    async setStatus(
      db: Db,
      id: number,
      status: T extends typeof destinations ? never : "active" | "inactive",
    ) {
      const [row] = await db
        .update(table)
        .set({ status, updatedAt: new Date() } as never)
        .where(eq(table.id, id))
        .returning({ id: table.id });
      return row?.id;
    },
  };
}
