import { z } from "zod";
import {
  criterionSchema,
  idSchema,
  latitudeSchema,
  listResponseSchema,
  longitudeSchema,
  numberField,
  optionalText,
  REQUIRED_MESSAGE,
  requiredText,
  sortedListQuerySchema,
  statusSchema,
  TELEPHONE_MESSAGE,
  TELEPHONE_PATTERN,
} from "./common.js";
import { branchOfficeSafetyItemShape, branchOfficeSafetyShape } from "./safety.js";
import { checkRateInput, supplierRateInputShape, supplierRateSchema } from "./supplier-rates.js";

/** An optional telephone: empty/null means none, otherwise `(809) 555-1234`. */
const optionalTelephone = z
  .string({ message: TELEPHONE_MESSAGE })
  .trim()
  .regex(TELEPHONE_PATTERN, TELEPHONE_MESSAGE)
  .or(z.literal(""))
  .nullish()
  .transform((value) => (value ? value : null));

const requiredTelephone = z
  .string({ message: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .regex(TELEPHONE_PATTERN, TELEPHONE_MESSAGE);

const emptyToNull = (value: string | null | undefined) => (value ? value : null);
const optionalLatitude = latitudeSchema.nullish().transform((v) => v ?? null);
const optionalLongitude = longitudeSchema.nullish().transform((v) => v ?? null);

export const catalogNameItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type CatalogNameItem = z.infer<typeof catalogNameItemSchema>;
export const catalogIdResponseSchema = z.object({ id: z.number().int() });
export type CatalogIdResponse = z.infer<typeof catalogIdResponseSchema>;

// ── Branch offices ──────────────────────────────────────────────────────────
/**
 * Bookings (issue 35, decision 0064): minutes a driver waits at a rider's stop, after the later of
 * arriving there and the planned time, before «Ausente» is accepted (DEFAULT_NO_SHOW_WAIT_MINUTES).
 */
export const NO_SHOW_WAIT_MINUTES_MAX = 30;
export const NO_SHOW_WAIT_MINUTES_MESSAGE = `La espera debe ser un número entero de minutos entre 0 y ${NO_SHOW_WAIT_MINUTES_MAX}`;
export const noShowWaitMinutesSchema = numberField(NO_SHOW_WAIT_MINUTES_MESSAGE)
  .int(NO_SHOW_WAIT_MINUTES_MESSAGE)
  .min(0, NO_SHOW_WAIT_MINUTES_MESSAGE)
  .max(NO_SHOW_WAIT_MINUTES_MAX, NO_SHOW_WAIT_MINUTES_MESSAGE);

/** `noShowWaitMinutes` is optional (absent or null): a new office waits 2 minutes; an update without it keeps what is stored. */
export const branchOfficeCreateSchema = z.object({
  name: requiredText(120),
  address: requiredText(250),
  telephone: optionalTelephone,
  latitude: optionalLatitude,
  longitude: optionalLongitude,
  noShowWaitMinutes: noShowWaitMinutesSchema.nullish(),
  /** Issue 38: emergency phone and contacts, the night window and the safe-arrival delays. */
  ...branchOfficeSafetyShape,
});
export type BranchOfficeCreate = z.input<typeof branchOfficeCreateSchema>;
export const branchOfficeUpdateSchema = branchOfficeCreateSchema.extend({ id: idSchema });
export type BranchOfficeUpdate = z.input<typeof branchOfficeUpdateSchema>;
export const BRANCH_OFFICE_SORT_FIELDS = ["name", "createdDate"] as const;
export const branchOfficeListQuerySchema = sortedListQuerySchema(BRANCH_OFFICE_SORT_FIELDS);
export type BranchOfficeListQuery = z.infer<typeof branchOfficeListQuerySchema>;
export const branchOfficeItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  telephone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Minutes the driver waits at a stop before «Ausente» (bookings). */
  noShowWaitMinutes: z.number().int(),
  ...branchOfficeSafetyItemShape,
  status: statusSchema,
  createdDate: z.string(),
  amountEmployees: z.number().int(),
});
export type BranchOfficeItem = z.infer<typeof branchOfficeItemSchema>;
export const branchOfficeListResponseSchema = listResponseSchema(branchOfficeItemSchema);
export type BranchOfficeListResponse = z.infer<typeof branchOfficeListResponseSchema>;

// ── Suppliers ───────────────────────────────────────────────────────────────
export const RNC_PATTERN = /^(\d{9}|\d{11})$/;
export const RNC_MESSAGE = "RNC inválido (9 u 11 dígitos)";
const supplierCreateFields = z.object({
  name: requiredText(120),
  rnc: z
    .string({ message: RNC_MESSAGE })
    .trim()
    .regex(RNC_PATTERN, RNC_MESSAGE)
    .or(z.literal(""))
    .nullish()
    .transform(emptyToNull),
  contactName: optionalText(120).transform(emptyToNull),
  telephone: requiredTelephone,
  email: z
    .string({ message: "Correo electrónico inválido" })
    .trim()
    .max(254, "Máximo 254 caracteres")
    .pipe(z.email({ message: "Correo electrónico inválido" }))
    .or(z.literal(""))
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null)),
  /** The supplier's rate (issue 33, decision 0061); absent keeps the stored one. */
  ...supplierRateInputShape,
});
export const supplierCreateSchema = supplierCreateFields.superRefine(checkRateInput);
export type SupplierCreate = z.input<typeof supplierCreateSchema>;
export const supplierUpdateSchema = supplierCreateFields.extend({ id: idSchema }).superRefine(checkRateInput);
export type SupplierUpdate = z.input<typeof supplierUpdateSchema>;
export const SUPPLIER_SORT_FIELDS = ["name", "createdDate"] as const;
export const supplierListQuerySchema = sortedListQuerySchema(SUPPLIER_SORT_FIELDS);
export type SupplierListQuery = z.infer<typeof supplierListQuerySchema>;
export const supplierItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rnc: z.string().nullable(),
  contactName: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  status: statusSchema,
  createdDate: z.string(),
  amountDrivers: z.number().int(),
  ...supplierRateSchema.shape,
});
export type SupplierItem = z.infer<typeof supplierItemSchema>;
export const supplierListResponseSchema = listResponseSchema(supplierItemSchema);
export type SupplierListResponse = z.infer<typeof supplierListResponseSchema>;

// ── Destinations ────────────────────────────────────────────────────────────
export const destinationCreateSchema = z.object({
  name: requiredText(120),
  description: optionalText(500).transform(emptyToNull),
  address: optionalText(250).transform(emptyToNull),
  latitude: optionalLatitude,
  longitude: optionalLongitude,
});
export type DestinationCreate = z.input<typeof destinationCreateSchema>;
export const destinationUpdateSchema = destinationCreateSchema.extend({ id: idSchema });
export type DestinationUpdate = z.input<typeof destinationUpdateSchema>;
export const DESTINATION_SORT_FIELDS = ["name", "createdDate"] as const;
export const destinationListQuerySchema = sortedListQuerySchema(DESTINATION_SORT_FIELDS);
export type DestinationListQuery = z.infer<typeof destinationListQuerySchema>;
export const destinationNameQuerySchema = z.object({
  criterion: criterionSchema,
});
export const destinationItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdDate: z.string(),
});
export type DestinationItem = z.infer<typeof destinationItemSchema>;
export const destinationListResponseSchema = listResponseSchema(destinationItemSchema);
export type DestinationListResponse = z.infer<typeof destinationListResponseSchema>;
export const destinationForListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type DestinationForListItem = z.infer<typeof destinationForListItemSchema>;

// ── Days ────────────────────────────────────────────────────────────────────
export const dayItemSchema = catalogNameItemSchema;
export type DayItem = z.infer<typeof dayItemSchema>;
