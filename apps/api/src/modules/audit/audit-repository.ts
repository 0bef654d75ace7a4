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
  /** The row read before the call (its table's columns, no secrets), or null. */
  before: Record<string, unknown> | null;
  /** What the call was asked (its body without secrets): kept when there is no row to show. */
  body: unknown;
  ip: string | null;
};

/**
 * One row of the trail, in one statement (the only write the table ever gets: it refuses UPDATE
 * and DELETE). `current` is the entity's row now (auditedRowSql) or null: with a row before, the
 * trail keeps only the fields that changed (the body when none did; the whole row before and the
 * body after when it is gone); without, the row now or the body. Committed without waiting for
 * the disk (`synchronous_commit` off for this statement only, decision 0084): the next durable
 * commit of anyone flushes it.
 */
export async function insertAuditEntry(db: Db, entry: AuditEntry, current: SQL = sql`null::jsonb`) {
  const before = entry.before ? JSON.stringify(entry.before) : null;
  const body = entry.body === null || entry.body === undefined ? null : JSON.stringify(entry.body);
  await db.execute(sql`with s as (select set_config('synchronous_commit', 'off', true)),
    cur as (select ${current} as j),
    d as (select jsonb_object_agg(e.key, coalesce(${before}::jsonb -> e.key, 'null'::jsonb)) as b,
        jsonb_object_agg(e.key, e.value) as a
      from cur, jsonb_each(coalesce(cur.j, '{}'::jsonb)) e
      where e.key <> 'updated_at' and (${before}::jsonb -> e.key) is distinct from e.value)
    insert into audit_log (user_id, api_key_id, entity, entity_id, action, before, after, ip)
    select ${entry.userId}::int, ${entry.apiKeyId}::int, ${entry.entity}, ${entry.entityId}, ${entry.action},
      case when ${before}::jsonb is null or cur.j is null then ${before}::jsonb
        when d.a is null then null else d.b end,
      case when ${before}::jsonb is null then coalesce(cur.j, ${body}::jsonb)
        when cur.j is null then ${body}::jsonb else coalesce(d.a, ${body}::jsonb) end,
      ${entry.ip}::inet
    from cur, d, s`);
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
