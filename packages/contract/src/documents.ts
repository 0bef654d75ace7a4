import { z } from "zod";
import { isBookingDate } from "./bookings.js";
import { filterIdSchema, idSchema, listQuerySchema, optionalText, requiredText } from "./common.js";

/**
 * Papers that expire (issue 37): a driver's licence and medical certificate, a vehicle's insurance,
 * technical inspection and route permit, a supplier's contract and tax registration. A vehicle is
 * the driver's (plate, model, capacity on the driver's record): a VEHICLE document's `ownerId` is
 * the driver's id (decision 0075).
 */
export const DOCUMENT_OWNER_TYPES = ["DRIVER", "VEHICLE", "SUPPLIER"] as const;
export type DocumentOwnerType = (typeof DOCUMENT_OWNER_TYPES)[number];
export const DOCUMENT_OWNER_LABELS: Record<DocumentOwnerType, string> = {
  DRIVER: "Chofer",
  VEHICLE: "Vehículo",
  SUPPLIER: "Suplidor",
};

export const DOCUMENT_TYPES = [
  "LICENSE",
  "MEDICAL_CERTIFICATE",
  "INSURANCE",
  "TECHNICAL_INSPECTION",
  "ROUTE_PERMIT",
  "CONTRACT",
  "TAX_REGISTRATION",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The types each owner carries. */
export const DOCUMENT_TYPES_BY_OWNER: Record<DocumentOwnerType, readonly DocumentType[]> = {
  DRIVER: ["LICENSE", "MEDICAL_CERTIFICATE"],
  VEHICLE: ["INSURANCE", "TECHNICAL_INSPECTION", "ROUTE_PERMIT"],
  SUPPLIER: ["CONTRACT", "TAX_REGISTRATION"],
};

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  LICENSE: "Licencia de conducir",
  MEDICAL_CERTIFICATE: "Certificado médico",
  INSURANCE: "Seguro del vehículo",
  TECHNICAL_INSPECTION: "Inspección técnica",
  ROUTE_PERMIT: "Permiso de ruta",
  CONTRACT: "Contrato",
  TAX_REGISTRATION: "Registro fiscal (RNC)",
};

/**
 * The papers without which a driver cannot start a trip (issue 37): the licence, and the vehicle's
 * insurance and technical inspection. Their Start refusal: «Licencia vencida el 12/11/2026».
 */
export const BLOCKING_DOCUMENT_TYPES: readonly DocumentType[] = [
  "LICENSE",
  "INSURANCE",
  "TECHNICAL_INSPECTION",
];
export const DOCUMENT_EXPIRED_LABELS: Record<DocumentType, string> = {
  LICENSE: "Licencia vencida",
  MEDICAL_CERTIFICATE: "Certificado médico vencido",
  INSURANCE: "Seguro del vehículo vencido",
  TECHNICAL_INSPECTION: "Inspección técnica vencida",
  ROUTE_PERMIT: "Permiso de ruta vencido",
  CONTRACT: "Contrato vencido",
  TAX_REGISTRATION: "Registro fiscal vencido",
};
/** «Licencia vencida el 12/11/2026» from a type and its `YYYY-MM-DD` expiry. */
export function documentExpiredMessage(type: DocumentType, expiresOn: string): string {
  const [year, month, day] = expiresOn.split("-");
  return `${DOCUMENT_EXPIRED_LABELS[type]} el ${day}/${month}/${year}`;
}

/** Licence categories of the Dominican Republic's INTRANT (a licence document carries one). */
export const LICENSE_CATEGORIES = ["1", "2", "3", "4", "5"] as const;
export const LICENSE_CATEGORY_LABELS: Record<(typeof LICENSE_CATEGORIES)[number], string> = {
  "1": "Categoría 1 (motocicletas)",
  "2": "Categoría 2 (vehículos livianos)",
  "3": "Categoría 3 (vehículos pesados)",
  "4": "Categoría 4 (transporte de pasajeros)",
  "5": "Categoría 5 (carga pesada)",
};

/** VALID, EXPIRING (within EXPIRING_WITHIN_DAYS of the branch office's today) or EXPIRED. */
export const DOCUMENT_STATUSES = ["VALID", "EXPIRING", "EXPIRED"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  VALID: "Vigente",
  EXPIRING: "Por vencer",
  EXPIRED: "Vencido",
};
/** A paper is EXPIRING from this many days before its expiry (INTRANT asks renewals 45 days ahead). */
export const EXPIRING_WITHIN_DAYS = 45;

/** An admin's review of an uploaded paper: a supplier's upload waits PENDING; an admin's is APPROVED. */
export const DOCUMENT_REVIEWS = ["PENDING", "APPROVED", "REJECTED"] as const;
export type DocumentReview = (typeof DOCUMENT_REVIEWS)[number];
export const DOCUMENT_REVIEW_LABELS: Record<DocumentReview, string> = {
  PENDING: "Por aprobar",
  APPROVED: "Aprobado",
  REJECTED: "Rechazado",
};

/** The file of a paper: PDF, JPG or PNG, checked by content, at most 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export const DOCUMENT_FILE_MESSAGE = "El archivo debe ser PDF, JPG o PNG";
export const DOCUMENT_SIZE_MESSAGE = "El archivo no puede pasar de 10 MB";
export const DOCUMENT_FILE_REQUIRED_MESSAGE = "Adjunte el archivo del documento";
export const DOCUMENT_OWNER_TYPE_MESSAGE = "Tipo de titular inválido";
export const DOCUMENT_TYPE_MESSAGE = "Tipo de documento inválido para este titular";
export const DOCUMENT_CATEGORY_MESSAGE = "Indique la categoría de la licencia";
export const DOCUMENT_EXPIRES_MESSAGE = "Fecha de vencimiento inválida (formato YYYY-MM-DD)";
export const DOCUMENT_NOT_FOUND_MESSAGE = "Documento no encontrado";
export const DOCUMENT_OWNER_NOT_FOUND_MESSAGE = "Titular no encontrado";
export const DOCUMENT_ALREADY_REVIEWED_MESSAGE = "Este documento ya fue revisado";
export const DOCUMENT_UPLOADED_MESSAGE = "Documento cargado";
export const DOCUMENT_REVIEWED_MESSAGE = "Documento revisado";

// ---------- POST Document (multipart) ----------

/** The text fields of the multipart upload (the file part is `file`). */
export const documentUploadFieldsSchema = z
  .object({
    ownerType: z.enum(DOCUMENT_OWNER_TYPES, { message: DOCUMENT_OWNER_TYPE_MESSAGE }),
    ownerId: idSchema,
    type: z.enum(DOCUMENT_TYPES, { message: DOCUMENT_TYPE_MESSAGE }),
    number: requiredText(60),
    expiresOn: z
      .string({ message: DOCUMENT_EXPIRES_MESSAGE })
      .trim()
      .refine(isBookingDate, DOCUMENT_EXPIRES_MESSAGE),
    /** The licence's category (LICENSE only; refused on other types). */
    category: z.enum(LICENSE_CATEGORIES, { message: DOCUMENT_CATEGORY_MESSAGE }).optional(),
  })
  .superRefine((value, ctx) => {
    if (!DOCUMENT_TYPES_BY_OWNER[value.ownerType].includes(value.type)) {
      ctx.addIssue({ code: "custom", path: ["type"], message: DOCUMENT_TYPE_MESSAGE });
    }
    if (value.type === "LICENSE" && !value.category) {
      ctx.addIssue({ code: "custom", path: ["category"], message: DOCUMENT_CATEGORY_MESSAGE });
    }
  });
export type DocumentUploadFields = z.infer<typeof documentUploadFieldsSchema>;

export const documentUploadResponseSchema = z.object({ id: z.number().int(), message: z.string() });
export type DocumentUploadResponse = z.infer<typeof documentUploadResponseSchema>;

// ---------- GET Document/list ----------

export const documentListQuerySchema = listQuerySchema.extend({
  ownerType: z.enum(DOCUMENT_OWNER_TYPES, { message: DOCUMENT_OWNER_TYPE_MESSAGE }).optional(),
  ownerId: filterIdSchema,
  status: z.enum(DOCUMENT_STATUSES, { message: "Estado inválido" }).optional(),
  review: z.enum(DOCUMENT_REVIEWS, { message: "Revisión inválida" }).optional(),
  /** Admins only: one supplier's papers (a supplier user always sees only theirs). */
  supplierId: filterIdSchema,
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentItemSchema = z.object({
  id: z.number().int(),
  ownerType: z.enum(DOCUMENT_OWNER_TYPES),
  ownerId: z.number().int(),
  /** The driver's name, the vehicle's plate (and driver) or the supplier's name. */
  ownerName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  category: z.string().nullable(),
  number: z.string(),
  /** YYYY-MM-DD */
  expiresOn: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  review: z.enum(DOCUMENT_REVIEWS),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The original file name, its type and size. */
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  /** True for the approved paper of its owner and type that expires last (the one that counts). */
  current: z.boolean(),
});
export type DocumentItem = z.infer<typeof documentItemSchema>;
export const documentListResponseSchema = z.object({
  amount: z.number().int(),
  list: z.array(documentItemSchema),
});
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;

// ---------- PUT Document/approve ----------

export const documentReviewRequestSchema = z.object({
  id: idSchema,
  decision: z.enum(["APPROVED", "REJECTED"], { message: "Decisión inválida" }),
  note: optionalText(500),
});
export type DocumentReviewRequest = z.infer<typeof documentReviewRequestSchema>;

// ---------- GET Document/compliance («Cumplimiento») ----------

export const complianceQuerySchema = listQuerySchema.extend({
  supplierId: filterIdSchema,
  /** Only EXPIRING or EXPIRED papers (default: both). */
  status: z.enum(["EXPIRING", "EXPIRED"], { message: "Estado inválido" }).optional(),
  /** Only the papers that block a trip when they expire. */
  blocking: z
    .enum(["true", "false"], { message: "Valor inválido" })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true")),
  /**
   * `supplier`: each supplier's papers together, the supplier with the soonest expiry first and its
   * papers soonest first (default: soonest expiry first, then by supplier).
   */
  groupBy: z.enum(["supplier"], { message: "Agrupación inválida" }).optional(),
});
export type ComplianceQuery = z.infer<typeof complianceQuerySchema>;

/** One current paper that is EXPIRING or EXPIRED, with whom it stops. */
export const complianceItemSchema = z.object({
  documentId: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  ownerType: z.enum(DOCUMENT_OWNER_TYPES),
  ownerId: z.number().int(),
  ownerName: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  number: z.string(),
  expiresOn: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  /** Days from the branch office's today to the expiry (negative once expired). */
  daysLeft: z.number().int(),
  /** The driver it keeps off the road once expired (a licence, insurance or inspection). */
  blocksDriverId: z.number().int().nullable(),
});
export type ComplianceItem = z.infer<typeof complianceItemSchema>;
export const complianceResponseSchema = z.object({
  /** Drivers who cannot start a trip today, suppliers' papers expired and expiring (whole filter). */
  blockedDrivers: z.number().int(),
  expired: z.number().int(),
  expiring: z.number().int(),
  amount: z.number().int(),
  list: z.array(complianceItemSchema),
});
export type ComplianceResponse = z.infer<typeof complianceResponseSchema>;

/** `GET Document/{id}/file`: the paper's file, for whoever may see the paper. */
export const documentIdParamSchema = z.object({ id: idSchema });

/** Whole days from `today` to `expiresOn` (both `YYYY-MM-DD`; negative once past). */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * A paper's status on the branch office's `today` (decision 0075): valid through its expiry day,
 * EXPIRED from the next local midnight, EXPIRING within EXPIRING_WITHIN_DAYS before it.
 */
export function documentStatus(expiresOn: string, today: string): DocumentStatus {
  const left = daysUntil(expiresOn, today);
  if (left < 0) return "EXPIRED";
  return left <= EXPIRING_WITHIN_DAYS ? "EXPIRING" : "VALID";
}
