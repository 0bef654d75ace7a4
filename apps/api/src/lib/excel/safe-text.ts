import type ExcelJS from "exceljs";

/**
 * Text that a spreadsheet program could take for a formula when the cell is edited, copied or
 * saved as CSV: a leading `=`, `+`, `-`, `@`, tab or carriage return (OWASP, "CSV injection").
 * exceljs writes a JavaScript string as a string cell (`t="str"`/`t="s"`, never an `<f>` element);
 * such cells also get the Text number format (`@`, numFmtId 49), so they stay text when edited.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The Text number format (built-in numFmtId 49). */
export const TEXT_FORMAT = "@";

export const looksLikeFormula = (text: string) => FORMULA_START.test(text);

// Control characters are not allowed in the sheet's XML; a stray one would make Excel ask to repair.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching those characters is the point.
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** The text without the characters XML cannot hold (NUL and the other C0 controls but tab, LF, CR). */
export const xmlSafeText = (text: string) => text.replace(INVALID_XML, "");

/**
 * Gives every string cell of the row that looks like a formula the Text format. Call it before
 * `row.commit()` (streaming writer) or after filling the row.
 */
export function markFormulaLikeText(row: ExcelJS.Row) {
  row.eachCell((cell) => {
    if (typeof cell.value === "string" && looksLikeFormula(cell.value)) cell.numFmt = TEXT_FORMAT;
  });
}
