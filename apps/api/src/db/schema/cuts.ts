// Billing cuts: the periods billed, with the totals frozen when each cut was made.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, serial } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { createdAt, timestamptz } from "./columns.js";

export const cuts = pgTable(
  "cuts",
  {
    id: serial("id").primaryKey(),
    sinceAt: timestamptz("since_at").notNull(),
    untilAt: timestamptz("until_at").notNull(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    /** Totals frozen when the cut was made (migration 0008): trips, riders boarded, cost in cents. */
    trips: integer("trips").notNull().default(0),
    collaborators: integer("collaborators").notNull().default(0),
    totalCents: bigint("total_cents", { mode: "number" }).notNull().default(0),
  },
  // Also `cuts_no_overlap`, an exclusion constraint Drizzle cannot declare (migration 0002).
  (t) => [
    check("cuts_period_check", sql`${t.sinceAt} < ${t.untilAt}`),
    index("cuts_until_at_idx").on(t.untilAt),
  ],
);
