import type { DocumentOwnerType, DocumentReview, DocumentType } from "@treiber/contract";
import { eq } from "drizzle-orm";
import { documents, drivers } from "../../src/db/schema.js";
import { branchOfficeTime } from "../../src/lib/branch-office-time.js";
import { createUser, testDatabase, unique } from "./test-app.js";

const uploaders = new WeakMap<object, Promise<number>>();
/** Who uploaded the factory's papers: one admin per database (a file may have its own). */
async function uploaderId() {
  const database = await testDatabase();
  let uploader = uploaders.get(database);
  if (!uploader) {
    uploader = createUser({ role: "Admin" }).then((user) => user.id);
    uploaders.set(database, uploader);
  }
  return uploader;
}

/** `YYYY-MM-DD` `days` after (before, when negative) `day`. */
export function shiftDay(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today on the test apps' branch offices (UTC, as buildTestApp sets them). */
export const utcToday = () => branchOfficeTime(() => 0).serviceDay(Date.now());

/** `YYYY-MM-DD` → `DD/MM/YYYY`, as documentExpiredMessage writes it. */
export const dmy = (day: string) => day.split("-").reverse().join("/");

/**
 * A paper inserted straight into `documents` (no file behind it): APPROVED unless told, its
 * supplier the driver's for DRIVER/VEHICLE papers (or the supplier for SUPPLIER ones).
 */
export async function insertDocument(values: {
  ownerType: DocumentOwnerType;
  ownerId: number;
  type: DocumentType;
  expiresOn: string;
  review?: DocumentReview;
  supplierId?: number;
  number?: string;
}) {
  const { db } = await testDatabase();
  let supplierId = values.supplierId;
  if (supplierId === undefined) {
    if (values.ownerType === "SUPPLIER") supplierId = values.ownerId;
    else {
      const [driver] = await db
        .select({ supplierId: drivers.supplierId })
        .from(drivers)
        .where(eq(drivers.id, values.ownerId));
      if (!driver) throw new Error("no driver");
      supplierId = driver.supplierId;
    }
  }
  const [row] = await db
    .insert(documents)
    .values({
      ownerType: values.ownerType,
      ownerId: values.ownerId,
      supplierId,
      type: values.type,
      category: values.type === "LICENSE" ? "2" : null,
      number: values.number ?? unique("N-").slice(0, 12),
      expiresOn: values.expiresOn,
      review: values.review ?? "APPROVED",
      storageKey: unique("test/"),
      fileName: "documento.pdf",
      contentType: "application/pdf",
      sizeBytes: 1024,
      sha256: "0".repeat(64),
      uploadedBy: await uploaderId(),
    })
    .returning();
  if (!row) throw new Error("no document");
  return row;
}

/** An admin's approval of a pending paper, straight in the table. */
export async function approveDocument(id: number) {
  const { db } = await testDatabase();
  await db.update(documents).set({ review: "APPROVED", reviewedAt: new Date() }).where(eq(documents.id, id));
}
