/**
 * What the spreadsheet reader (issue 24, decision 0050) hands to the import services: the file's
 * rows, one at a time, each cell as trimmed text or null when empty. File-level problems (not a
 * spreadsheet, broken zip, empty sheet, missing columns, too many rows) are thrown as HttpError
 * (400/413/415) with the contract's Spanish IMPORT_MESSAGES before or while rows are read;
 * cell-level problems (a formula, a date in a text column, a merged cell) come with the row.
 */
import type { ImportColumn, ImportError } from "@treiber/contract";

export type SheetRow = {
  /** The sheet's row number (the header is row 1). */
  row: number;
  /** Cell text by column key (ImportColumn.key); null when the cell is empty or the column absent. */
  values: Record<string, string | null>;
  /** Problems found while reading this row's cells (column = the template's header). */
  cellErrors: ImportError[];
};

export type OpenedSheet = {
  /** Notes that do not stop the import (e.g. an extra column ignored). */
  warnings: string[];
  /** The data rows in order, read lazily (streaming). Blank rows are skipped. */
  rows: AsyncIterable<SheetRow>;
};

/** Opens an uploaded .xlsx or .csv (detected by content, not by name) against a template's columns. */
export type OpenSheet = (file: Buffer, columns: readonly ImportColumn[]) => Promise<OpenedSheet>;

/** An upload received from multipart/form-data: the file (≤ IMPORT_MAX_BYTES) and the text fields. */
export type ImportUpload = { file: Buffer; fileName: string; fields: Record<string, string> };
