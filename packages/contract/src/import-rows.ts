import { z } from "zod";
import {
  emailSchema,
  identityCardSchema,
  latitudeSchema,
  longitudeSchema,
  optionalText,
  requiredText,
  telephoneSchema,
  vehicleCapacitySchema,
} from "./common.js";
import { IMPORT_MESSAGES } from "./imports.js";

/** One row of an import sheet as the server validates it (its cells as text). */

/** `(809) 555-1234` from ten digits typed or stored as a number (8095551234, 809-555-1234). */
export function normalizeTelephone(value: string): string {
  const digits = value.replace(/[\s().-]/g, "");
  if (/^\d{10}$/.test(digits)) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return value;
}

/** `001-1234567-8` from eleven digits (00112345678). */
export function normalizeIdentityCard(value: string): string {
  const trimmed = value.trim();
  if (/^\d{11}$/.test(trimmed)) return `${trimmed.slice(0, 3)}-${trimmed.slice(3, 10)}-${trimmed.slice(10)}`;
  return trimmed;
}

/** An empty cell (null from the reader, or blank text) is a missing number. */
const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value == null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    schema.optional(),
  );

/** One decimal comma and nothing else that could be a thousands separator: «18,4861», «-69,93». */
const DECIMAL_COMMA = /^[+-]?\d{1,3},\d+$/;

/**
 * A coordinate cell (issue 33): a decimal comma, as a Spanish-language Excel writes it in a CSV,
 * reads as a point («18,4861» = 18.4861). That is never ambiguous for a coordinate: read as a
 * thousands separator it would be ≥ 1,000, out of range. Any other comma is an error that says why.
 */
const coordinateCell = <T extends z.ZodType>(schema: T, header: string) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== "string" || !value.includes(",")) return value;
    const text = value.trim();
    if (DECIMAL_COMMA.test(text)) return text.replace(",", ".");
    ctx.addIssue({ code: "custom", message: IMPORT_MESSAGES.decimalComma(header), input: value });
    return z.NEVER;
  }, optionalNumber(schema));

/**
 * One collaborator row, its cells as text (the reader turns numbers into text). Latitude and
 * longitude come together or not at all.
 */
export const employeeImportRowSchema = z
  .object({
    codeEmployee: requiredText(30),
    name: requiredText(80),
    lastname: requiredText(80),
    email: emailSchema,
    telephone: z.preprocess((v) => (typeof v === "string" ? normalizeTelephone(v) : v), telephoneSchema),
    department: requiredText(80),
    jobTitle: requiredText(80),
    branchOffice: requiredText(120),
    address: optionalText(250).refine(
      (value) => value == null || !/[\r\n\t]/.test(value),
      "La dirección debe ocupar una sola línea",
    ),
    latitude: coordinateCell(latitudeSchema, "Latitud"),
    longitude: coordinateCell(longitudeSchema, "Longitud"),
  })
  .superRefine((row, ctx) => {
    const hasLat = row.latitude !== undefined;
    const hasLon = row.longitude !== undefined;
    if (hasLat !== hasLon) {
      ctx.addIssue({
        code: "custom",
        path: [hasLat ? "longitude" : "latitude"],
        message: IMPORT_MESSAGES.coordinatesTogether,
      });
    }
  });
export type EmployeeImportRow = z.infer<typeof employeeImportRowSchema>;

export const driverImportRowSchema = z.object({
  identityCard: z.preprocess(
    (v) => (typeof v === "string" ? normalizeIdentityCard(v) : v),
    identityCardSchema,
  ),
  name: requiredText(80),
  lastname: requiredText(80),
  email: emailSchema,
  telephone: z.preprocess((v) => (typeof v === "string" ? normalizeTelephone(v) : v), telephoneSchema),
  licenseNumber: requiredText(30),
  supplier: requiredText(120),
  vehiclePlate: requiredText(15),
  vehicleModel: requiredText(80),
  vehicleCapacity: vehicleCapacitySchema,
});
export type DriverImportRow = z.infer<typeof driverImportRowSchema>;
