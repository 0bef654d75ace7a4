import { and, count, desc, gte, lt, sql } from "drizzle-orm";
import type { PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { containsPattern, pageWindow } from "../lib/paging.js";
import type { Db } from "./client.js";
import type { branchOffices, destinations, suppliers } from "./schema.js";
import { type SortRequest, sortOrder } from "./sorting.js";

type CatalogTable = typeof branchOffices | typeof suppliers | typeof destinations;

/** A catalog list's request: paging, name search, creation range and sort by name or date. */
export type CatalogFilter = {
  amount: number;
  skip: number;
  criterion?: string;
  createdFrom?: Date;
  createdTo?: Date;
} & SortRequest<"name" | "createdDate">;

/** Rows matching a catalog name, folded like the database's `search_fold` (trigram index). */
export const catalogNameLike = (table: CatalogTable, criterion: string | undefined) =>
  criterion ? sql`search_fold(${table.name}) like ${containsPattern(criterion)}` : undefined;

/**
 * A page of a catalog (branch offices, suppliers, destinations) with the `columns` asked for, and
 * the total: name search, creation range, sort (newest first by default).
 */
export async function listCatalog<Columns extends SelectedFields>(
  db: Db,
  table: CatalogTable,
  filter: CatalogFilter,
  columns: Columns,
) {
  const where = and(
    catalogNameLike(table, filter.criterion),
    filter.createdFrom ? gte(table.createdAt, filter.createdFrom) : undefined,
    filter.createdTo ? lt(table.createdAt, filter.createdTo) : undefined,
  );
  const { limit, offset } = pageWindow(filter);
  const order = sortOrder({ name: table.name, createdDate: table.createdAt }, table.id, filter, [
    desc(table.createdAt),
    desc(table.id),
  ]);
  // Count and page are independent: run them side by side (one round trip of latency).
  const [[total], rows] = await Promise.all([
    db
      .select({ value: count() })
      .from(table as PgTable)
      .where(where),
    db
      .select(columns as SelectedFields)
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  ]);
  // Drizzle cannot type a select of generic columns; the rows are those columns' values.
  return { total: total?.value ?? 0, rows: rows as SelectResultFields<Columns>[] };
}
