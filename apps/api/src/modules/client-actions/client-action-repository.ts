import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { clientActions } from "../../db/schema.js";

/** One user's action id, which call it belongs to and the hash of its payload. */
export type ActionKey = { userId: number; actionId: string; kind: string; payloadHash: string };

/**
 * Claims an action id inside the caller's transaction. A concurrent transaction holding the same
 * (user, action id) makes this insert wait on the primary key until it ends: when it committed, the
 * claim fails (false) and the stored result can be read; when it rolled back, the claim succeeds.
 */
export async function claimAction(tx: Tx, key: ActionKey) {
  const rows = await tx
    .insert(clientActions)
    .values({ ...key, statusCode: 0, response: sql`'null'::jsonb` })
    .onConflictDoNothing({ target: [clientActions.userId, clientActions.actionId] })
    .returning({ userId: clientActions.userId });
  return rows.length > 0;
}

/** Stores the result of a claimed action (same transaction as its effect). */
export async function storeActionResult(tx: Tx, key: ActionKey, statusCode: number, response: unknown) {
  await tx
    .update(clientActions)
    .set({ statusCode, response })
    .where(and(eq(clientActions.userId, key.userId), eq(clientActions.actionId, key.actionId)));
}

export async function findAction(conn: Db | Tx, key: ActionKey) {
  const [row] = await conn
    .select({
      kind: clientActions.kind,
      payloadHash: clientActions.payloadHash,
      statusCode: clientActions.statusCode,
      response: clientActions.response,
    })
    .from(clientActions)
    .where(and(eq(clientActions.userId, key.userId), eq(clientActions.actionId, key.actionId)));
  return row;
}
