import { and, eq, lt, ne } from "drizzle-orm";
import type { Db } from "../db/client.js";
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
