/**
 * The few pieces of SpreadsheetML an import reads (ECMA-376 part 1, §18.3 and §18.4), by pattern
 * rather than through a general XML parser: a worksheet's `<row>`/`<c>` elements, the shared
 * strings and the styles' number formats. Decision 0050: exceljs' streaming reader built a Row and
 * Cell objects with styles for every cell, and that garbage made a 50,000-row dry run grow the
 * server by more than the 150 MB goal; this reads a row into an array of texts and nothing more.
 */
import { IMPORT_MESSAGES } from "@treiber/contract";
import { badRequest } from "../http-error.js";
import { decodeOoxmlEscapes, numberText } from "./cell-text.js";
import type { RawCell } from "./raw-row.js";

/** XML 1.0 forbids these characters raw (Excel writes them as `_x0007_`): a file with one is broken. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function checkXmlText(text: string): void {
  if (FORBIDDEN.test(text)) throw badRequest(IMPORT_MESSAGES.brokenXlsx);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text content with its entities decoded (`&amp;`, `&#10;`, `&#x41;`). */
export function xmlText(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(?:#x([0-9A-Fa-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/g, (_m, hex, dec, name) => {
    if (name) return ENTITIES[name as string] ?? "";
    const code = hex ? Number.parseInt(hex as string, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

const ATTRIBUTES = new Map<string, RegExp>();

/** An attribute by local name, from the text between an element's name and its `>`. */
function attribute(attributes: string, name: string): string | undefined {
  let pattern = ATTRIBUTES.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTES.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  return match ? xmlText(match[1] ?? match[2] ?? "") : undefined;
}

const TEXT_RUN = /<(?:[\w.-]+:)?t(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?t>)/g;
const PHONETIC = /<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh>/g;

/** A string item (`<si>` or `<is>`): its `<t>` runs joined (rich text), phonetic guides left out. */
export function stringItem(inner: string): string {
  const text = inner.includes("rPh") ? inner.replace(PHONETIC, "") : inner;
  let result = "";
  for (const match of text.matchAll(TEXT_RUN)) result += xmlText(match[1] ?? "");
  return result;
}

/** The shared strings part, in order (a cell `t="s"` holds an index into it). */
export function parseSharedStrings(xml: string): string[] {
  checkXmlText(xml);
  const strings: string[] = [];
  for (const match of xml.matchAll(/<(?:[\w.-]+:)?si(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?si>)/g)) {
    strings.push(stringItem(match[1] ?? ""));
  }
  return strings;
}

/** Built-in number formats that show a date or a time (§18.8.30; the East Asian ones too). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** A format code that shows a date or time: y, m, d, h, s outside quotes and brackets (as exceljs tells). */
export const isDateFormat = (code: string) =>
  /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));

/** Which cell styles (`s`, an index into `<cellXfs>`) show dates. */
export function parseDateStyles(xml: string): Set<number> {
  const custom = new Map<number, string>();
  for (const match of xml.matchAll(/<(?:[\w.-]+:)?numFmt\s([^>]*)>/g)) {
    const id = Number(attribute(match[1] ?? "", "numFmtId"));
    custom.set(id, attribute(match[1] ?? "", "formatCode") ?? "");
  }
  const dates = new Set<number>();
  const cellXfs = /<(?:[\w.-]+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?cellXfs>/.exec(xml)?.[1] ?? "";
  let index = 0;
  for (const match of cellXfs.matchAll(/<(?:[\w.-]+:)?xf\b([^>]*)>/g)) {
    const id = Number(attribute(match[1] ?? "", "numFmtId") ?? 0);
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : DATE_FORMAT_IDS.has(id)) dates.add(index);
    index++;
  }
  return dates;
}

const columnNumber = (reference: string) => {
  let n = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i) & ~32;
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n;
};

export type SheetContext = { sharedStrings: readonly string[]; dateStyles: ReadonlySet<number> };

const CELL = /<(?:[\w.-]+:)?c(?=[\s/>])([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?c>)/g;
const FORMULA = /<(?:[\w.-]+:)?f[\s/>]/;
const VALUE = /<(?:[\w.-]+:)?v(?:\s[^>]*)?>([\s\S]*?)<\/(?:[\w.-]+:)?v>/;
const INLINE = /<(?:[\w.-]+:)?is(?:\s[^>]*)?>([\s\S]*?)<\/(?:[\w.-]+:)?is>/;

/** One `<c>` as cell text, a problem (formula, date) or null. */
function cellValue(attributes: string, inner: string, context: SheetContext): RawCell {
  if (FORMULA.test(inner)) return { problem: "formula" };
  const type = attribute(attributes, "t") ?? "n";
  if (type === "inlineStr") {
    const item = INLINE.exec(inner);
    return item ? decodeOoxmlEscapes(stringItem(item[1] ?? "")) : null;
  }
  const raw = VALUE.exec(inner)?.[1];
  if (raw === undefined) return null;
  const value = xmlText(raw);
  switch (type) {
    case "s": {
      const text = context.sharedStrings[Number.parseInt(value, 10)];
      return text === undefined ? null : decodeOoxmlEscapes(text);
    }
    case "str":
      return decodeOoxmlEscapes(value);
    case "b":
      return Number.parseInt(value, 10) !== 0 ? "TRUE" : "FALSE";
    case "e":
      return value;
    case "d":
      return { problem: "date" };
    default: {
      const style = Number(attribute(attributes, "s") ?? 0);
      if (context.dateStyles.has(style)) return { problem: "date" };
      return numberText(Number.parseFloat(value));
    }
  }
}

/** A row's `<c>` elements (its inner XML) as cells by column (0-based). */
export function rowCells(inner: string, context: SheetContext): RawCell[] {
  const cells: RawCell[] = [];
  let column = 0;
  for (const match of inner.matchAll(CELL)) {
    const attributes = match[1] ?? "";
    const reference = attribute(attributes, "r");
    column = reference ? columnNumber(reference) : column + 1;
    if (column < 1) continue;
    const value = cellValue(attributes, match[2] ?? "", context);
    if (value !== null) cells[column - 1] = value;
  }
  // A fresh copy: the texts above are slices of the sheet's XML, and a row kept until the report
  // would keep its whole piece of XML alive (a 50,000-row dry run: 49 MB of rows instead of 18).
  return JSON.parse(JSON.stringify(cells)) as RawCell[];
}

const ROW = /<(?:[\w.-]+:)?row(?=[\s/>])([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?row>)/g;
const ROW_END = /<\/(?:[\w.-]+:)?row>|<(?:[\w.-]+:)?row(?=[\s/>])[^>]*\/>/g;

/**
 * The rows of a worksheet's XML arriving in pieces: each complete `<row>` as its number and cells,
 * in order (a row without `r` follows the previous one).
 */
export async function* sheetRows(
  pieces: AsyncIterable<string>,
  context: SheetContext,
): AsyncGenerator<{ row: number; cells: RawCell[] }> {
  let pending = "";
  let last = 0;
  for await (const piece of pieces) {
    checkXmlText(piece);
    pending += piece;
    // Up to the end of the last complete row; the rest waits for the next piece.
    let end = -1;
    for (const match of pending.matchAll(ROW_END)) end = (match.index ?? 0) + match[0].length;
    if (end < 0) continue;
    const complete = pending.slice(0, end);
    pending = pending.slice(end);
    for (const match of complete.matchAll(ROW)) {
      const number = Number(attribute(match[1] ?? "", "r"));
      last = Number.isInteger(number) && number > 0 ? number : last + 1;
      yield { row: last, cells: rowCells(match[2] ?? "", context) };
    }
  }
}
