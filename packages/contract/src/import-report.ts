import { z } from "zod";

/** What an import answers: the report of its rows, a refused commit, the held invitations. */

export const importDryRunQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"], { message: "dryRun debe ser true o false" })
    .optional()
    .transform((value) => value === "true"),
});

export const importErrorSchema = z.object({
  /** The sheet's row (the header is row 1). */
  row: z.number().int(),
  /** The column's header as the template names it. */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** `unchanged` (issue 33): a stored person whose data the row would not change; nothing is written. */
export const IMPORT_ROW_ACTIONS = ["create", "update", "unchanged", "error"] as const;
/**
 * A valid row's warnings (issue 33): it imports, but its home is worth a look. `outsideCountry`:
 * outside the Dominican Republic (the sea, Haiti, Miami); `farFromOffice`: more than
 * IMPORT_HOME_MAX_KM from its branch office; `swapped` / `missingMinus`: the point the admin likely
 * meant (latitude and longitude swapped, the longitude's minus missing) is where the others are not.
 */
export const IMPORT_ROW_WARNING_CODES = [
  "outsideCountry",
  "farFromOffice",
  "swapped",
  "missingMinus",
] as const;
export const importRowWarningSchema = z.object({
  code: z.enum(IMPORT_ROW_WARNING_CODES),
  message: z.string(),
});
export type ImportRowWarning = z.infer<typeof importRowWarningSchema>;
export const IMPORT_LOCATION_SOURCES = ["sheet", "geocoded", "unchanged", "none"] as const;

/** Where a collaborator row's home comes from, and the geocoded point for the admin to accept. */
export const importLocationSchema = z.object({
  source: z.enum(IMPORT_LOCATION_SOURCES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The geocoder's confidence, 0–1 (geocoded rows only). */
  confidence: z.number().nullable(),
  /** The place the geocoder found (geocoded rows only). */
  label: z.string().nullable(),
});
export type ImportLocation = z.infer<typeof importLocationSchema>;

/** One data row's state in the preview. */
export const importRowSchema = z.object({
  row: z.number().int(),
  action: z.enum(IMPORT_ROW_ACTIONS),
  /** Código or Cédula as written in the file (normalized when valid). */
  key: z.string(),
  /** Nombre and Apellido. */
  name: z.string(),
  /** Collaborators only; null for drivers. */
  location: importLocationSchema.nullable(),
  /** `update` rows: the headers of the columns whose stored value changes (absent when none). */
  changes: z.array(z.string()).optional(),
  /** The row's warnings (absent when none): it imports all the same. */
  warnings: z.array(importRowWarningSchema).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** The invitations (temporary passwords by mail) of the new accounts. */
export const importInvitationsSchema = z.object({
  /** How many: one per new account. */
  count: z.number().int(),
  /** When held («crear sin enviar»), the instant they leave (ISO 8601); null: right after the import. */
  sendAt: z.string().nullable(),
});
export type ImportInvitations = z.infer<typeof importInvitationsSchema>;

/**
 * The answer of a dry run and of a commit (200), and of a refused commit (422): `created` and
 * `updated` are what the commit would do (dry run), did (200), or would have done (422).
 */
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  created: z.number().int(),
  /** Stored people whose data changes. */
  updated: z.number().int(),
  /** Stored people the file would not change (issue 33; the server always sends it). */
  unchanged: z.number().int().optional(),
  /** Valid rows with warnings (issue 33; the server always sends it). */
  warned: z.number().int().optional(),
  /** The new accounts' invitations (issue 33; the server always sends it). */
  invitations: importInvitationsSchema.optional(),
  errors: z.array(importErrorSchema),
  /** File-level notes that do not stop the import (ignored extra columns). */
  warnings: z.array(z.string()),
  /**
   * Every row that imports, and the rows with errors whose errors `errors` shows (issue 32: at most
   * IMPORT_REPORT_MAX_ERRORS of them; `invalid` counts them all, the error file lists them all).
   */
  rows: z.array(importRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A refused commit: the standard error plus the report. */
export const importRefusedSchema = importReportSchema.extend({
  statusCode: z.literal(422),
  message: z.string(),
});

/** `GET Import/invitations`: the invitations held by imports («crear sin enviar»), not sent yet. */
export const heldInvitationsSchema = z.object({
  held: z.number().int(),
  /** The earliest date among them (ISO 8601), null when none. */
  nextSendAt: z.string().nullable(),
  /** The latest one (ISO 8601), null when none. */
  lastSendAt: z.string().nullable(),
});
export type HeldInvitations = z.infer<typeof heldInvitationsSchema>;

/** `POST Import/invitations/send`: how many held invitations were sent now. */
export const sentInvitationsSchema = z.object({ sent: z.number().int() });
export type SentInvitations = z.infer<typeof sentInvitationsSchema>;
