import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportColumn,
  type ImportError,
} from "@treiber/contract";
import { badRequest } from "../http-error.js";
import { detectFileKind } from "./detect-file-kind.js";
import { matchHeaders } from "./match-headers.js";
import { isProblem, type RawCell, type RawRow } from "./raw-row.js";
import { readCsvCells } from "./read-csv-cells.js";
import { checkDeadline } from "./read-deadline.js";
import { readXlsxCells } from "./read-xlsx-cells.js";
import type { SheetRow } from "./sheet-types.js";

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
    if (typeof cell === "string" && cell.length > IMPORT_MAX_CELL_CHARS) cell = { problem: "tooLong" };
    if (isProblem(cell))
      cellErrors.push({ row: raw.row, column: column.header, message: IMPORT_MESSAGES[cell.problem] });
    else values[column.key] = text(cell);
  });
  const blank = cellErrors.length === 0 && Object.values(values).every((value) => value === null);
  return blank ? undefined : ({ row: raw.row, values, cellErrors } satisfies SheetRow);
}

/** What reading found besides the rows: the header's notes and how many data rows there are. */
export type ReadSheet = { warnings: string[]; rows: number };

/**
 * Reads an uploaded .xlsx or .csv against a template's columns (see sheet-types.ts): the kind is
 * told by content, row 1 is the header (matched by name, in any order), blank rows are skipped
 * but count against IMPORT_MAX_ROWS, those before the header too (a file of line breaks, with or
 * without a header, is refused as soon as it passes it, issue 32), row numbers are as in the
 * sheet. File-level problems are HttpErrors: an empty sheet or a header alone, too many rows,
 * and a file still being read at `deadline` (performance.now() milliseconds) is 400 «tardó más
 * de…». Each data row goes to `onRow` as soon as it is read (a row kept would keep its piece of
 * the file's text alive). Runs on the sheet reader's thread.
 */
export async function readSheet(
  file: Buffer,
  columns: readonly ImportColumn[],
  onRow: (row: SheetRow) => void,
  deadline = Number.POSITIVE_INFINITY,
): Promise<ReadSheet> {
  const raw = detectFileKind(file) === "xlsx" ? await readXlsxCells(file, deadline) : readCsvCells(file);
  let header: RawRow | undefined;
  let match: ReturnType<typeof matchHeaders> | undefined;
  let rows = 0;
  // Every row read, blank or not, before the header too: the header and IMPORT_MAX_ROWS more.
  let read = 0;
  for await (const row of raw) {
    checkDeadline(deadline);
    if (++read > IMPORT_MAX_ROWS + 1) throw badRequest(IMPORT_MESSAGES.tooManyRows);
    if (!match) {
      if (isBlank(row)) continue;
      header = row;
      // The header is row 1: a sheet that starts lower has no header row.
      match = matchHeaders(row.row === 1 ? row.cells.map(text) : [], columns);
      continue;
    }
    const sheetRow = toSheetRow(row, match.columnAt, columns);
    if (!sheetRow) continue;
    rows++;
    onRow(sheetRow);
  }
  if (!header || !match) throw badRequest(IMPORT_MESSAGES.emptySheet);
  if (rows === 0) throw badRequest(IMPORT_MESSAGES.noRows);
  return { warnings: match.warnings, rows };
}
