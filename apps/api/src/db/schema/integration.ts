// Issue 39: the company's systems — API keys, webhooks and their deliveries, reports sent by
// e-mail on a schedule, and the audit trail (append-only: a trigger refuses UPDATE and DELETE,
// migration 0029).
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { createdAt, timestamptz } from "./columns.js";

/** A key for a system: only the SHA-256 (hex) of `trb_…` is kept. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    /** `trb_` and the first 4 characters after it (to recognise it in the list). */
    prefix: text("prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: timestamptz("last_used_at"),
    lastUsedIp: text("last_used_ip"),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_key_hash_key").on(t.keyHash)],
);

/** A receiver of events, signed with its own secret (Standard Webhooks). */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    description: text("description"),
    /** `whsec_` + base64: kept to sign (shown once to its creator). */
    secret: text("secret").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdByApiKeyId: integer("created_by_api_key_id").references(() => apiKeys.id, {
      onDelete: "set null",
    }),
    /** Deleted webhooks stay for their delivery log; nothing is sent to them. */
    deletedAt: timestamptz("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [index("webhooks_active_idx").on(t.id).where(sql`${t.deletedAt} is null`)],
);

/**
 * One event to one webhook: `message_id` is the `webhook-id` of every attempt and replay. Claimed
 * by one instance at a time (`locked_until`), retried with backoff until 24 h after the event.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    event: text("event").notNull(),
    /** The JSON body sent: { type, timestamp, data }. */
    payload: jsonb("payload").notNull(),
    /** PENDING | SUCCEEDED | FAILED. */
    status: text("status").notNull().default("PENDING"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").defaultNow(),
    lockedUntil: timestamptz("locked_until"),
    lastStatusCode: smallint("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamptz("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_message_key").on(t.webhookId, t.messageId),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt),
    check("webhook_deliveries_status_check", sql`${t.status} in ('PENDING', 'SUCCEEDED', 'FAILED')`),
  ],
);

/** A report's Excel sent by e-mail daily, weekly or monthly at a local time. */
export const reportSchedules = pgTable(
  "report_schedules",
  {
    id: serial("id").primaryKey(),
    report: text("report").notNull(),
    frequency: text("frequency").notNull(),
    /** HH:mm on the branch offices' clock. */
    time: text("time").notNull(),
    weekday: smallint("weekday"),
    monthDay: smallint("month_day"),
    recipients: text("recipients").array().notNull(),
    filters: jsonb("filters").notNull().default({}),
    /** Whose rights the report is read with (a schedule of a user who lost them fails). */
    createdByUserId: integer("created_by_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The next due instant; a run claims it by moving it on (once across instances). */
    nextRunAt: timestamptz("next_run_at").notNull(),
    lastRunAt: timestamptz("last_run_at"),
    lastStatus: text("last_status"),
    lastError: text("last_error"),
    deletedAt: timestamptz("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("report_schedules_due_idx").on(t.nextRunAt).where(sql`${t.deletedAt} is null`),
    check("report_schedules_frequency_check", sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
  ],
);

/** Each run of a schedule: its period and whether the mail went out. */
export const reportScheduleRuns = pgTable(
  "report_schedule_runs",
  {
    id: serial("id").primaryKey(),
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => reportSchedules.id, { onDelete: "cascade" }),
    scheduledFor: timestamptz("scheduled_for").notNull(),
    ranAt: timestamptz("ran_at").defaultNow().notNull(),
    status: text("status").notNull(),
    error: text("error"),
    periodFrom: text("period_from").notNull(),
    periodUntil: text("period_until").notNull(),
  },
  (t) => [uniqueIndex("report_schedule_runs_once_key").on(t.scheduleId, t.scheduledFor)],
);

/** Who changed what: append-only (migration 0029's trigger refuses UPDATE, DELETE, TRUNCATE). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamptz("at").defaultNow().notNull(),
    userId: integer("user_id"),
    apiKeyId: integer("api_key_id"),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: inet("ip"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.at),
    index("audit_log_user_idx").on(t.userId, t.at),
  ],
);
