// Disputes on a cut's lines (issue 37) and the adjustment lines they become in the next cut.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { suppliers } from "./catalog.js";
import { createdAt, timestamptz } from "./columns.js";
import { cutTrips } from "./cut-trips.js";
import { cuts } from "./cuts.js";

/**
 * A supplier's dispute of one trip of a cut: OPEN until an admin accepts (with the amount granted)
 * or rejects it with a note. An ACCEPTED dispute is paid as an adjustment line of the next cut
 * made: that cut's id lands in `adjustment_cut_id` once, in the transaction that makes the cut.
 */
export const disputes = pgTable(
  "disputes",
  {
    id: serial("id").primaryKey(),
    cutId: integer("cut_id")
      .notNull()
      .references(() => cuts.id, { onDelete: "restrict" }),
    intermediateRouteId: integer("intermediate_route_id")
      .notNull()
      .references(() => cutTrips.intermediateRouteId, { onDelete: "restrict" }),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    claimedCents: bigint("claimed_cents", { mode: "number" }).notNull(),
    /** OPEN | ACCEPTED | REJECTED. */
    status: text("status").notNull().default("OPEN"),
    note: text("note"),
    acceptedCents: bigint("accepted_cents", { mode: "number" }),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "restrict" }),
    resolvedAt: timestamptz("resolved_at"),
    adjustmentCutId: integer("adjustment_cut_id").references(() => cuts.id, { onDelete: "restrict" }),
  },
  (t) => [
    index("disputes_cut_idx").on(t.cutId, t.status),
    index("disputes_supplier_idx").on(t.supplierId, t.createdAt),
    index("disputes_adjustment_cut_idx").on(t.adjustmentCutId),
    /** One open dispute per trip at a time (a rejected one may be disputed again). */
    uniqueIndex("disputes_open_trip_key").on(t.intermediateRouteId).where(sql`${t.status} = 'OPEN'`),
    check("disputes_status_check", sql`${t.status} in ('OPEN', 'ACCEPTED', 'REJECTED')`),
    check("disputes_claimed_check", sql`${t.claimedCents} > 0`),
    check(
      "disputes_resolution_check",
      sql`(${t.status} = 'OPEN') = (${t.resolvedAt} is null) and (${t.status} = 'ACCEPTED') = (${t.acceptedCents} is not null)`,
    ),
    check("disputes_adjustment_check", sql`${t.adjustmentCutId} is null or ${t.status} = 'ACCEPTED'`),
  ],
);
