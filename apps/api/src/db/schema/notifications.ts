// What the product tells people: in-app notifications and every e-mail sent.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { createdAt, timestamptz } from "./columns.js";
import { intermediateRoutes } from "./trips.js";

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
    /**
     * The trip a collaborator commented on or cancelled on (null for ASSIGNED and older rows):
     * an admin's unread COMMENT notification of a trip takes the next comments into it.
     */
    intermediateRouteId: integer("intermediate_route_id").references(() => intermediateRoutes.id, {
      onDelete: "set null",
    }),
    /** How many comments a grouped COMMENT notification stands for (1 otherwise). */
    eventCount: integer("event_count").notNull().default(1),
    /** When it was created or, grouped, when its latest comment came in (lists sort by it). */
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_trip_unread_idx")
      .on(t.intermediateRouteId, t.userId)
      .where(sql`${t.readAt} is null and ${t.intermediateRouteId} is not null`),
    check("notifications_tag_check", sql`${t.tag} in ('COMMENT', 'CANCELED', 'ASSIGNED')`),
    check("notifications_event_count_check", sql`${t.eventCount} >= 1`),
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
    /**
     * A held mail's date (issue 33: an import's invitations «sin enviar» until go-live): it waits
     * until then, or until an admin sends it. Null: sent at once (every other mail).
     */
    sendAt: timestamptz("send_at"),
    /** When a held mail was let go (its date came, or an admin sent it); null while it waits. */
    releasedAt: timestamptz("released_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_to_idx").on(t.to, t.createdAt),
    index("mail_outbox_held_idx")
      .on(t.sendAt)
      .where(sql`${t.sendAt} is not null and ${t.releasedAt} is null`),
  ],
);
