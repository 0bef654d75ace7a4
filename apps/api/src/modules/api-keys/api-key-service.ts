import { randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX,
  type ApiKeyCreateResponse,
  type ApiKeyListResponse,
  type ApiKeyScope,
  INTEGRATION_MESSAGES,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { notFound } from "../../lib/http-error.js";
import { sha256Hex } from "../../lib/sha256-hex.js";
import { apiKeyExists, insertApiKey, listApiKeys, revokeApiKey } from "./api-key-repository.js";

/** `trb_` + 32 random bytes in base64url (43 characters): 256 bits. */
export const newApiKey = () => `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;

/** What the list shows to recognise a key: `trb_` and its next 4 characters. */
export const apiKeyPrefix = (key: string) => key.slice(0, API_KEY_PREFIX.length + 4);

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/**
 * A SuperAdmin's keys for the company's systems (decision 0083): the key is shown once and only
 * its SHA-256 is kept; revoking keeps the row (the audit and the list still name it).
 */
export function createApiKeyService(deps: { db: Db; onRevoked: (id: number) => void }) {
  const { db } = deps;
  return {
    async create(
      caller: AuthUser,
      input: { name: string; scopes: ApiKeyScope[] },
    ): Promise<ApiKeyCreateResponse> {
      const key = newApiKey();
      const id = await insertApiKey(db, {
        name: input.name,
        keyHash: sha256Hex(key),
        prefix: apiKeyPrefix(key),
        scopes: input.scopes,
        createdByUserId: caller.id,
      });
      return { id, key };
    },

    async list(): Promise<ApiKeyListResponse> {
      const rows = await listApiKeys(db);
      return {
        amount: rows.length,
        list: rows.map((row) => ({
          ...row,
          scopes: row.scopes as ApiKeyScope[],
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
          revokedAt: row.revokedAt?.toISOString() ?? null,
        })),
      };
    },

    /** Revokes the key (already revoked: the same answer); unknown id: 404. */
    async revoke(id: number) {
      const revoked = await revokeApiKey(db, id);
      if (revoked === undefined && !(await apiKeyExists(db, id))) {
        throw notFound(INTEGRATION_MESSAGES.keyNotFound);
      }
      deps.onRevoked(id);
      return { message: "Clave de API revocada" };
    },
  };
}
