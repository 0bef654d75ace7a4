import { type ApiKeyScope, INTEGRATION_MESSAGES } from "@treiber/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { NO_USER_ID, type SessionUser } from "../../lib/auth-user.js";
import { forbidden, tooManyRequests, unauthorized } from "../../lib/http-error.js";
import { sha256Hex } from "../../lib/sha256-hex.js";
import type { ApiKeyGate } from "../../plugins/access.js";
import type { AttemptStore } from "../auth/attempt-store.js";
import { createAttemptLimit } from "../auth/attempt-store.js";
import { findApiKeyByHash, touchApiKey } from "./api-key-repository.js";
import { bodyAllowed, scopesAllow } from "./api-key-scopes.js";

/** How long a key read from the database is trusted (a revocation on another instance waits this long). */
export const API_KEY_CACHE_MS = 5_000;
/** Last use is written at most once per key and minute (the list shows it to the minute). */
export const API_KEY_TOUCH_MS = 60_000;
const MAX_CACHED_KEYS = 10_000;

type Entry = {
  key: { id: number; scopes: ApiKeyScope[]; revoked: boolean; lastUsedAt: number | null } | undefined;
  expiresAt: number;
};

/**
 * The access hook's side of API keys (decision 0083): `Bearer trb_…` → its SHA-256 → the key
 * (cached a few seconds per instance, forgotten at once on this instance's revocation); unknown
 * or revoked → 401; past its own rate limit (per minute, counted in the shared attempt store:
 * Redis with REDIS_URL) → 429 with `Retry-After`; an operation outside its scopes → 403. The
 * caller is no user (`id` 0) with an Admin's reach and `apiKey: { id, scopes }`.
 */
export function createApiKeyGate(deps: {
  db: Db;
  attempts: AttemptStore;
  ratePerMinute: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}): ApiKeyGate & { forget(id: number): void } {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, Entry>();
  const limit = createAttemptLimit(deps.attempts, {
    prefix: "api-key",
    max: deps.ratePerMinute,
    windowMs: 60_000,
  });

  async function lookup(hash: string) {
    const hit = cache.get(hash);
    if (hit && hit.expiresAt > now()) return hit.key;
    const row = await findApiKeyByHash(deps.db, hash);
    const key = row && {
      id: row.id,
      scopes: row.scopes as ApiKeyScope[],
      revoked: row.revokedAt !== null,
      lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    };
    if (cache.size >= MAX_CACHED_KEYS) cache.clear();
    cache.set(hash, { key, expiresAt: now() + API_KEY_CACHE_MS });
    return key;
  }

  async function touch(key: NonNullable<Entry["key"]>, ip: string) {
    const at = now();
    if (key.lastUsedAt !== null && at - key.lastUsedAt < API_KEY_TOUCH_MS) return;
    key.lastUsedAt = at;
    try {
      await touchApiKey(deps.db, key.id, new Date(at), ip, new Date(at - API_KEY_TOUCH_MS));
    } catch (error) {
      // The last use is a hint: a failed write never fails the request.
      deps.onError?.(error);
    }
  }

  return {
    async authenticate(token: string, request: FastifyRequest, reply: FastifyReply) {
      const key = await lookup(sha256Hex(token));
      if (!key) throw unauthorized(INTEGRATION_MESSAGES.keyNotFound);
      if (key.revoked) throw unauthorized(INTEGRATION_MESSAGES.keyRevoked);
      const wait = await limit.reserve(String(key.id));
      if (wait > 0) {
        reply.header("Retry-After", String(wait));
        throw tooManyRequests(INTEGRATION_MESSAGES.keyRateLimit);
      }
      if (!scopesAllow(key.scopes, request.method, request.routeOptions.url ?? "")) {
        throw forbidden(INTEGRATION_MESSAGES.keyScope);
      }
      await touch(key, request.ip);
      const caller: SessionUser = {
        id: NO_USER_ID,
        role: "Admin",
        sessionId: `api-key:${key.id}`,
        expiresAt: Number.MAX_SAFE_INTEGER,
        apiKey: { id: key.id, scopes: key.scopes },
      };
      return caller;
    },

    checkBody(request: FastifyRequest) {
      if (!bodyAllowed(request.method, request.routeOptions.url ?? "", request.body)) {
        throw forbidden(INTEGRATION_MESSAGES.keyScope);
      }
    },

    /** This instance forgets the key at once (its revocation); others within API_KEY_CACHE_MS. */
    forget(id: number) {
      for (const [hash, entry] of cache) if (entry.key?.id === id) cache.delete(hash);
    },
  };
}
