import { ACTION_ID_OTHER_PAYLOAD_MESSAGE, ACTION_ID_REUSED_MESSAGE } from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { conflict } from "../../lib/http-error.js";
import { type ActionKey, claimAction, findAction, storeActionResult } from "./client-action-repository.js";
import { payloadHash } from "./payload-hash.js";

/** What a field action produced: its HTTP status and body, and whether it ran now or was replayed. */
export type OnceResult<T> = { statusCode: number; body: T; replayed: boolean };

/** The action key of a request, when its (validated) body carries an `actionId`. */
export const actionKey = (
  user: AuthUser,
  kind: string,
  body: { actionId?: string | undefined },
): ActionKey | undefined =>
  body.actionId === undefined
    ? undefined
    : {
        userId: user.id,
        actionId: body.actionId.toLowerCase(),
        kind,
        payloadHash: payloadHash(kind, body as Record<string, unknown>),
      };

/**
 * A stored action answers a repeat only when it is the same call with the same payload: another
 * call (kind) or another payload under the same id is a 409, never the first answer replayed.
 * Rows stored before the payload was recorded (no hash) replay as before.
 */
function assertSameAction(stored: { kind: string; payloadHash: string | null }, key: ActionKey) {
  if (stored.kind !== key.kind) throw conflict(ACTION_ID_REUSED_MESSAGE);
  if (stored.payloadHash !== null && stored.payloadHash !== key.payloadHash) {
    throw conflict(ACTION_ID_OTHER_PAYLOAD_MESSAGE);
  }
}

/**
 * The stored result of an action already applied, if any: lets a call whose checks run before the
 * transaction (and could fail now, e.g. a position after the trip ended) replay its first result.
 */
export async function storedResult<T>(db: Db, key: ActionKey): Promise<OnceResult<T> | undefined> {
  const stored = await findAction(db, key);
  if (!stored || stored.statusCode === 0) return undefined;
  assertSameAction(stored, key);
  return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
}

/**
 * Runs a field action's effect in one transaction, at most once per (user, action id): the id is
 * claimed first, the effect runs, and its successful result is stored before the commit. A repeat
 * (sequential or concurrent) with the same payload gets the stored status and body back without a
 * second effect; with another payload, 409. A
 * failed effect rolls back its claim too, so a retry runs it again (and fails or succeeds anew).
 * Without an action id the effect simply runs in its transaction.
 */
export async function applyOnce<T>(
  db: Db,
  key: ActionKey | undefined,
  statusCode: number,
  effect: (tx: Tx) => Promise<T>,
): Promise<OnceResult<T>> {
  return db.transaction(async (tx) => {
    if (key && !(await claimAction(tx, key))) {
      const stored = await findAction(tx, key);
      if (!stored) throw conflict(ACTION_ID_REUSED_MESSAGE);
      assertSameAction(stored, key);
      return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
    }
    const body = await effect(tx);
    if (key) await storeActionResult(tx, key, statusCode, body);
    return { statusCode, body, replayed: false };
  });
}
