import type { DocumentListQuery, DocumentOwnerType, DocumentReview, DocumentStatus } from "@treiber/contract";
import { EXPIRING_WITHIN_DAYS } from "@treiber/contract";
import { and, asc, count, eq, gt, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { documents, drivers, employees, suppliers, supplierUsers, users } from "../../db/schema.js";
import { pageWindow } from "../../lib/paging.js";
import { addDays } from "../bookings/booking-clock.js";

/** The supplier an owner belongs to (a VEHICLE's owner is its driver), or undefined when none. */
export async function findOwnerSupplier(
  db: Db,
  ownerType: DocumentOwnerType,
  ownerId: number,
): Promise<number | undefined> {
  if (ownerType === "SUPPLIER") {
    const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, ownerId));
    return row?.id;
  }
  const [row] = await db
    .select({ supplierId: drivers.supplierId })
    .from(drivers)
    .where(eq(drivers.id, ownerId));
  return row?.supplierId;
}

export type NewDocument = typeof documents.$inferInsert;

export async function insertDocument(db: Db, values: NewDocument): Promise<number> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  if (!row) throw new Error("no se guardó el documento");
  return row.id;
}

/**
 * The expiry range of a status on `today` (the contract's documentStatus in SQL, on the
 * `expires_on` index): EXPIRED before today, EXPIRING from today through EXPIRING_WITHIN_DAYS
 * ahead, VALID after that.
 */
export function statusCondition(status: DocumentStatus, today: string): SQL | undefined {
  const lastExpiring = addDays(today, EXPIRING_WITHIN_DAYS);
  if (status === "EXPIRED") return lt(documents.expiresOn, today);
  if (status === "EXPIRING")
    return and(gte(documents.expiresOn, today), lte(documents.expiresOn, lastExpiring));
  return gt(documents.expiresOn, lastExpiring);
}

/**
 * Whether a row is the paper that counts for its owner and type: approved, and no other approved
 * one of the same owner and type expires later (the later upload wins a tie).
 */
const isCurrent = sql<boolean>`(${documents.review} = 'APPROVED' and not exists (
  select 1 from documents later
  where later.owner_type = ${documents.ownerType} and later.owner_id = ${documents.ownerId}
    and later.type = ${documents.type} and later.review = 'APPROVED'
    and (later.expires_on > ${documents.expiresOn}
      or (later.expires_on = ${documents.expiresOn} and later.id > ${documents.id}))))`;

/** The driver's «Nombre Apellido»; a vehicle's «PLACA (Nombre Apellido)»; the supplier's name. */
const ownerName = sql<string>`case ${documents.ownerType}
  when 'SUPPLIER' then ${suppliers.name}
  when 'VEHICLE' then coalesce(nullif(${drivers.vehiclePlate}, ''), 'Sin placa') || ' (' || ${drivers.name} || ' ' || ${drivers.lastname} || ')'
  else ${drivers.name} || ' ' || ${drivers.lastname} end`;

/** Who uploaded: a supplier user's or an employee's name, else the account's e-mail. */
const uploadedBy = sql<string>`coalesce(
  (select su.name || ' ' || su.lastname from ${supplierUsers} su where su.user_id = ${documents.uploadedBy}),
  (select e.name || ' ' || e.lastname from ${employees} e where e.user_id = ${documents.uploadedBy}),
  (select u.email from ${users} u where u.id = ${documents.uploadedBy}))`;

export type DocumentFilter = DocumentListQuery & {
  /** The supplier the caller is limited to (a Supplier user), else null. */
  scope: number | null;
  /** The branch offices' today, `YYYY-MM-DD`. */
  today: string;
};

function listConditions(filter: DocumentFilter) {
  return and(
    filter.scope !== null ? eq(documents.supplierId, filter.scope) : undefined,
    filter.supplierId !== undefined ? eq(documents.supplierId, filter.supplierId) : undefined,
    filter.ownerType ? eq(documents.ownerType, filter.ownerType) : undefined,
    filter.ownerId !== undefined ? eq(documents.ownerId, filter.ownerId) : undefined,
    filter.review ? eq(documents.review, filter.review) : undefined,
    filter.status ? statusCondition(filter.status, filter.today) : undefined,
    filter.criterion
      ? sql`(${documents.number} ilike ${`%${filter.criterion.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
      : undefined,
  );
}

/** A page of papers (by expiry, then id) and how many match, filtered in SQL. */
export async function listDocuments(db: Db, filter: DocumentFilter) {
  const where = listConditions(filter);
  const { limit, offset } = pageWindow(filter);
  // One after the other: a transaction's client must not run two queries at once (pg 8.23).
  const [total] = await db.select({ value: count() }).from(documents).where(where);
  const rows = await db
    .select({
      id: documents.id,
      ownerType: documents.ownerType,
      ownerId: documents.ownerId,
      ownerName,
      supplierId: documents.supplierId,
      supplierName: suppliers.name,
      type: documents.type,
      category: documents.category,
      number: documents.number,
      expiresOn: documents.expiresOn,
      review: documents.review,
      reviewNote: documents.reviewNote,
      reviewedAt: documents.reviewedAt,
      fileName: documents.fileName,
      contentType: documents.contentType,
      sizeBytes: documents.sizeBytes,
      uploadedAt: documents.createdAt,
      uploadedBy,
      current: isCurrent,
    })
    .from(documents)
    .innerJoin(suppliers, eq(suppliers.id, documents.supplierId))
    .leftJoin(
      drivers,
      and(sql`${documents.ownerType} in ('DRIVER', 'VEHICLE')`, eq(drivers.id, documents.ownerId)),
    )
    .where(where)
    .orderBy(asc(documents.expiresOn), asc(documents.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.value ?? 0, rows };
}

/**
 * Reviews a PENDING paper in one statement (two admins at once: one wins): "reviewed", or why
 * not ("missing", "already").
 */
export async function reviewDocument(
  db: Db,
  review: {
    id: number;
    decision: Exclude<DocumentReview, "PENDING">;
    note: string | null;
    reviewerId: number;
  },
): Promise<"reviewed" | "missing" | "already"> {
  const now = new Date();
  const [updated] = await db
    .update(documents)
    .set({
      review: review.decision,
      reviewNote: review.note,
      reviewedBy: review.reviewerId,
      reviewedAt: now,
      updatedAt: now,
    })
    .where(and(eq(documents.id, review.id), eq(documents.review, "PENDING")))
    .returning({ id: documents.id });
  if (updated) return "reviewed";
  const [exists] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, review.id));
  return exists ? "already" : "missing";
}

/** Where a paper's file is and how to serve it, when the caller may see it (`scope` null: admins). */
export async function findDocumentFile(db: Db, id: number, scope: number | null) {
  const [row] = await db
    .select({
      storageKey: documents.storageKey,
      fileName: documents.fileName,
      contentType: documents.contentType,
      sizeBytes: documents.sizeBytes,
    })
    .from(documents)
    .where(and(eq(documents.id, id), scope !== null ? eq(documents.supplierId, scope) : undefined));
  return row;
}
