import type { Writable } from "node:stream";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportColumn } from "@treiber/contract";
import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import { markFormulaLikeText, TEXT_FORMAT, xmlSafeText } from "../excel/safe-text.js";
import { type WorkbookTarget, writeWorkbookTo } from "../excel/workbook-target.js";
import { normalizeHeader } from "./match-headers.js";

export type ImportTemplateOptions = {
  /** The attachment's name when the target is a reply (PlantillaColaboradores.xlsx). */
  fileName: string;
  columns: readonly ImportColumn[];
  /** The column with a drop-down list (its key or header: "branchOffice" or "Sucursal"). */
  listName?: string;
  /** The list's values (the active branch offices or suppliers); the first fills the example row. */
  listValues?: readonly string[];
  /** The data sheet's name. */
  sheetName?: string;
};

export const TEMPLATE_RULES_SHEET = "Reglas";
/** The hidden sheet that holds the drop-down's values (a list of any length). */
export const TEMPLATE_LISTS_SHEET = "Listas";

export const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE3EFE6" } };

/** Header and data columns of an import sheet: every column formatted as Text (cédulas keep their zeros). */
export function importColumnsLayout(columns: readonly ImportColumn[]) {
  return columns.map((column) => ({
    width: Math.min(40, Math.max(14, column.header.length + 4, column.example.length + 2)),
    style: { numFmt: TEXT_FORMAT },
  }));
}

/** Adds a row of text cells (XML-safe; formula-like text keeps the Text format) and commits it. */
export function addTextRow(worksheet: ExcelJS.Worksheet, values: (string | null)[], bold = false) {
  const row = worksheet.addRow(values.map((value) => (value === null ? null : xmlSafeText(value))));
  markFormulaLikeText(row);
  if (bold) {
    row.eachCell((cell) => {
      cell.font = { bold: true };
      cell.fill = HEADER_FILL;
    });
  }
  row.commit();
  return row;
}

type WithValidations = { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } };

const columnLetter = (index: number) => {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

async function writeTemplate(output: Writable, options: ImportTemplateOptions) {
  const { columns } = options;
  const listValues = (options.listValues ?? []).map(xmlSafeText).filter((value) => value.trim() !== "");
  const listName = options.listName ? normalizeHeader(options.listName) : undefined;
  const listIndex = columns.findIndex(
    (column) =>
      listName !== undefined &&
      (normalizeHeader(column.key) === listName || normalizeHeader(column.header) === listName),
  );

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: true,
  });
  workbook.creator = "Treiber";
  workbook.created = new Date();

  const data = workbook.addWorksheet(options.sheetName ?? "Datos", {
    views: [{ state: "frozen", xSplit: 0, ySplit: 1, activeCell: "A2" }],
  });
  data.columns = importColumnsLayout(columns);
  addTextRow(
    data,
    columns.map((column) => column.header),
    true,
  );
  addTextRow(
    data,
    columns.map((column, index) => (index === listIndex ? (listValues[0] ?? null) : column.example || null)),
  );
  const listColumn = columns[listIndex];
  if (listColumn && listValues.length > 0) {
    const letter = columnLetter(listIndex);
    // exceljs writes worksheet-level validations (one range, not 50,000 cells); its types miss them.
    (data as unknown as WithValidations).dataValidations.add(`${letter}2:${letter}${IMPORT_MAX_ROWS + 1}`, {
      type: "list",
      allowBlank: true,
      formulae: [`${TEMPLATE_LISTS_SHEET}!$A$1:$A$${listValues.length}`],
      showErrorMessage: true,
      errorStyle: "stop",
      errorTitle: listColumn.header,
      error: `Elija un valor de la lista «${listColumn.header}»`,
    });
  }
  data.commit();

  const rules = workbook.addWorksheet(TEMPLATE_RULES_SHEET, {
    views: [{ state: "frozen", xSplit: 0, ySplit: 1, activeCell: "A2" }],
  });
  rules.columns = [{ width: 16 }, { width: 13 }, { width: 100, style: { alignment: { wrapText: true } } }];
  addTextRow(rules, ["Columna", "Obligatoria", "Regla"], true);
  for (const column of columns)
    addTextRow(rules, [column.header, column.required ? "Sí" : "No", column.rule]);
  addTextRow(rules, []);
  addTextRow(rules, [
    "Archivo",
    null,
    `La fila 1 lleva los encabezados (en cualquier orden). Hasta ${IMPORT_MAX_ROWS.toLocaleString("es-DO")} filas y ` +
      `${IMPORT_MAX_BYTES / 1024 / 1024} MB por archivo; .xlsx o .csv (UTF-8 o Windows-1252, separado por coma o punto y coma). ` +
      "Escriba valores, no fórmulas ni fechas, y no combine celdas.",
  ]);
  rules.commit();

  const lists = workbook.addWorksheet(TEMPLATE_LISTS_SHEET, { state: "hidden" });
  for (const value of listValues) addTextRow(lists, [value]);
  lists.commit();

  await workbook.commit();
}

/**
 * The import template (.xlsx): a data sheet with the bold, frozen headers, one example row (the
 * list column gets the list's first value) and a drop-down on the list column for every data row
 * (IMPORT_MAX_ROWS), its values on the hidden sheet «Listas»; the sheet «Reglas» explains each
 * column. Every cell is text (Text format), formula-like text included.
 */
export function writeImportTemplate(
  target: FastifyReply,
  options: ImportTemplateOptions,
): Promise<FastifyReply>;
export function writeImportTemplate(target: Writable, options: ImportTemplateOptions): Promise<undefined>;
export async function writeImportTemplate(
  target: WorkbookTarget,
  options: ImportTemplateOptions,
): Promise<FastifyReply | undefined> {
  return writeWorkbookTo(target, options.fileName, (output) => writeTemplate(output, options));
}
