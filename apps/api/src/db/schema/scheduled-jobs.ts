import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.js";

/**
 * Jobs run once across instances (docs/decisions/0033): an instance runs a job only when it moves
 * `next_run_at` forward itself, in one conditional statement (a lease: the others see it moved).
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamptz("next_run_at").notNull(),
  startedAt: timestamptz("started_at"),
  finishedAt: timestamptz("finished_at"),
  /** What the last run did (counts), for an operator. */
  lastResult: jsonb("last_result"),
});
