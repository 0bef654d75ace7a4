import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, type ImportColumn, type ImportError } from "@treiber/contract";
import { badRequest } from "../http-error.js";
import { detectFileKind } from "./detect-file-kind.js";
import { matchHeaders } from "./match-headers.js";
import { isProblem, type RawCell, type RawRow } from "./raw-row.js";
import { readCsvCells } from "./read-csv-cells.js";
import { readXlsxCells } from "./read-xlsx-cells.js";
import type { OpenSheet, SheetRow } from "./sheet-types.js";

const text = (cell: RawCell): string | null => {
  if (typeof cell !== "string") return null;
  const trimmed = cell.trim();
  return trimmed === "" ? null : trimmed;
};

const isBlank = (row: RawRow) => row.cells.every((cell) => text(cell) === null && !isProblem(cell));

/** A raw row as the template's columns: text by key (null when empty or absent) and cell problems. */
function toSheetRow(raw: RawRow, columnAt: (ImportColumn | undefined)[], columns: readonly ImportColumn[]) {
  const values: Record<string, string | null> = {};
  for (const column of columns) values[column.key] = null;
  const cellErrors: ImportError[] = [];
  raw.cells.forEach((cell, index) => {
    const column = columnAt[index];
    if (!column) return;
    if (isProblem(cell))
      cellErrors.push({ row: raw.row, column: column.header, message: IMPORT_MESSAGES[cell.problem] });
    else values[column.key] = text(cell);
  });
  const blank = cellErrors.length === 0 && Object.values(values).every((value) => value === null);
  return blank ? undefined : ({ row: raw.row, values, cellErrors } satisfies SheetRow);
}

/**
 * Opens an uploaded .xlsx or .csv against a template's columns (see sheet-types.ts): the kind is
 * told by content, row 1 is the header (matched by name, in any order), the first data row is
 * read before this returns (so an empty sheet or a header alone is a 400 here), and the rest are
 * read one at a time while the caller iterates: blank rows skipped, row numbers as in the sheet,
 * 400 once more than IMPORT_MAX_ROWS data rows were read.
 */
export const openSheet: OpenSheet = async (file, columns) => {
  const raw = detectFileKind(file) === "xlsx" ? await readXlsxCells(file) : readCsvCells(file);
  const iterator = raw[Symbol.asyncIterator]();
  try {
    let header = await iterator.next();
    while (!header.done && isBlank(header.value)) header = await iterator.next();
    if (header.done) throw badRequest(IMPORT_MESSAGES.emptySheet);
    // The header is row 1: a sheet that starts lower has no header row.
    const headers = header.value.row === 1 ? header.value.cells.map(text) : [];
    const { columnAt, warnings } = matchHeaders(headers, columns);
    const nextRow = async () => {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return undefined;
        const row = toSheetRow(next.value, columnAt, columns);
        if (row) return row;
      }
    };
    const first = await nextRow();
    if (!first) throw badRequest(IMPORT_MESSAGES.noRows);
    return {
      warnings,
      rows: {
        async *[Symbol.asyncIterator]() {
          let count = 0;
          try {
            for (let row: SheetRow | undefined = first; row; row = await nextRow()) {
              count++;
              if (count > IMPORT_MAX_ROWS) throw badRequest(IMPORT_MESSAGES.tooManyRows);
              yield row;
            }
          } finally {
            await iterator.return?.();
          }
        },
      },
    };
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
};
