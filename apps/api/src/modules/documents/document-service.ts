import { createHash } from "node:crypto";
import {
  DOCUMENT_ALREADY_REVIEWED_MESSAGE,
  DOCUMENT_NOT_FOUND_MESSAGE,
  DOCUMENT_OWNER_NOT_FOUND_MESSAGE,
  DOCUMENT_REVIEWED_MESSAGE,
  DOCUMENT_UPLOADED_MESSAGE,
  type DocumentListQuery,
  type DocumentListResponse,
  type DocumentReviewRequest,
  documentStatus,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { conflict, notFound } from "../../lib/http-error.js";
import {
  findDocumentFile,
  findOwnerSupplier,
  insertDocument,
  listDocuments,
  reviewDocument,
} from "./document-repository.js";
import type { DocumentUpload } from "./document-upload.js";
import { newDocumentKey } from "./storage/document-key.js";
import type { DocumentStorage } from "./storage/document-storage.js";

export type DocumentServiceDeps = {
  db: Db;
  storage: DocumentStorage;
  /** The branch offices' today, `YYYY-MM-DD` (the bookings' clock: tests move it). */
  today: () => string;
  /** A file left behind by a failed upload that could not be removed (logged, never answered). */
  onOrphan?: (key: string, error: unknown) => void;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Papers that expire (issue 37, decision 0075). `scope` is the caller's supplier for a Supplier
 * user (createSupplierScope), null for admins: a paper of another supplier is "not found".
 */
export function createDocumentService({ db, storage, today, onOrphan }: DocumentServiceDeps) {
  return {
    /**
     * A supplier user's paper waits PENDING; an admin's is APPROVED at once. The file is stored
     * first, then the row: a row never points at a missing file, and when the row cannot be
     * written the file is removed again.
     */
    async upload(caller: AuthUser, scope: number | null, upload: DocumentUpload) {
      const { fields } = upload;
      const supplierId = await findOwnerSupplier(db, fields.ownerType, fields.ownerId);
      if (supplierId === undefined || (scope !== null && supplierId !== scope)) {
        throw notFound(DOCUMENT_OWNER_NOT_FOUND_MESSAGE);
      }
      const key = newDocumentKey();
      await storage.put(key, upload.data, upload.contentType);
      const byAdmin = scope === null;
      try {
        const id = await insertDocument(db, {
          ownerType: fields.ownerType,
          ownerId: fields.ownerId,
          supplierId,
          type: fields.type,
          category: fields.type === "LICENSE" ? (fields.category ?? null) : null,
          number: fields.number,
          expiresOn: fields.expiresOn,
          review: byAdmin ? "APPROVED" : "PENDING",
          reviewedBy: byAdmin ? caller.id : null,
          reviewedAt: byAdmin ? new Date() : null,
          storageKey: key,
          fileName: upload.fileName,
          contentType: upload.contentType,
          sizeBytes: upload.data.length,
          sha256: createHash("sha256").update(upload.data).digest("hex"),
          uploadedBy: caller.id,
        });
        return { id, message: DOCUMENT_UPLOADED_MESSAGE };
      } catch (error) {
        await storage.delete(key).catch((cause) => onOrphan?.(key, cause));
        throw error;
      }
    },

    /** A page of the papers the caller may see, each with its status on the branch offices' today. */
    async list(scope: number | null, query: DocumentListQuery): Promise<DocumentListResponse> {
      const day = today();
      const { total, rows } = await listDocuments(db, { ...query, scope, today: day });
      return {
        amount: total,
        list: rows.map((row) => ({
          ...row,
          ownerType: row.ownerType as DocumentListResponse["list"][number]["ownerType"],
          type: row.type as DocumentListResponse["list"][number]["type"],
          review: row.review as DocumentListResponse["list"][number]["review"],
          status: documentStatus(row.expiresOn, day),
          reviewedAt: iso(row.reviewedAt),
          uploadedAt: new Date(row.uploadedAt).toISOString(),
          current: Boolean(row.current),
        })),
      };
    },

    /** An admin approves or rejects a PENDING paper; a second review answers 409. */
    async review(caller: AuthUser, request: DocumentReviewRequest) {
      const outcome = await reviewDocument(db, {
        id: request.id,
        decision: request.decision,
        note: request.note?.trim() || null,
        reviewerId: caller.id,
      });
      if (outcome === "missing") throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
      if (outcome === "already") throw conflict(DOCUMENT_ALREADY_REVIEWED_MESSAGE);
      return { message: DOCUMENT_REVIEWED_MESSAGE };
    },

    /** The paper's file for whoever may see the paper; 404 for anyone else (and for a lost file). */
    async file(scope: number | null, id: number) {
      const found = await findDocumentFile(db, id, scope);
      if (!found) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
      const stream = await storage.get(found.storageKey);
      if (!stream) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
      return { ...found, stream };
    },
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;
