import { ACTION_ID_REUSED_MESSAGE } from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import { conflict } from "../../lib/http-error.js";
import type { AuthUser } from "../auth/auth-user.js";
import { type ActionKey, claimAction, findAction, storeActionResult } from "./client-action-repository.js";

/** What a field action produced: its HTTP status and body, and whether it ran now or was replayed. */
export type OnceResult<T> = { statusCode: number; body: T; replayed: boolean };

/** The action key of a request, when it carries an `actionId`. */
export const actionKey = (
  user: AuthUser,
  kind: string,
  actionId: string | undefined,
): ActionKey | undefined =>
  actionId === undefined ? undefined : { userId: user.id, actionId: actionId.toLowerCase(), kind };

/**
 * The stored result of an action already applied, if any: lets a call whose checks run before the
 * transaction (and could fail now, e.g. a position after the trip ended) replay its first result.
 */
export async function storedResult<T>(db: Db, key: ActionKey): Promise<OnceResult<T> | undefined> {
  const stored = await findAction(db, key);
  if (!stored || stored.statusCode === 0) return undefined;
  if (stored.kind !== key.kind) throw conflict(ACTION_ID_REUSED_MESSAGE);
  return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
}

/**
 * Runs a field action's effect in one transaction, at most once per (user, action id): the id is
 * claimed first, the effect runs, and its successful result is stored before the commit. A repeat
 * (sequential or concurrent) gets the stored status and body back without a second effect. A
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
      if (!stored || stored.kind !== key.kind) throw conflict(ACTION_ID_REUSED_MESSAGE);
      return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
    }
    const body = await effect(tx);
    if (key) await storeActionResult(tx, key, statusCode, body);
    return { statusCode, body, replayed: false };
  });
}
