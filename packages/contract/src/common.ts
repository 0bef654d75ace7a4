import { z } from "zod";
import { REQUIRED_MESSAGE } from "./messages.js";

export { REQUIRED_MESSAGE };
/** Telephone pattern of spec §5: `(809) 555-1234`. */
export const TELEPHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;
export const TELEPHONE_MESSAGE = "Teléfono incorrecto";
/** Dominican identity card (cédula) `001-1234567-8`. */
export const IDENTITY_CARD_PATTERN = /^\d{3}-\d{7}-\d$/;
export const IDENTITY_CARD_MESSAGE = "Cédula incorrecta (formato 000-0000000-0)";
/** API date format in queries (spec §9). */
export const API_DATE_PATTERN = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;
export const API_DATE_MESSAGE = "Fecha inválida (formato MM/DD/YYYY)";
/**
 * Years an API date may have (issue 12, decision 0024): 12/31/9999 overflowed the day after it,
 * and years 0001–0099 were read as 1901–1999. Nothing in a transport back office is outside these.
 */
export const API_DATE_MIN_YEAR = 1900;
export const API_DATE_MAX_YEAR = 2100;
export const API_DATE_YEAR_MESSAGE = `Fecha inválida (año entre ${API_DATE_MIN_YEAR} y ${API_DATE_MAX_YEAR})`;
/** True when an `MM/DD/YYYY` date's year is within API_DATE_MIN_YEAR…API_DATE_MAX_YEAR. */
export const apiDateYearInRange = (value: string) => {
  const year = Number(value.slice(-4));
  return year >= API_DATE_MIN_YEAR && year <= API_DATE_MAX_YEAR;
};

/** Supplier (issue 37): a user of a transport supplier, in the supplier portal. */
export const ROLES = ["SuperAdmin", "Admin", "Collaborator", "Driver", "Supplier"] as const;
export const roleSchema = z.enum(ROLES, { message: "Rol inválido" });
export type Role = z.infer<typeof roleSchema>;
export const EMPLOYEE_ROLES: readonly Role[] = ["SuperAdmin", "Admin", "Collaborator"];
export const ADMIN_ROLES: readonly Role[] = ["SuperAdmin", "Admin"];

export const STATUSES = ["active", "inactive"] as const;
export const statusSchema = z.enum(STATUSES, { message: "Estado inválido" });
export type Status = z.infer<typeof statusSchema>;

/**
 * Control characters (issue 12, decision 0024): PostgreSQL refuses NUL in text, and no field
 * needs the others. A single-line value (names, codes, searches) allows none; multi-line text
 * (descriptions, notes, comments, typed in a textarea) allows tab and line breaks.
 * Issue 32: also half a surrogate pair (PostgreSQL refuses it as UTF-8: it answered 500), the C1
 * controls (NEL), the line and paragraph separators, the byte-order mark and the bidirectional
 * controls (U+202E shows «Pérez» as «zeréP» to spoof a name): nobody types them in a form.
 */
export const CONTROL_CHARACTER_MESSAGE = "Contiene caracteres no permitidos";
const LONE_SURROGATE = "[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const INVISIBLE = "\\u0080-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\ufeff";
export const SINGLE_LINE_FORBIDDEN = new RegExp(`[\\u0000-\\u001f\\u007f${INVISIBLE}]|${LONE_SURROGATE}`);
export const MULTI_LINE_FORBIDDEN = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f${INVISIBLE}]|${LONE_SURROGATE}`,
);
/**
 * What no input string may hold, whatever its field (the request guard checks every one): the
 * characters PostgreSQL refuses or that break a line in a log, and half a surrogate pair.
 */
const ANY_INPUT_FORBIDDEN = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]|${LONE_SURROGATE}`,
);
/** True when a value has a control character no field accepts (every input string is checked). */
export const hasForbiddenControl = (value: string) => ANY_INPUT_FORBIDDEN.test(value);
export const singleLine = (value: string) => !SINGLE_LINE_FORBIDDEN.test(value);
export const multiLine = (value: string) => !MULTI_LINE_FORBIDDEN.test(value);

/** A required, trimmed, non-empty single-line string with a length bound. */
export const requiredText = (max = 120) =>
  z
    .string({ message: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, `Máximo ${max} caracteres`)
    .refine(singleLine, CONTROL_CHARACTER_MESSAGE);

/** An optional, trimmed text that may span lines (descriptions, notes, contact names). */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .refine(multiLine, CONTROL_CHARACTER_MESSAGE)
    .nullish();

/** A list's search text (spec §3 `criterion`): single line, at most 100 characters. */
export const criterionSchema = z
  .string()
  .trim()
  .max(100, "Máximo 100 caracteres")
  .refine(singleLine, CONTROL_CHARACTER_MESSAGE)
  .optional();

export const emailSchema = z
  .string({ message: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(254, "Máximo 254 caracteres")
  .pipe(z.email({ message: "Correo electrónico inválido" }))
  .transform((value) => value.toLowerCase());

export const telephoneSchema = z
  .string({ message: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .regex(TELEPHONE_PATTERN, TELEPHONE_MESSAGE);

export const IDENTITY_CARD_CHECK_MESSAGE = "Cédula incorrecta (dígito verificador)";
/** The cédula's last digit: Luhn over the first ten (weights 1, 2, 1, 2, …). */
export function identityCardCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const product = Number(firstTen[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}
/** True when a `000-0000000-0` cédula's check digit is right. */
export const identityCardChecks = (value: string) => {
  const digits = value.replace(/-/g, "");
  return identityCardCheckDigit(digits.slice(0, 10)) === Number(digits[10]);
};

export const identityCardSchema = z
  .string({ message: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .regex(IDENTITY_CARD_PATTERN, IDENTITY_CARD_MESSAGE)
  .refine(identityCardChecks, IDENTITY_CARD_CHECK_MESSAGE);

/**
 * A number from JSON or from a query string: a missing value (absent, null or blank) answers
 * 'Este campo es requerido', anything else that is not a number answers `message`.
 */
export const numberField = (message: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? REQUIRED_MESSAGE : message) });
export const fromInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string") return value;
    return value.trim() === "" ? undefined : Number(value);
  }, schema);

export const ID_MESSAGE = "Identificador inválido";
/** An id in a JSON body: a positive 32-bit integer, no coercion. */
export const bodyIdSchema = numberField(ID_MESSAGE)
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(2_147_483_647, ID_MESSAGE);
/** An id from a body or a query string. */
export const idSchema = fromInput(bodyIdSchema);
/** A filter id in a query string: `0` or absent means "all" (the 'Todas' / 'Todas las rutas' options). */
export const filterIdSchema = z.coerce
  .number({ message: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(0, ID_MESSAGE)
  .max(2_147_483_647, ID_MESSAGE)
  .optional()
  .transform((value) => (value ? value : undefined));

export const LATITUDE_MESSAGE = "Latitud inválida";
export const LATITUDE_RANGE_MESSAGE = "La latitud debe estar entre -90 y 90";
export const LONGITUDE_MESSAGE = "Longitud inválida";
export const LONGITUDE_RANGE_MESSAGE = "La longitud debe estar entre -180 y 180";
/** Out-of-range coordinates are refused, never clamped (issue 13 item 8, decision 0030). */
export const latitudeSchema = fromInput(
  numberField(LATITUDE_MESSAGE).min(-90, LATITUDE_RANGE_MESSAGE).max(90, LATITUDE_RANGE_MESSAGE),
);
export const longitudeSchema = fromInput(
  numberField(LONGITUDE_MESSAGE).min(-180, LONGITUDE_RANGE_MESSAGE).max(180, LONGITUDE_RANGE_MESSAGE),
);

export const VEHICLE_CAPACITY_MESSAGE = "La capacidad debe ser un número entero entre 1 y 120";
/** Seats of a driver's vehicle: a whole number 1–120, refused (not rounded or clamped) otherwise. */
export const vehicleCapacitySchema = fromInput(
  numberField(VEHICLE_CAPACITY_MESSAGE)
    .int(VEHICLE_CAPACITY_MESSAGE)
    .min(1, VEHICLE_CAPACITY_MESSAGE)
    .max(120, VEHICLE_CAPACITY_MESSAGE),
);

export const apiDateSchema = z
  .string({ message: API_DATE_MESSAGE })
  .regex(API_DATE_PATTERN, API_DATE_MESSAGE)
  .refine(apiDateYearInRange, API_DATE_YEAR_MESSAGE);

/** List request (spec §3): amount = page size, skip = 1-based page, criterion = search. */
export const listQuerySchema = z.object({
  amount: z.coerce
    .number({ message: "Cantidad inválida" })
    .int()
    .min(1, "Cantidad inválida")
    .max(100, "Máximo 100 por página")
    .default(10),
  skip: z.coerce
    .number({ message: "Página inválida" })
    .int()
    .min(1, "Página inválida")
    .max(1_000_000, "Página inválida")
    .default(1),
  criterion: criterionSchema,
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const BOTH_DATES_MESSAGE = "Indique ambas fechas";
/** The date range of a dated query: `sinceDate` and `untilDate`, MM/DD/YYYY local days. */
export const dateRangeShape = {
  sinceDate: apiDateSchema.optional(),
  untilDate: apiDateSchema.optional(),
};
/** A dated query gives both dates or neither: a half range answers 400 on the missing one. */
export const bothDatesOrNeither = (
  query: { sinceDate?: unknown; untilDate?: unknown },
  ctx: z.RefinementCtx,
) => {
  if ((query.sinceDate === undefined) === (query.untilDate === undefined)) return;
  ctx.addIssue({
    code: "custom",
    message: BOTH_DATES_MESSAGE,
    path: [query.sinceDate === undefined ? "sinceDate" : "untilDate"],
  });
};

/**
 * Every dated list (paging, search, local-day range) is this schema or extends it, so every one
 * answers a half range the same way.
 */
export const datedListQuerySchema = listQuerySchema.extend(dateRangeShape).superRefine(bothDatesOrNeither);

export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SORT_MESSAGE = "Orden inválido";

/**
 * The sorting of a list: `sortBy` one of the list's whitelisted fields (named as the list item's
 * field), `sortOrder` asc or desc. Without `sortBy` the list keeps its default order (newest first).
 */
export const sortShape = <const F extends readonly [string, ...string[]]>(fields: F) => ({
  sortBy: z.enum(fields, { message: SORT_MESSAGE }).optional(),
  sortOrder: z.enum(SORT_ORDERS, { message: SORT_MESSAGE }).default("asc"),
});

/** A dated list (paging, search, creation-date range) sortable by the given fields. */
export const sortedListQuerySchema = <const F extends readonly [string, ...string[]]>(fields: F) =>
  datedListQuerySchema.safeExtend(sortShape(fields));

export const listResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({ amount: z.number().int(), list: z.array(item) });

export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export const statusChangeSchema = z.object({ id: idSchema, status: statusSchema });
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** Error answers every API route may give (bad input, no session, wrong role, missing, conflict). */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
