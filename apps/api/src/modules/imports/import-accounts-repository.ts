/**
 * The user accounts an import reads and writes (issue 24): many at a time, never one query per row.
 */
import type { Role } from "@treiber/contract";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { jsonRows, jsonTexts } from "../../db/json-rows.js";
import { users } from "../../db/schema.js";

type Conn = Db | Tx;

/** The advisory lock key that serializes imports (collaborators and drivers share e-mails). */
const IMPORT_LOCK_KEY = 7_311_024;

/**
 * One import commits at a time (`pg_advisory_xact_lock`, until the transaction ends): the second
 * of two concurrent imports of the same people sees the first one's accounts and updates them.
 */
export async function lockImports(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
}

/** How many rows one lookup, INSERT or UPDATE carries (one JSON parameter each). */
export const IMPORT_BATCH = 2_000;

export function chunks<T>(items: readonly T[], size = IMPORT_BATCH): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** What `execute` answers on PGlite and on node-postgres alike. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The accounts that hold these e-mails (stored in lower case): e-mail → user id. */
export async function findUserIdsByEmail(conn: Conn, emails: readonly string[]) {
  const found = new Map<string, number>();
  for (const part of chunks([...new Set(emails)])) {
    const result = await conn.execute(
      sql`select id, email from ${users} where ${users.email} = any(${jsonTexts(part)})`,
    );
    for (const row of rowsOf<{ id: number; email: string }>(result)) found.set(row.email, row.id);
  }
  return found;
}

/** New accounts with a temporary password to change, one INSERT per batch; e-mail → new user id. */
export async function insertUsers(
  tx: Tx,
  rows: readonly { email: string; passwordHash: string; role: Role }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(rows)) {
    const values = part.map((row) => ({ email: row.email, password_hash: row.passwordHash, role: row.role }));
    const result = await tx.execute(sql`
      insert into ${users} (email, password_hash, role, must_change_password)
      select v.email, v.password_hash, v.role, true
      from ${jsonRows(values)} as v(email text, password_hash text, role text)
      returning id, email`);
    for (const row of rowsOf<{ id: number; email: string }>(result)) ids.set(row.email, row.id);
  }
  return ids;
}
