import type { Db } from "../../db/client.js";
import type { SessionUser } from "../../lib/auth-user.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import { findSessionRights } from "./account-repository.js";

/** How long one user's rights are remembered between database reads (per instance). */
export const RIGHTS_CACHE_MS = 5_000;
const MAX_CACHED_SESSIONS = 20_000;

export type AccountRights = ReturnType<typeof createAccountRights>;

type Rights = Awaited<ReturnType<typeof findSessionRights>>;
type Entry = { rights: Rights; expiresAt: number };

const grants = (rights: Rights, claims: SessionUser) =>
  rights !== undefined && rights.status === "active" && rights.role === claims.role && rights.sessionLive;

/**
 * Whether an access token's claims still hold: its user exists, is active, still has the role the
 * token names, and its session (refresh-token family) has not ended. Read from the database at
 * most every few seconds per session and forgotten at once when `changed(userId)` is announced on
 * the bus, on every instance (decision 0023).
 */
export function createAccountRights(deps: {
  db: Db;
  bus: RealtimeBus;
  onError?: (error: unknown) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  // userId → sessionId → the user's role and status and the session's state at the last read.
  const cache = new Map<number, Map<string, Entry>>();
  let cachedCount = 0;
  // Bumped by every change of a user: a read that started before it is not remembered.
  const generations = new Map<number, number>();

  function forget(userId: number) {
    const sessions = cache.get(userId);
    if (sessions) cachedCount -= sessions.size;
    cache.delete(userId);
    generations.set(userId, (generations.get(userId) ?? 0) + 1);
  }

  function remember(userId: number, sessionId: string, rights: Rights) {
    if (cachedCount >= MAX_CACHED_SESSIONS) {
      cache.clear();
      cachedCount = 0;
    }
    let sessions = cache.get(userId);
    if (!sessions) {
      sessions = new Map();
      cache.set(userId, sessions);
    }
    if (!sessions.has(sessionId)) cachedCount += 1;
    sessions.set(sessionId, { rights, expiresAt: now() + RIGHTS_CACHE_MS });
  }

  const unsubscribe = deps.bus.subscribeRightsChanges((change) => forget(change.userId));

  return {
    /** True while the claims hold; `fresh` skips the cache (the hub's re-checks). */
    async holds(claims: SessionUser, options: { fresh?: boolean } = {}): Promise<boolean> {
      if (!options.fresh) {
        const hit = cache.get(claims.id)?.get(claims.sessionId);
        if (hit && hit.expiresAt > now()) return grants(hit.rights, claims);
      }
      const generation = generations.get(claims.id) ?? 0;
      const rights = await findSessionRights(deps.db, claims.id, claims.sessionId);
      if ((generations.get(claims.id) ?? 0) === generation) remember(claims.id, claims.sessionId, rights);
      return grants(rights, claims);
    },

    /**
     * Call after the transaction that deactivated a user, changed its role or password, or ended
     * one of its sessions has committed: every instance forgets what it knew of the user and
     * closes the user's hub connections whose rights no longer hold.
     */
    async changed(userId: number) {
      forget(userId);
      try {
        await deps.bus.publishRightsChange({ userId });
      } catch (error) {
        // The change is committed; the other instances still see it within RIGHTS_CACHE_MS, and
        // their hub connections at their next re-check.
        deps.onError?.(error);
      }
    },

    close: unsubscribe,
  };
}
