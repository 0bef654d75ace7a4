import type { SupplierListQuery } from "@treiber/contract";
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { drivers, suppliers } from "../../db/schema.js";
import { type SortRequest, sortOrder } from "../../db/sorting.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";

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

export async function insertSupplier(db: Db, values: SupplierValues) {
  const [row] = await db.insert(suppliers).values(values).returning({ id: suppliers.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Updates the supplier; undefined when it does not exist. */
export async function updateSupplier(db: Db, id: number, values: SupplierValues) {
  const [row] = await db
    .update(suppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(suppliers.id, id))
    .returning({ id: suppliers.id });
  return row?.id;
}

export async function updateSupplierStatus(db: Db, id: number, status: "active" | "inactive") {
  const [row] = await db
    .update(suppliers)
    .set({ status, updatedAt: new Date() })
    .where(eq(suppliers.id, id))
    .returning({ id: suppliers.id });
  return row?.id;
}

export type SupplierFilter = {
  amount: number;
  skip: number;
  criterion?: string;
  createdFrom?: Date;
  createdTo?: Date;
} & SortRequest<NonNullable<SupplierListQuery["sortBy"]>>;

export async function listSuppliers(db: Db, filter: SupplierFilter) {
  const conditions: SQL[] = [];
  if (filter.createdFrom) conditions.push(gte(suppliers.createdAt, filter.createdFrom));
  if (filter.createdTo) conditions.push(lt(suppliers.createdAt, filter.createdTo));
  if (filter.criterion) {
    conditions.push(sql`search_fold(${suppliers.name}) like ${containsPattern(filter.criterion)}`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(filter);

  // Count and page are independent: run them side by side (one round trip of latency).
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(suppliers).where(where),
    db
      .select({
        id: suppliers.id,
        name: suppliers.name,
        rnc: suppliers.rnc,
        contactName: suppliers.contactName,
        telephone: suppliers.telephone,
        email: suppliers.email,
        status: suppliers.status,
        createdAt: suppliers.createdAt,
        amountDrivers: sql<number>`(select count(*)::int from ${drivers} d where d.supplier_id = ${suppliers}.id)`,
      })
      .from(suppliers)
      .where(where)
      .orderBy(
        ...sortOrder({ name: suppliers.name, createdDate: suppliers.createdAt }, suppliers.id, filter, [
          desc(suppliers.createdAt),
          desc(suppliers.id),
        ]),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return { total: total?.value ?? 0, rows };
}

export function listActiveSupplierNames(db: Db) {
  return db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.status, "active"))
    .orderBy(asc(suppliers.name));
}
