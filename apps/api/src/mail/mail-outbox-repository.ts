import { and, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { jsonRows } from "../db/json-rows.js";
import { mailOutbox } from "../db/schema.js";

/** Writes a mail to the outbox; its id. */
export async function insertOutboxMail(
  db: Db,
  mail: { to: string; subject: string; text: string },
): Promise<number | undefined> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, body: mail.text })
    .returning({ id: mailOutbox.id });
  return row?.id;
}

/**
 * Writes many mails to the outbox in the caller's transaction (one statement, one JSON parameter);
 * their ids. With `sendAt` they are held until then (issue 33): nothing sends them before.
 */
export async function insertOutboxMails(
  tx: Tx,
  mails: readonly { to: string; subject: string; text: string }[],
  sendAt?: Date,
) {
  if (mails.length === 0) return [];
  const values = mails.map((mail) => ({ to: mail.to, subject: mail.subject, body: mail.text }));
  const held = sendAt ? sendAt.toISOString() : null;
  const result = await tx.execute(sql`
    insert into ${mailOutbox} ("to", subject, body, send_at)
    select v."to", v.subject, v.body, ${held}::timestamptz
    from ${jsonRows(values)} as v("to" text, subject text, body text)
    returning id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}

/** A mail waiting for its date: held and not let go yet. */
const isHeld = and(isNotNull(mailOutbox.sendAt), isNull(mailOutbox.releasedAt));

/** The outbox mails of these ids that still have their text (not sent yet) and are not held. */
export function findQueuedMails(db: Db, ids: readonly number[]) {
  return db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.body })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.id, [...ids]),
        ne(mailOutbox.body, ""),
        or(isNull(mailOutbox.sendAt), isNotNull(mailOutbox.releasedAt)),
      ),
    )
    .orderBy(mailOutbox.id);
}

/**
 * Lets go the held mails due by `dueBy` (all of them without it: an admin's «Enviar invitaciones»)
 * and answers their ids, to send like any queued mail. One conditional UPDATE: of two instances
 * releasing at once, each mail goes to one (PostgreSQL re-checks `released_at is null` after
 * waiting for the other's row lock).
 */
export async function releaseHeldMails(db: Db, dueBy?: Date): Promise<number[]> {
  const rows = await db
    .update(mailOutbox)
    .set({ releasedAt: sql`clock_timestamp()` })
    .where(and(isHeld, ne(mailOutbox.body, ""), dueBy ? lte(mailOutbox.sendAt, dueBy) : undefined))
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** How many mails are held, and the earliest and latest of their dates. */
export async function summarizeHeldMails(db: Db) {
  const [row] = await db
    .select({
      held: sql<number>`count(*)::int`,
      first: sql<string | null>`min(${mailOutbox.sendAt})`,
      last: sql<string | null>`max(${mailOutbox.sendAt})`,
    })
    .from(mailOutbox)
    .where(and(isHeld, ne(mailOutbox.body, "")));
  const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
  return { held: Number(row?.held ?? 0), nextSendAt: iso(row?.first), lastSendAt: iso(row?.last) };
}

/** Drops a mail's text once sent (or failed), keeping who, what subject and when. */
export async function dropOutboxBody(db: Db, id: number, values: { sentAt?: Date; error?: string }) {
  await db
    .update(mailOutbox)
    .set({ ...values, body: "" })
    .where(eq(mailOutbox.id, id));
}

/**
 * Drops the texts of unsent mails written (a held one: let go) before `before`; a held mail keeps
 * its text until its date.
 */
export async function dropStaleOutboxBodies(db: Db, before: Date) {
  await db
    .update(mailOutbox)
    .set({ body: "" })
    .where(
      and(
        ne(mailOutbox.body, ""),
        or(
          and(isNull(mailOutbox.sendAt), lt(mailOutbox.createdAt, before)),
          and(isNotNull(mailOutbox.releasedAt), lt(mailOutbox.releasedAt, before)),
        ),
      ),
    );
}
