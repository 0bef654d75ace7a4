import { once } from "node:events";
import type { Writable } from "node:stream";
import { IMPORT_ERRORS_HEADER, type ImportColumn, type ImportError } from "@treiber/contract";
import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import { type WorkbookTarget, writeWorkbookTo } from "../excel/workbook-target.js";
import type { SheetRow } from "./sheet-types.js";
import { addTextRow, importColumnsLayout } from "./write-import-template.js";

/** A row of the file: its cells as read (SheetRow) and every error found for it (none: a valid row). */
export type ImportErrorRow = SheetRow & {
  /** The row's errors from validation (cellErrors are added; an error given in both is written once). */
  errors?: readonly ImportError[];
};

export type ImportErrorFileOptions = {
  /** The attachment's name when the target is a reply. */
  fileName: string;
  columns: readonly ImportColumn[];
  /** The rows, in the order to write them (read lazily): the invalid ones first (issue 33). */
  rows: Iterable<ImportErrorRow> | AsyncIterable<ImportErrorRow>;
  sheetName?: string;
};

/** "Columna: mensaje; Columna: mensaje" (each reason once, in the order found). */
export function errorReasons(row: ImportErrorRow): string {
  const seen = new Set<string>();
  const reasons: string[] = [];
  for (const error of [...row.cellErrors, ...(row.errors ?? [])]) {
    const reason = error.column ? `${error.column}: ${error.message}` : error.message;
    if (seen.has(reason)) continue;
    seen.add(reason);
    reasons.push(reason);
  }
  return reasons.join("; ");
}

async function writeErrors(output: Writable, options: ImportErrorFileOptions) {
  const { columns } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = "Treiber";
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(options.sheetName ?? "Errores", {
    views: [{ state: "frozen", xSplit: 0, ySplit: 1, activeCell: "A2" }],
  });
  sheet.columns = [...importColumnsLayout(columns), { width: 80 }];
  addTextRow(sheet, [...columns.map((column) => column.header), IMPORT_ERRORS_HEADER], true);
  let written = 0;
  for await (const row of options.rows) {
    // A valid row's «Errores» cell stays empty (no empty text).
    addTextRow(sheet, [
      ...columns.map((column) => row.values[column.key] ?? null),
      errorReasons(row) || null,
    ]);
    // Let the zip stream hand what it has to the output, and wait while the reader is slow.
    if (++written % 500 === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (output.writableNeedDrain) await Promise.race([once(output, "drain"), once(output, "close")]);
    }
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The error file (.xlsx): the rows given (issue 33: every row of the upload, the invalid ones
 * first), under the template's headers (row 1) so the fixed file can be uploaded again as it is
 * and import them all, each cell's text as read, and a last column «Errores» with the reasons
 * ("Teléfono: Teléfono incorrecto; Correo: …"), empty for a valid row, which the reader ignores.
 * Every cell is text (Text format), formula-like text included; rows are streamed.
 */
export function writeImportErrors(
  target: FastifyReply,
  options: ImportErrorFileOptions,
): Promise<FastifyReply>;
export function writeImportErrors(target: Writable, options: ImportErrorFileOptions): Promise<undefined>;
export async function writeImportErrors(
  target: WorkbookTarget,
  options: ImportErrorFileOptions,
): Promise<FastifyReply | undefined> {
  return writeWorkbookTo(target, options.fileName, (output) => writeErrors(output, options));
}
