import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { webhooks } from "../../db/schema.js";
import { type RawRow, rowsOf } from "../reports/trip-scope.js";

/** A user's name (employee or driver), else the e-mail; null for none. */
const personName = (userId: SQL) =>
  sql`(select coalesce(pe.name || ' ' || pe.lastname, pd.name || ' ' || pd.lastname, pu.email)
    from users pu left join employees pe on pe.user_id = pu.id left join drivers pd on pd.user_id = pu.id
    where pu.id = ${userId})`;

/**
 * One delivery of message `messageId` per webhook not deleted that subscribes to `event`, in the
 * caller's transaction; a message already queued for a webhook is not queued again. How many.
 */
export async function insertDeliveries(
  db: Db | Tx,
  event: string,
  messageId: string,
  payload: unknown,
  dueAt: Date,
) {
  // Due at the app's clock (milliseconds), the one the worker claims with: the database's now()
  // (microseconds) could put a delivery queued in the same millisecond just after a claim's `now`.
  const rows = await rowsOf(
    db,
    sql`insert into webhook_deliveries (webhook_id, message_id, event, payload, next_attempt_at)
      select id, ${messageId}, ${event}, ${JSON.stringify(payload)}::jsonb, ${dueAt} from webhooks
      where deleted_at is null and ${event} = any(events)
      on conflict (webhook_id, message_id) do nothing
      returning id`,
  );
  return rows.length;
}

/** True when a webhook not deleted subscribes to `event`. */
export async function hasSubscribers(db: Db | Tx, event: string) {
  const rows = await rowsOf(
    db,
    sql`select 1 from webhooks where deleted_at is null and ${event} = any(events) limit 1`,
  );
  return rows.length > 0;
}

export async function insertWebhook(
  db: Db,
  values: {
    url: string;
    events: string[];
    description: string | null;
    secret: string;
    createdByUserId: number | null;
    createdByApiKeyId: number | null;
  },
): Promise<number> {
  const [row] = await db.insert(webhooks).values(values).returning({ id: webhooks.id });
  if (!row) throw new Error("webhook not inserted");
  return row.id;
}

/** The webhooks not deleted, newest first, with their deliveries pending and failed in the last 24 h. */
export async function listWebhooks(db: Db, now: Date): Promise<RawRow[]> {
  const since = new Date(now.getTime() - 24 * 3_600_000);
  return rowsOf(
    db,
    sql`select w.id, w.url, w.events, w.description, w.created_at,
        coalesce(${personName(sql`w.created_by_user_id`)},
          (select 'Clave ' || k.name from api_keys k where k.id = w.created_by_api_key_id)) as created_by,
        (select count(*)::int from webhook_deliveries d
          where d.webhook_id = w.id and d.status = 'PENDING') as pending,
        (select count(*)::int from webhook_deliveries d
          where d.webhook_id = w.id and d.status = 'FAILED' and d.created_at >= ${since}) as failed,
        (select max(d.delivered_at) from webhook_deliveries d where d.webhook_id = w.id) as last_delivery_at
      from webhooks w
      where w.deleted_at is null
      order by w.id desc`,
  );
}

/** Whether webhook `id` exists (and is not deleted, unless `deleted`). */
export async function webhookExists(db: Db, id: number, options: { deleted?: boolean } = {}) {
  const alive = options.deleted ? sql`` : sql`and deleted_at is null`;
  const rows = await rowsOf(db, sql`select 1 from webhooks where id = ${id} ${alive}`);
  return rows.length > 0;
}

/**
 * Deletes webhook `id` (kept for its log, `deleted_at`): its deliveries still pending fail, so
 * nothing more is sent to it. False when there was none to delete.
 */
export async function deleteWebhook(db: Db, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await rowsOf(
      tx,
      sql`update webhooks set deleted_at = ${now} where id = ${id} and deleted_at is null returning id`,
    );
    if (deleted.length === 0) return false;
    await tx.execute(sql`update webhook_deliveries
      set status = 'FAILED', locked_until = null, next_attempt_at = null, last_error = 'Webhook eliminado'
      where webhook_id = ${id} and status = 'PENDING'`);
    return true;
  });
}

/** One page of a webhook's deliveries, newest first (status and creation range optional). */
export async function listDeliveries(
  db: Db,
  filters: {
    webhookId: number;
    status: string | undefined;
    createdFrom: Date | undefined;
    createdTo: Date | undefined;
    amount: number;
    skip: number;
  },
): Promise<{ amount: number; rows: RawRow[] }> {
  const where: SQL[] = [sql`webhook_id = ${filters.webhookId}`];
  if (filters.status) where.push(sql`status = ${filters.status}`);
  if (filters.createdFrom) where.push(sql`created_at >= ${filters.createdFrom}`);
  if (filters.createdTo) where.push(sql`created_at < ${filters.createdTo}`);
  const condition = sql.join(where, sql` and `);
  const [count] = await rowsOf(db, sql`select count(*)::int as n from webhook_deliveries where ${condition}`);
  const rows = await rowsOf(
    db,
    sql`select id, webhook_id, message_id, event, status, attempts, last_status_code, last_error,
        next_attempt_at, created_at, delivered_at, payload
      from webhook_deliveries where ${condition}
      order by created_at desc, id desc
      limit ${filters.amount} offset ${(filters.skip - 1) * filters.amount}`,
  );
  return { amount: Number(count?.n ?? 0), rows };
}

/**
 * Replays delivery `id` of a webhook not deleted: PENDING again and due now, same message id (a
 * send in progress keeps its lease: no second send meanwhile). False when there is no such delivery.
 */
export async function replayDelivery(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`update webhook_deliveries d set status = 'PENDING', next_attempt_at = ${now}
      from webhooks w
      where d.id = ${id} and w.id = d.webhook_id and w.deleted_at is null
      returning d.id`,
  );
  return rows.length > 0;
}

/** A delivery claimed to send, with its webhook's URL and secret. */
export type ClaimedDelivery = {
  id: number;
  messageId: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
};

/**
 * Claims up to `limit` deliveries due at `now` for `leaseMs`: the inner select skips rows another
 * instance is claiming (`for update skip locked`) and the lease (`locked_until`) keeps a claimed
 * row from being claimed again until its send is over, so two instances never send it at once.
 * A crashed instance's claims are due again when their lease ends.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const rows = await rowsOf(
    db,
    sql`with claimed as (
        update webhook_deliveries set locked_until = ${new Date(now.getTime() + leaseMs)},
          attempts = attempts + 1
        where id in (
          select d.id from webhook_deliveries d
          where d.status = 'PENDING' and d.next_attempt_at <= ${now}
            and (d.locked_until is null or d.locked_until <= ${now})
          order by d.next_attempt_at, d.id
          limit ${limit}
          for update skip locked)
        returning id, webhook_id, message_id, payload, attempts, created_at)
      select c.id, c.message_id, c.payload, c.attempts, c.created_at, w.url, w.secret
      from claimed c join webhooks w on w.id = c.webhook_id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    messageId: String(row.message_id),
    payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at as string | Date),
    url: String(row.url),
    secret: String(row.secret),
  }));
}

/** The outcome of one attempt: delivered, to retry at `nextAttemptAt`, or failed for good. */
export type AttemptOutcome =
  | { kind: "succeeded"; statusCode: number; at: Date }
  | { kind: "retry"; statusCode: number | null; error: string; nextAttemptAt: Date }
  | { kind: "failed"; statusCode: number | null; error: string };

export async function recordAttempt(db: Db, id: number, outcome: AttemptOutcome) {
  if (outcome.kind === "succeeded") {
    await db.execute(sql`update webhook_deliveries set status = 'SUCCEEDED', locked_until = null,
        next_attempt_at = null, last_status_code = ${outcome.statusCode}, last_error = null,
        delivered_at = ${outcome.at}
      where id = ${id}`);
    return;
  }
  const error = outcome.error.slice(0, 500);
  if (outcome.kind === "retry") {
    await db.execute(sql`update webhook_deliveries set locked_until = null,
        next_attempt_at = ${outcome.nextAttemptAt}, last_status_code = ${outcome.statusCode},
        last_error = ${error}
      where id = ${id} and status = 'PENDING'`);
    return;
  }
  await db.execute(sql`update webhook_deliveries set status = 'FAILED', locked_until = null,
      next_attempt_at = null, last_status_code = ${outcome.statusCode}, last_error = ${error}
    where id = ${id} and status = 'PENDING'`);
}
