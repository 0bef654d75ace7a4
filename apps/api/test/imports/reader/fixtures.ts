import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { ImportColumn } from "@treiber/contract";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { expect } from "vitest";
import { HttpError } from "../../../src/lib/http-error.js";
import { openSheet } from "../../../src/lib/import/open-sheet.js";
import type { SheetRow } from "../../../src/lib/import/sheet-types.js";

/** A small template for the reader's tests: two required columns, one optional. */
export const COLUMNS: readonly ImportColumn[] = [
  { key: "code", header: "Código", required: true, rule: "", example: "E-1" },
  { key: "name", header: "Nombre", required: true, rule: "", example: "Ana" },
  { key: "telephone", header: "Teléfono", required: false, rule: "", example: "8095551234" },
];

/** An .xlsx written by exceljs; `build` fills the first worksheet. */
export async function xlsxOf(
  build: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Datos");
  build(sheet, workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An .xlsx of rows (the first is the header). */
export const xlsxRows = (rows: ExcelJS.CellValue[][]) =>
  xlsxOf((sheet) => {
    for (const row of rows) sheet.addRow(row);
  });

/** Rewrites parts of an .xlsx (e.g. to write what exceljs never writes: `_x0007_`, a control byte). */
export async function editXlsx(file: Buffer, edit: (zip: JSZip) => Promise<void>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file);
  await edit(zip);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

export async function replaceInPart(zip: JSZip, part: string, from: string | RegExp, to: string) {
  const text = await zip.file(part)?.async("string");
  if (text === undefined) throw new Error(`no ${part}`);
  zip.file(part, text.replace(from, to));
}

/** Every row of a sheet, with its warnings. */
export async function readAll(file: Buffer, columns: readonly ImportColumn[] = COLUMNS) {
  const sheet = await openSheet(file, columns);
  const rows: SheetRow[] = [];
  for await (const row of sheet.rows) rows.push(row);
  return { warnings: sheet.warnings, rows };
}

/** The HttpError the promise fails with. */
export async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error("expected a refusal");
}

/** The bytes a writer puts into a stream. */
export async function written(write: (output: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const output = new PassThrough();
  const bytes = buffer(output);
  await write(output);
  return bytes;
}

/** A multipart/form-data body: text fields and files, in order. */
export function multipart(
  parts: ({ name: string; value: string } | { name: string; fileName: string; content: Buffer })[],
) {
  const boundary = "----treiber-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      "fileName" in part
        ? `form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push("fileName" in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
