import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DocumentOwnerType, DocumentType } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { documents } from "../../src/db/schema.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { newDocumentKey } from "../../src/modules/documents/storage/document-key.js";
import type { DocumentStorage } from "../../src/modules/documents/storage/document-storage.js";
import { createLocalDocumentStorage } from "../../src/modules/documents/storage/local-document-storage.js";
import type { TestClock } from "./booking-factories.js";
import { type SignedIn, testConfig, testDatabase } from "./test-app.js";

/** A one-page PDF's first bytes (the check reads only the signature). */
export const PDF_BYTES = Buffer.from(
  "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n",
  "latin1",
);
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0", "latin1"),
]);
export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
/** A Windows executable's, a ZIP's and an HTML page's first bytes. */
export const EXE_BYTES = Buffer.concat([Buffer.from("MZ\x90\0\x03\0\0\0", "latin1"), Buffer.alloc(64, 1)]);
export const ZIP_BYTES = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 2)]);
export const HTML_BYTES = Buffer.from("<!doctype html><script>alert(1)</script>", "utf8");

/**
 * An app whose documents' files go to a folder of its own (`dir`, removed by `close`), whose
 * bookings' clock (the branch offices' today) reads `clock`, with the branch offices
 * `offsetMinutes` behind UTC (240: Santo Domingo).
 */
export async function documentApp(
  options: { clock?: TestClock; offsetMinutes?: number; storage?: (dir: string) => DocumentStorage } = {},
) {
  const dir = await mkdtemp(join(tmpdir(), "treiber-documents-"));
  const storage = options.storage?.(dir) ?? createLocalDocumentStorage(dir);
  const clock = options.clock;
  const app = await buildApp({
    config: testConfig(),
    database: await testDatabase(),
    logger: false,
    throttle: createSignInThrottle({ ip: { free: 100_000 } }),
    branchOfficeOffsetAt: () => options.offsetMinutes ?? 240,
    documentStorage: storage,
    ...(clock && { bookings: { now: () => clock.now } }),
  });
  await app.ready();
  return {
    app,
    dir,
    storage,
    async close() {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type UploadFields = {
  ownerType: DocumentOwnerType | string;
  ownerId: number | string;
  type: DocumentType | string;
  number?: string;
  expiresOn?: string;
  category?: string;
};

/** The multipart form of `POST Document`: the text fields, then the file in `file`. */
export function documentForm(
  fields: Partial<Record<keyof UploadFields, string | number>>,
  file: Buffer | null,
  fileName = "documento.pdf",
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  if (file) form.append("file", new Blob([new Uint8Array(file)]), fileName);
  return form;
}

/** `POST Document` as `session` (a licence of category 2 numbered L-1 expiring 2027-06-30 unless given). */
export function uploadDocument(
  app: FastifyInstance,
  session: SignedIn,
  fields: UploadFields,
  file: Buffer | null = PDF_BYTES,
  fileName?: string,
) {
  const defaults = {
    number: "L-1",
    expiresOn: "2027-06-30",
    ...(fields.type === "LICENSE" && { category: "2" }),
  };
  return app.inject({
    method: "POST",
    url: API.document.upload.path,
    headers: session.headers,
    payload: documentForm({ ...defaults, ...fields }, file, fileName),
  });
}

type DocumentValues = typeof documents.$inferInsert;

/**
 * A paper written straight to the table (for lists: many rows, any review), APPROVED unless told,
 * its file not stored. `uploadedBy` must be a user.
 */
export async function insertDocumentRow(
  values: Pick<DocumentValues, "ownerType" | "ownerId" | "supplierId" | "type" | "expiresOn" | "uploadedBy"> &
    Partial<DocumentValues>,
) {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(documents)
    .values({
      number: "N-1",
      review: "APPROVED",
      storageKey: newDocumentKey(),
      fileName: "documento.pdf",
      contentType: "application/pdf",
      sizeBytes: PDF_BYTES.length,
      sha256: "0".repeat(64),
      ...values,
    })
    .returning();
  if (!row) throw new Error("no document");
  return row;
}
