/**
 * The user accounts an import reads and writes (issue 24): many at a time, never one query per row.
 */
import type { Role } from "@treiber/contract";
import { inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
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

/** How many values one lookup sends (`IN (…)`), and how many rows one INSERT or UPDATE writes. */
export const IMPORT_BATCH = 1_000;

export function chunks<T>(items: readonly T[], size = IMPORT_BATCH): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The accounts that hold these e-mails (stored in lower case): e-mail → user id. */
export async function findUserIdsByEmail(conn: Conn, emails: readonly string[]) {
  const found = new Map<string, number>();
  for (const part of chunks([...new Set(emails)])) {
    const rows = await conn
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, part));
    for (const row of rows) found.set(row.email, row.id);
  }
  return found;
}

/** New accounts, one INSERT per batch; e-mail → new user id. */
export async function insertUsers(
  tx: Tx,
  rows: readonly { email: string; passwordHash: string; role: Role }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(rows)) {
    const inserted = await tx
      .insert(users)
      .values(part.map((row) => ({ ...row, mustChangePassword: true })))
      .returning({ id: users.id, email: users.email });
    for (const row of inserted) ids.set(row.email, row.id);
  }
  return ids;
}

/** Changes the e-mail of these accounts (`UPDATE … FROM (VALUES …)`, one statement per batch). */
export async function updateUserEmails(tx: Tx, rows: readonly { userId: number; email: string }[]) {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map((row) => sql`(${row.userId}::int, ${row.email}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${users} set email = v.email, updated_at = now()
      from (values ${values}) as v(id, email)
      where ${users.id} = v.id and ${users.email} <> v.email`);
  }
}
