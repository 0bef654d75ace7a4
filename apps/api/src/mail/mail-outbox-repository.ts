import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
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

/** Writes many mails to the outbox in the caller's transaction (one statement, one JSON parameter); their ids. */
export async function insertOutboxMails(
  tx: Tx,
  mails: readonly { to: string; subject: string; text: string }[],
) {
  if (mails.length === 0) return [];
  const values = mails.map((mail) => ({ to: mail.to, subject: mail.subject, body: mail.text }));
  const result = await tx.execute(sql`
    insert into ${mailOutbox} ("to", subject, body)
    select v."to", v.subject, v.body from ${jsonRows(values)} as v("to" text, subject text, body text)
    returning id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}

/** The outbox mails of these ids that still have their text (not sent yet). */
export function findQueuedMails(db: Db, ids: readonly number[]) {
  return db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.body })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.id, [...ids]), ne(mailOutbox.body, "")))
    .orderBy(mailOutbox.id);
}

/** Drops a mail's text once sent (or failed), keeping who, what subject and when. */
export async function dropOutboxBody(db: Db, id: number, values: { sentAt?: Date; error?: string }) {
  await db
    .update(mailOutbox)
    .set({ ...values, body: "" })
    .where(eq(mailOutbox.id, id));
}

/** Drops the texts of unsent mails written before `before`. */
export async function dropStaleOutboxBodies(db: Db, before: Date) {
  await db
    .update(mailOutbox)
    .set({ body: "" })
    .where(and(ne(mailOutbox.body, ""), lt(mailOutbox.createdAt, before)));
}
