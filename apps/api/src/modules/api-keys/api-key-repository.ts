import type { ApiKeyScope } from "@treiber/contract";
import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { apiKeys } from "../../db/schema.js";

/** The creator's full name (collaborator), else the e-mail. */
const creatorName = sql<string | null>`(select coalesce(e.name || ' ' || e.lastname, u.email)
  from users u left join employees e on e.user_id = u.id where u.id = ${apiKeys.createdByUserId})`;

export async function insertApiKey(
  db: Db,
  values: { name: string; keyHash: string; prefix: string; scopes: ApiKeyScope[]; createdByUserId: number },
) {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  if (!row) throw new Error("api key insert returned no row");
  return row.id;
}

/** Every key, newest first, revoked ones too (the list shows them as revoked). */
export async function listApiKeys(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      createdBy: creatorName,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes a live key: its id, or undefined when no such key or already revoked. */
export async function revokeApiKey(db: Db, id: number) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return row?.id;
}

export async function apiKeyExists(db: Db, id: number) {
  const [row] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row !== undefined;
}

/** The key whose SHA-256 is `keyHash` (revoked or not), or undefined. */
export async function findApiKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row;
}

/**
 * Records a use at `at` from `ip` unless one later than `notBefore` is there (another instance
 * may have just written it): at most one write per key and interval across instances.
 */
export async function touchApiKey(db: Db, id: number, at: Date, ip: string, notBefore: Date) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at, lastUsedIp: ip })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, notBefore))));
}
