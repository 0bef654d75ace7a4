import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { createdAt } from "./columns.js";

/**
 * Field-app actions applied once per user (Treiber App outbox): the first result of each client
 * action id, inserted in the same transaction as the action's effect, so a retried or concurrent
 * duplicate waits on the unique key and then replays this response.
 */
export const clientActions = pgTable(
  "client_actions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actionId: uuid("action_id").notNull(),
    kind: text("kind").notNull(),
    /** SHA-256 of the call's kind and payload (issue 21); null on rows stored before it was kept. */
    payloadHash: text("payload_hash"),
    statusCode: integer("status_code").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "client_actions_pkey", columns: [t.userId, t.actionId] }),
    index("client_actions_created_idx").on(t.createdAt),
  ],
);
