import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.js";

/** Inserts rows in chunks (one statement per chunk). */
export async function insertMany<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T["$inferInsert"][],
  chunk = 1000,
) {
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(table).values(rows.slice(i, i + chunk) as never);
  }
}
