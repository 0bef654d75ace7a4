/**
 * A sheet's rows checked against a template's row schema (issue 24): each row's errors (the
 * reader's cell errors, then the contract's messages, one per column) and, within the file, a
 * later row repeating an earlier row's key or e-mail.
 */
import { IMPORT_MESSAGES, type ImportColumn, type ImportError } from "@treiber/contract";
import type { z } from "zod";
import type { OpenedSheet } from "../../lib/import/sheet-types.js";
import { foldSearch } from "../../lib/paging.js";

export type CheckedRow<T> = {
  row: number;
  /**
   * The cells as read: kept for the rows the file itself got wrong (the error file) or for every
   * row when asked (`keepValues`); a valid row carries only its data (50,000 rows stay small).
   */
  values: Record<string, string | null> | undefined;
  /** The row's data once it passed the schema; undefined when it did not. */
  data: T | undefined;
  errors: ImportError[];
  /** How many of `errors` the file itself has (the rest come from the database). */
  fileErrors: number;
};

/** A column whose value may appear once per file, and how two values are compared. */
export type UniqueColumn = { key: string; fold: (value: string) => string };

/** Names as a person types them: no case, accents or extra spaces ("Sede  Piantini" = "sede piantini"). */
export const foldName = (value: string) => foldSearch(value).replace(/\s+/g, " ").trim();

/** Adds an error to the row unless that column already has one (one reason per cell). */
export function addError(row: { row: number; errors: ImportError[] }, column: string, message: string) {
  if (row.errors.some((error) => error.column === column)) return;
  row.errors.push({ row: row.row, column, message });
}

/** Reads every row (streaming), validates it and marks repeats; keeps them in sheet order. */
export async function checkRows<T, E extends object>(
  sheet: OpenedSheet,
  check: {
    columns: readonly ImportColumn[];
    schema: z.ZodType<T>;
    unique: readonly UniqueColumn[];
    keepValues: boolean;
    /** The caller's own fields of each row (set once, so the rows are not copied later). */
    extra: () => E;
  },
): Promise<(CheckedRow<T> & E)[]> {
  const { columns, schema, unique, keepValues } = check;
  const headerOf = new Map(columns.map((column) => [column.key, column.header]));
  const seen = unique.map(() => new Map<string, number>());
  const rows: (CheckedRow<T> & E)[] = [];
  for await (const sheetRow of sheet.rows) {
    // The caller's object, its fields added in one order: 50,000 rows share one hidden class (a
    // spread gave each row its own, ~400 B more a row).
    const checked = check.extra() as CheckedRow<T> & E;
    checked.row = sheetRow.row;
    checked.values = sheetRow.values;
    checked.data = undefined;
    checked.errors = [];
    checked.fileErrors = 0;
    for (const error of sheetRow.cellErrors) addError(checked, error.column, error.message);
    const parsed = schema.safeParse(sheetRow.values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "");
        addError(checked, headerOf.get(key) ?? key, issue.message);
      }
    }
    unique.forEach((column, index) => {
      const raw = sheetRow.values[column.key];
      if (!raw?.trim()) return;
      const value = column.fold(raw);
      const header = headerOf.get(column.key) ?? column.key;
      const first = seen[index]?.get(value);
      if (first === undefined) seen[index]?.set(value, checked.row);
      else addError(checked, header, IMPORT_MESSAGES.duplicateInFile(header, first));
    });
    if (checked.errors.length === 0 && parsed.success) checked.data = parsed.data;
    checked.fileErrors = checked.errors.length;
    if (checked.data !== undefined && !keepValues) checked.values = undefined;
    rows.push(checked);
  }
  return rows;
}

/** The row's errors in the template's column order. */
export function sortErrors(errors: ImportError[], columns: readonly ImportColumn[]) {
  const order = new Map(columns.map((column, index) => [column.header, index]));
  return errors.sort(
    (a, b) =>
      a.row - b.row || (order.get(a.column) ?? columns.length) - (order.get(b.column) ?? columns.length),
  );
}
