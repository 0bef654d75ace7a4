import { z } from "zod";
import { filterIdSchema, idSchema, listQuerySchema, numberField, requiredText } from "./common.js";

/**
 * Disputes on a cut's lines (issue 37): a supplier user disputes one trip of a cut with a reason and
 * the amount they claim on top of what the cut paid for it; an admin accepts (the claimed amount or
 * another) or rejects it with a note. An accepted dispute becomes an adjustment line of the next cut
 * made (a cut stays a fixed record), exactly once (decision 0076).
 */
export const DISPUTE_STATUSES = ["OPEN", "ACCEPTED", "REJECTED"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  OPEN: "Abierta",
  ACCEPTED: "Aceptada",
  REJECTED: "Rechazada",
};

export const DISPUTE_AMOUNT_MESSAGE = "El monto debe ser un número mayor que 0, con hasta 2 decimales";
export const DISPUTE_CREATED_MESSAGE = "Disputa registrada";
export const DISPUTE_RESOLVED_MESSAGE = "Disputa resuelta";
export const DISPUTE_NOT_FOUND_MESSAGE = "Disputa no encontrada";
export const DISPUTE_CUT_NOT_FOUND_MESSAGE = "Corte no encontrado";
export const DISPUTE_TRIP_NOT_IN_CUT_MESSAGE = "El viaje no pertenece a este corte";
export const DISPUTE_ALREADY_OPEN_MESSAGE = "Ya hay una disputa abierta sobre este viaje";
export const DISPUTE_ALREADY_RESOLVED_MESSAGE = "Esta disputa ya fue resuelta";
export const DISPUTE_NOTE_REQUIRED_MESSAGE = "Indique una nota para la resolución";

/** An amount of money: above 0, at most 2 decimals, below ten million. */
export const disputeAmountSchema = numberField(DISPUTE_AMOUNT_MESSAGE)
  .refine(Number.isFinite, DISPUTE_AMOUNT_MESSAGE)
  .refine((value) => value > 0 && value <= 9_999_999.99, DISPUTE_AMOUNT_MESSAGE)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, DISPUTE_AMOUNT_MESSAGE);

// ---------- POST Dispute ----------

export const disputeCreateRequestSchema = z.object({
  cutId: idSchema,
  intermediateRouteId: idSchema,
  reason: requiredText(500),
  claimedAmount: disputeAmountSchema,
});
export type DisputeCreateRequest = z.infer<typeof disputeCreateRequestSchema>;
export const disputeCreateResponseSchema = z.object({ id: z.number().int(), message: z.string() });
export type DisputeCreateResponse = z.infer<typeof disputeCreateResponseSchema>;

// ---------- PUT Dispute/resolve ----------

export const disputeResolveRequestSchema = z.object({
  id: idSchema,
  decision: z.enum(["ACCEPTED", "REJECTED"], { message: "Decisión inválida" }),
  note: requiredText(500),
  /** ACCEPTED only: the amount of the adjustment (default: the claimed amount). */
  amount: disputeAmountSchema.optional(),
});
export type DisputeResolveRequest = z.infer<typeof disputeResolveRequestSchema>;

// ---------- GET Dispute/list ----------

export const disputeListQuerySchema = listQuerySchema.extend({
  cutId: filterIdSchema,
  status: z.enum(DISPUTE_STATUSES, { message: "Estado inválido" }).optional(),
  /** Admins only: one supplier's disputes (a supplier user always sees only theirs). */
  supplierId: filterIdSchema,
});
export type DisputeListQuery = z.infer<typeof disputeListQuerySchema>;

export const disputeItemSchema = z.object({
  id: z.number().int(),
  cutId: z.number().int(),
  intermediateRouteId: z.number().int(),
  routeName: z.string(),
  /** When the disputed trip started (ISO). */
  tripStartedAt: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  driverName: z.string(),
  /** What the cut paid for the trip. */
  lineAmount: z.number(),
  reason: z.string(),
  claimedAmount: z.number(),
  status: z.enum(DISPUTE_STATUSES),
  note: z.string().nullable(),
  /** The adjustment granted (ACCEPTED). */
  acceptedAmount: z.number().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  /** The cut whose adjustment lines carry it (null until the next cut is made). */
  adjustmentCutId: z.number().int().nullable(),
});
export type DisputeItem = z.infer<typeof disputeItemSchema>;
export const disputeListResponseSchema = z.object({
  amount: z.number().int(),
  list: z.array(disputeItemSchema),
});
export type DisputeListResponse = z.infer<typeof disputeListResponseSchema>;

/** An adjustment line of a cut: an accepted dispute of an earlier cut, paid in this one. */
export const cutAdjustmentSchema = z.object({
  disputeId: z.number().int(),
  /** The cut of the disputed trip. */
  fromCutId: z.number().int(),
  intermediateRouteId: z.number().int(),
  routeName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
});
export type CutAdjustment = z.infer<typeof cutAdjustmentSchema>;
