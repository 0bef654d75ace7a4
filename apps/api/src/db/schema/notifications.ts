// What the product tells people: in-app notifications and every e-mail sent.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { createdAt, timestamptz } from "./columns.js";

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    tag: text("tag").notNull(),
    messageJson: text("message_json").notNull().default("{}"),
    readAt: timestamptz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    check("notifications_tag_check", sql`${t.tag} in ('COMMENT', 'CANCELED', 'ASSIGNED')`),
  ],
);

/** Every e-mail the product sends; without SMTP_URL this is where mail ends up (and the log). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    sentAt: timestamptz("sent_at"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);
