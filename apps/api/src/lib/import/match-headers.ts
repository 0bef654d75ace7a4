import { IMPORT_ERRORS_HEADER, IMPORT_MESSAGES, type ImportColumn } from "@treiber/contract";
import { badRequest } from "../http-error.js";

/** A header as compared: no accents, lower case, spaces trimmed and collapsed ("  CÉDULA " → "cedula"). */
export const normalizeHeader = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Extra columns beyond this many are ignored without a note each. */
const MAX_WARNINGS = 20;

export type HeaderMatch = {
  /** The template column read from each sheet column (0-based), or undefined when ignored. */
  columnAt: (ImportColumn | undefined)[];
  /** One note per extra column, up to 20 (the error file's «Errores» is ignored silently). */
  warnings: string[];
};

/**
 * Matches row 1 to a template's columns, in any order: 400 when a required column is missing
 * (all of them listed) or a template column appears twice; extra columns are ignored with a
 * warning; empty header cells are ignored.
 */
export function matchHeaders(headers: (string | null)[], columns: readonly ImportColumn[]): HeaderMatch {
  const byName = new Map(columns.map((column) => [normalizeHeader(column.header), column]));
  const errorsHeader = normalizeHeader(IMPORT_ERRORS_HEADER);
  const columnAt: (ImportColumn | undefined)[] = [];
  const found = new Set<ImportColumn>();
  const ignored = new Set<string>();
  const warnings: string[] = [];
  headers.forEach((header, index) => {
    if (!header) return;
    const name = normalizeHeader(header);
    const column = byName.get(name);
    if (column) {
      if (found.has(column)) throw badRequest(IMPORT_MESSAGES.duplicateColumn(column.header));
      found.add(column);
      columnAt[index] = column;
    } else if (name !== errorsHeader && !ignored.has(name) && ignored.size < MAX_WARNINGS) {
      ignored.add(name);
      warnings.push(IMPORT_MESSAGES.ignoredColumn(header.length > 60 ? `${header.slice(0, 59)}…` : header));
    }
  });
  const missing = columns.filter((column) => column.required && !found.has(column));
  if (missing.length > 0) throw badRequest(IMPORT_MESSAGES.missingColumns(missing.map((c) => c.header)));
  return { columnAt, warnings };
}
