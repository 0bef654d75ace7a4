import { once } from "node:events";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import type { CallerClock } from "../caller-clock.js";
import { markFormulaLikeText, xmlSafeText } from "./safe-text.js";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Cell formats: USD money, decimals (km), local dates (DD/MM/YYYY, spec §9) and date-times (h:mm:ss a). */
export const EXCEL_FORMATS = {
  integer: "#,##0",
  id: "0",
  money: '"US$"#,##0.00',
  decimal: "#,##0.00",
  date: "dd/mm/yyyy",
  datetime: "dd/mm/yyyy h:mm:ss AM/PM",
} as const;

export type ExcelColumnType = "text" | "id" | "integer" | "decimal" | "money" | "date" | "datetime";
export type ExcelValue = string | number | Date | null;

export type ExcelColumn<Row> = {
  header: string;
  type: ExcelColumnType;
  value: (row: Row) => ExcelValue;
  /** Summed into the totals row. */
  total?: boolean;
  /**
   * The totals row's cell when it is not a sum but follows from the sums (a percentage of two
   * totals): `sumOf(header)` is the total of the column with that header.
   */
  totalValue?: (sumOf: (header: string) => number) => ExcelValue;
};

export type SheetExport<Row> = {
  fileName: string;
  sheetName: string;
  title: string;
  /** The export's filter, written under the title ("Desde", "Hasta", "Suplidor", …). */
  filters: [label: string, value: string][];
  columns: ExcelColumn<Row>[];
  /** Rows in batches (e.g. keyset pages from the database); read lazily, one batch at a time. */
  batches: AsyncIterable<Row[]>;
  /** The caller's clock: dates are written as local wall-clock times of its zone. */
  clock: CallerClock;
  /** Text of the totals row's first cell. */
  totalLabel?: string;
  /** Small sheets (rows in memory) written after the streamed one, with the same filter and clock. */
  moreSheets?: AnyWorkbookSheet[];
};

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const FIXED_WIDTH: Partial<Record<ExcelColumnType, number>> = { date: 12, datetime: 22 };

/** Column widths that fit the header and the first batch (the rest is not known yet when streaming). */
function fitWidths<Row>(columns: ExcelColumn<Row>[], sample: Row[]) {
  return columns.map((column) => {
    let width = column.header.length + 2;
    const fixed = FIXED_WIDTH[column.type];
    if (fixed) return Math.max(width, fixed);
    for (const row of sample) {
      const value = column.value(row);
      if (value === null) continue;
      const length =
        typeof value === "number"
          ? value.toLocaleString("en-US", { maximumFractionDigits: 2 }).length +
            (column.type === "money" ? 6 : 1)
          : String(value).length + 1;
      if (length > width) width = length;
    }
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width));
  });
}

const toCell = (type: ExcelColumnType, value: ExcelValue, clock: CallerClock): ExcelValue => {
  if (value instanceof Date) return clock.wallClock(value);
  if ((type === "money" || type === "decimal") && typeof value === "number")
    return Math.round(value * 100) / 100;
  if (typeof value === "string") return xmlSafeText(value);
  return value;
};

const hundredths = (type: ExcelColumnType) => type === "money" || type === "decimal";

const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE3EFE6" } };

/**
 * Streams one sheet as an .xlsx attachment: title, the export's filter, a bold frozen header,
 * typed cells, and a totals row. Text is always a string cell; text that looks like a formula
 * (`=`, `+`, `-`, `@`, …) also gets the Text format (safe-text.ts). Rows are written batch by batch straight into the response
 * (exceljs' streaming writer); the next batch is read only when the client has taken the previous
 * one, so memory does not grow with the row count. The first batch is read before anything is
 * sent, so a failing query still gets a normal JSON error.
 */
export async function sendSheet<Row>(reply: FastifyReply, sheet: SheetExport<Row>): Promise<FastifyReply> {
  const iterator = sheet.batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const firstBatch = first.done ? [] : first.value;

  const output = new PassThrough();
  reply
    .header("content-type", XLSX_CONTENT_TYPE)
    .header("content-disposition", `attachment; filename=${sheet.fileName}`)
    .header("cache-control", "no-store");
  void writeWorkbook(output, sheet, firstBatch, first.done ? undefined : iterator).catch((error) => {
    reply.log.error({ err: error }, "excel export failed");
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    void iterator.return?.();
  });
  return reply.send(output);
}

const newWorkbook = (output: PassThrough) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = "Treiber";
  workbook.created = new Date();
  return workbook;
};

async function writeWorkbook<Row>(
  output: PassThrough,
  sheet: SheetExport<Row>,
  firstBatch: Row[],
  rest: AsyncIterator<Row[]> | undefined,
) {
  const workbook = newWorkbook(output);
  if (!(await writeWorksheet(workbook, output, sheet, firstBatch, rest))) return;
  for (const more of sheet.moreSheets ?? []) {
    const context = { filters: sheet.filters, clock: sheet.clock };
    if (!(await writeWorksheet(workbook, output, { ...more, ...context }, more.rows, undefined))) return;
  }
  await workbook.commit();
}

/** One sheet of a workbook (as `sendSheet` lays it out); false when the client went away. */
async function writeWorksheet<Row>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  output: PassThrough,
  sheet: Omit<SheetExport<Row>, "fileName" | "batches">,
  firstBatch: Row[],
  rest: AsyncIterator<Row[]> | undefined,
): Promise<boolean> {
  const { columns, clock } = sheet;
  const headerRowNumber = sheet.filters.length + 3;
  const worksheet = workbook.addWorksheet(sheet.sheetName, {
    views: [{ state: "frozen", xSplit: 0, ySplit: headerRowNumber, activeCell: `A${headerRowNumber + 1}` }],
  });
  // The number format lives on the column: every data cell inherits it (no per-cell style work).
  worksheet.columns = fitWidths(columns, firstBatch).map((width, index) => {
    const type = columns[index]?.type ?? "text";
    return type === "text" ? { width } : { width, style: { numFmt: EXCEL_FORMATS[type] } };
  });

  const title = worksheet.addRow([sheet.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  for (const [label, value] of sheet.filters) {
    const filter = worksheet.addRow([label, xmlSafeText(value)]);
    markFormulaLikeText(filter);
    filter.commit();
  }
  worksheet.addRow([]).commit();
  const header = worksheet.addRow(columns.map((column) => column.header));
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: "thin" } };
  });
  header.commit();

  const totals = columns.map(() => 0);
  const writeBatch = (rows: Row[]) => {
    for (const row of rows) {
      const values = columns.map((column, index) => {
        const value = column.value(row);
        if (column.total && typeof value === "number") {
          // Money (and km) is summed in hundredths so the totals row is exact.
          const add = hundredths(column.type) ? Math.round(value * 100) : value;
          totals[index] = (totals[index] ?? 0) + add;
        }
        return toCell(column.type, value, clock);
      });
      const added = worksheet.addRow(values);
      // Text such as "=HYPERLINK(…)" or "-1" stays text (Text format), never a formula.
      markFormulaLikeText(added);
      added.commit();
    }
  };

  writeBatch(firstBatch);
  if (rest) {
    for (;;) {
      // Let the zip stream hand what it has to the response, and wait while the client is slow.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (output.destroyed) {
        await rest.return?.();
        return false;
      }
      if (output.writableNeedDrain) await Promise.race([once(output, "drain"), once(output, "close")]);
      const next = await rest.next();
      if (next.done) break;
      writeBatch(next.value);
    }
  }

  const sumAt = (index: number) =>
    hundredths(columns[index]?.type ?? "text") ? (totals[index] ?? 0) / 100 : (totals[index] ?? 0);
  const sumOf = (header: string) => sumAt(columns.findIndex((column) => column.header === header));
  const totalRow = worksheet.addRow(
    columns.map((column, index) => {
      if (index === 0) return sheet.totalLabel ?? "Total";
      if (column.totalValue) return toCell(column.type, column.totalValue(sumOf), clock);
      if (!column.total) return null;
      return sumAt(index);
    }),
  );
  totalRow.font = { bold: true };
  columns.forEach((column, index) => {
    const format = column.type === "text" ? undefined : EXCEL_FORMATS[column.type];
    const cell = totalRow.getCell(index + 1);
    if (format && (column.total || column.totalValue)) cell.numFmt = format;
    cell.border = { top: { style: "thin" } };
  });
  totalRow.commit();
  worksheet.commit();
  return true;
}

export type WorkbookSheet<Row> = Pick<SheetExport<Row>, "sheetName" | "title" | "columns" | "totalLabel"> & {
  rows: Row[];
};

// biome-ignore lint/suspicious/noExplicitAny: each sheet of a workbook has its own row type.
export type AnyWorkbookSheet = WorkbookSheet<any>;

/**
 * Several small sheets (rows already in memory, e.g. a report's groupings) in one .xlsx attachment,
 * each laid out like `sendSheet`'s: title, the export's filter, header, typed cells, totals row.
 */
export async function sendSheets(
  reply: FastifyReply,
  workbookExport: {
    fileName: string;
    filters: [label: string, value: string][];
    clock: CallerClock;
    sheets: AnyWorkbookSheet[];
  },
): Promise<FastifyReply> {
  const output = new PassThrough();
  reply
    .header("content-type", XLSX_CONTENT_TYPE)
    .header("content-disposition", `attachment; filename=${workbookExport.fileName}`)
    .header("cache-control", "no-store");
  const write = async () => {
    const workbook = newWorkbook(output);
    for (const sheet of workbookExport.sheets) {
      const written = await writeWorksheet(
        workbook,
        output,
        { ...sheet, filters: workbookExport.filters, clock: workbookExport.clock },
        sheet.rows,
        undefined,
      );
      if (!written) return;
    }
    await workbook.commit();
  };
  void write().catch((error) => {
    reply.log.error({ err: error }, "excel export failed");
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(output);
}
