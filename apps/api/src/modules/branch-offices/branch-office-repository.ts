import type { BranchOfficeListQuery } from "@treiber/contract";
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { branchOffices, employees } from "../../db/schema.js";
import { type SortRequest, sortOrder } from "../../db/sorting.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";

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

type BranchOfficeSortField = NonNullable<BranchOfficeListQuery["sortBy"]>;

export type BranchOfficeFilter = {
  amount: number;
  skip: number;
  criterion?: string;
  createdFrom?: Date;
  createdTo?: Date;
} & SortRequest<BranchOfficeSortField>;

export async function insertBranchOffice(db: Db, values: BranchOfficeValues) {
  const [row] = await db.insert(branchOffices).values(values).returning({ id: branchOffices.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Updates the office; undefined when it does not exist. */
export async function updateBranchOffice(db: Db, id: number, values: BranchOfficeValues) {
  const [row] = await db
    .update(branchOffices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(branchOffices.id, id))
    .returning({ id: branchOffices.id });
  return row?.id;
}

export async function updateBranchOfficeStatus(db: Db, id: number, status: "active" | "inactive") {
  const [row] = await db
    .update(branchOffices)
    .set({ status, updatedAt: new Date() })
    .where(eq(branchOffices.id, id))
    .returning({ id: branchOffices.id });
  return row?.id;
}

export async function listBranchOffices(db: Db, filter: BranchOfficeFilter) {
  const conditions: SQL[] = [];
  if (filter.criterion) {
    conditions.push(sql`search_fold(${branchOffices.name}) like ${containsPattern(filter.criterion)}`);
  }
  if (filter.createdFrom) conditions.push(gte(branchOffices.createdAt, filter.createdFrom));
  if (filter.createdTo) conditions.push(lt(branchOffices.createdAt, filter.createdTo));
  const where = conditions.length ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(filter);

  // Count and page are independent: run them side by side (one round trip of latency).
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(branchOffices).where(where),
    db
      .select({
        id: branchOffices.id,
        name: branchOffices.name,
        address: branchOffices.address,
        telephone: branchOffices.telephone,
        latitude: branchOffices.latitude,
        longitude: branchOffices.longitude,
        status: branchOffices.status,
        createdAt: branchOffices.createdAt,
        amountEmployees: sql<number>`(select count(*)::int from ${employees} e where e.branch_office_id = ${branchOffices}.id)`,
      })
      .from(branchOffices)
      .where(where)
      .orderBy(
        ...sortOrder(
          { name: branchOffices.name, createdDate: branchOffices.createdAt },
          branchOffices.id,
          filter,
          [desc(branchOffices.createdAt), desc(branchOffices.id)],
        ),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return { total: total?.value ?? 0, rows };
}

export function listActiveBranchOfficeNames(db: Db) {
  return db
    .select({ id: branchOffices.id, name: branchOffices.name })
    .from(branchOffices)
    .where(eq(branchOffices.status, "active"))
    .orderBy(asc(branchOffices.name));
}
