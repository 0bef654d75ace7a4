import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { pageWindow } from "../lib/paging.js";
import type { Db } from "./client.js";

/**
 * A page of a people list (employees, drivers) and its total. The page is chosen on the base table
 * alone (index on created_at, id) and only its rows are joined: `rowsOf` selects them by primary
 * key with the condition it is given (= any(array(...)) keeps the planner on the index for the 10
 * ids), in the same `order`.
 */
export async function pageByIds<Row>(
  db: Db,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
  order: SQL[],
  page: { amount: number; skip: number },
  rowsOf: (inPage: SQL) => Promise<Row[]>,
) {
  const { limit, offset } = pageWindow(page);
  const pageIds = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [rows, [total]] = await Promise.all([
    rowsOf(sql`${table.id} = any(array(${pageIds}))`),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(table as PgTable)
      .where(where),
  ]);
  return { total: total?.count ?? 0, rows };
}
