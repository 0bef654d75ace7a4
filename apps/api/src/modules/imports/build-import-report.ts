import {
  IMPORT_ECHO_CHARS,
  IMPORT_MESSAGES,
  IMPORT_REPORT_MAX_ERRORS,
  type ImportError,
  type ImportReport,
  type ImportRow,
} from "@treiber/contract";
import type { ImportKind, PreparedImport, ResolvedRow, StoredPerson } from "./import-kind.js";
import { sortErrors } from "./import-rows.js";

/** At most IMPORT_ECHO_CHARS characters of a cell, «…» when cut. */
const echo = (text: string) =>
  text.length > IMPORT_ECHO_CHARS ? `${text.slice(0, IMPORT_ECHO_CHARS - 1)}…` : text;

/**
 * The rows the report lists: every row that imports (the preview shows them, and the admin accepts
 * or refuses each geocoded home from them), and the rows with errors whose errors the report shows
 * (at most IMPORT_REPORT_MAX_ERRORS; the error file holds them all). A file of 50,000 bad rows
 * answered 50,000 entries; a commit is refused while any row has errors, so none of those is lost.
 */
function listedRows<R extends { row: number; action: string }>(rows: R[], shownErrors: ImportError[]) {
  const withShownErrors = new Set(shownErrors.map((error) => error.row));
  return rows.filter((row) => row.action !== "error" || withShownErrors.has(row.row));
}

/** The report of an import (dry run or commit): counts, errors (cut), warnings and the rows' state (cut). */
export function buildImportReport<T extends { email: string }, S extends StoredPerson>(
  kind: ImportKind<T, S>,
  prepared: PreparedImport<T, S>,
  dryRun: boolean,
  invitationsAt?: Date,
): ImportReport {
  const { rows } = prepared;
  const errors = sortErrors(
    rows.flatMap((row) => row.errors),
    kind.columns,
  );
  const warnings = [...prepared.warnings];
  if (errors.length > IMPORT_REPORT_MAX_ERRORS) warnings.push(IMPORT_MESSAGES.errorsCut(errors.length));
  const count = (action: ResolvedRow<T, S>["action"]) => rows.filter((row) => row.action === action).length;
  const invalid = count("error");
  const created = count("create");
  const shownErrors = errors.slice(0, IMPORT_REPORT_MAX_ERRORS);
  return {
    dryRun,
    total: rows.length,
    valid: rows.length - invalid,
    invalid,
    created,
    updated: count("update"),
    unchanged: count("unchanged"),
    warned: rows.filter((row) => row.warnings !== undefined).length,
    invitations: { count: created, sendAt: invitationsAt?.toISOString() ?? null },
    errors: shownErrors,
    warnings,
    rows: listedRows(rows, shownErrors).map((row) => {
      const cells = (row.data ?? row.values ?? {}) as Record<string, unknown>;
      // A cell of the file is echoed short (issue 32: a 14 MB cell was a 14 MB answer).
      const key = echo(String(cells[kind.keyColumn] ?? ""));
      const name = echo(`${cells.name ?? ""} ${cells.lastname ?? ""}`.trim());
      const item: ImportRow = { row: row.row, action: row.action, key, name, location: row.location };
      if (row.changes) item.changes = row.changes;
      if (row.warnings) item.warnings = row.warnings;
      return item;
    }),
  };
}
