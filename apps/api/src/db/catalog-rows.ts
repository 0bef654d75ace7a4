import { asc, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client.js";
import type { branchOffices, destinations, suppliers } from "./schema.js";

type CatalogTable = typeof branchOffices | typeof suppliers | typeof destinations;
type StatusCatalogTable = typeof branchOffices | typeof suppliers;

/**
 * The writes a catalog table (branch offices, suppliers, destinations) shares: insert and update,
 * each answering the record's id (undefined when an update finds no record).
 */
export function catalogRows<T extends CatalogTable>(table: T) {
  // Drizzle cannot check values against a generic table: `Values` types them for the callers.
  type Values = Omit<T["$inferInsert"], "id" | "status" | "createdAt" | "updatedAt">;
  return {
    async insert(db: Db | Tx, values: Values) {
      const [row] = await db
        .insert(table)
        .values(values as never)
        .returning({ id: table.id });
      if (!row) throw new Error("insert returned no row");
      return row.id;
    },

    async update(db: Db | Tx, id: number, values: Values) {
      const [row] = await db
        .update(table)
        .set({ ...values, updatedAt: new Date() } as never)
        .where(eq(table.id, id))
        .returning({ id: table.id });
      return row?.id;
    },
  };
}

/**
 * What a catalog with a status (branch offices, suppliers) adds: a record's status, a status
 * change (its id, undefined when there is no such record) and the names of the active ones.
 */
export function statusCatalogRows(table: StatusCatalogTable) {
  return {
    async findStatus(executor: Db | Tx, id: number) {
      const [row] = await executor
        .select({ id: table.id, status: table.status })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .limit(1);
      return row as { id: number; status: string } | undefined;
    },

    async setStatus(db: Db, id: number, status: "active" | "inactive") {
      const [row] = await db
        .update(table)
        .set({ status, updatedAt: new Date() } as never)
        .where(eq(table.id, id))
        .returning({ id: table.id });
      return row?.id;
    },

    /** Every record's id, name and status (an import matches names against them). */
    namesAndStatuses(executor: Db | Tx) {
      return executor
        .select({ id: table.id, name: table.name, status: table.status })
        .from(table as PgTable) as Promise<{ id: number; name: string; status: string }[]>;
    },

    activeNames(db: Db) {
      return db
        .select({ id: table.id, name: table.name })
        .from(table as PgTable)
        .where(eq(table.status, "active"))
        .orderBy(asc(table.name)) as Promise<{ id: number; name: string }[]>;
    },
  };
}
