import type { AuditItem } from "@treiber/contract";
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { auditLog } from "../../db/schema.js";

export type AuditEntry = {
  userId: number | null;
  apiKeyId: number | null;
  entity: string;
  entityId: string | null;
  action: string;
  before: unknown;
  after: unknown;
  ip: string | null;
};

/** One row of the trail (the only write it ever gets: the table refuses UPDATE and DELETE). */
export async function insertAuditEntry(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values(entry);
}

export type AuditFilters = {
  entity?: string;
  entityId?: string;
  userId?: number;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
};

/** A user's full name (collaborator, driver or supplier user), else the e-mail. */
const userNameSql = sql<string | null>`(select coalesce(e.name || ' ' || e.lastname,
  d.name || ' ' || d.lastname, s.name || ' ' || s.lastname, u.email) from users u
  left join employees e on e.user_id = u.id left join drivers d on d.user_id = u.id
  left join supplier_users s on s.user_id = u.id where u.id = audit_log.user_id limit 1)`;

/** The trail newest first, filtered; the page and the total. */
export async function listAuditEntries(db: Db, filters: AuditFilters) {
  const conditions: SQL[] = [];
  // The entity as written in the API path, whatever the case it is asked in.
  if (filters.entity) conditions.push(sql`lower(${auditLog.entity}) = lower(${filters.entity})`);
  if (filters.entityId) conditions.push(eq(auditLog.entityId, filters.entityId));
  if (filters.userId) conditions.push(eq(auditLog.userId, filters.userId));
  if (filters.from) conditions.push(gte(auditLog.at, filters.from));
  if (filters.to) conditions.push(lt(auditLog.at, filters.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      userName: userNameSql,
      apiKeyId: auditLog.apiKeyId,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      ip: sql<string | null>`host(${auditLog.ip})`,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filters.limit)
    .offset(filters.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
  const list: AuditItem[] = rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  return { amount: total?.n ?? 0, list };
}
