// Papers that expire (issue 37): drivers', vehicles' and suppliers' documents with their files.
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { suppliers } from "./catalog.js";
import { createdAt, timestamptz, updatedAt } from "./columns.js";

/**
 * One uploaded paper: its owner (a driver, the driver's vehicle — `owner_id` is the driver's id —
 * or a supplier), the supplier it belongs to (kept so every list filters by supplier on an index),
 * its number and expiry, an admin's review and where its file is stored (`storage_key` under the
 * data folder or in S3-compatible storage; served only after a permission check).
 */
export const documents = pgTable(
  "documents",
  {
    id: serial("id").primaryKey(),
    ownerType: text("owner_type").notNull(),
    ownerId: integer("owner_id").notNull(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    type: text("type").notNull(),
    /** The licence's category (LICENSE only). */
    category: text("category"),
    number: text("number").notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    /** PENDING (a supplier's upload) | APPROVED | REJECTED. */
    review: text("review").notNull().default("PENDING"),
    reviewNote: text("review_note"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "restrict" }),
    reviewedAt: timestamptz("reviewed_at"),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    uploadedBy: integer("uploaded_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("documents_owner_idx").on(t.ownerType, t.ownerId, t.type, t.expiresOn),
    index("documents_supplier_idx").on(t.supplierId, t.expiresOn),
    index("documents_expires_on_idx").on(t.expiresOn),
    check("documents_owner_type_check", sql`${t.ownerType} in ('DRIVER', 'VEHICLE', 'SUPPLIER')`),
    check(
      "documents_type_check",
      sql`${t.type} in ('LICENSE', 'MEDICAL_CERTIFICATE', 'INSURANCE', 'TECHNICAL_INSPECTION', 'ROUTE_PERMIT', 'CONTRACT', 'TAX_REGISTRATION')`,
    ),
    check("documents_review_check", sql`${t.review} in ('PENDING', 'APPROVED', 'REJECTED')`),
    check("documents_size_check", sql`${t.sizeBytes} > 0`),
  ],
);

/**
 * One row per branch-office day the expiry digest ran (decision 0078): inserting it is the «once a
 * day», between instances too; `finished_at` and `result` say what it sent.
 */
export const documentDigestRuns = pgTable("document_digest_runs", {
  digestDate: date("digest_date", { mode: "string" }).primaryKey(),
  startedAt: timestamptz("started_at").notNull().defaultNow(),
  finishedAt: timestamptz("finished_at"),
  result: jsonb("result"),
});
