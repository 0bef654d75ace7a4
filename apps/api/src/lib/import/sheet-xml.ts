/**
 * The few pieces of SpreadsheetML an import reads (ECMA-376 part 1, §18.3 and §18.4): a
 * worksheet's `<row>`/`<c>` elements and merged ranges, the shared strings, the styles' number
 * formats and the package's relationships. Read with saxes, a conforming streaming XML parser whose
 * cost is linear in its input (issue 32: the regular expressions this replaced rescanned an
 * unclosed `<c>` or `<si>` to the end of the text for each one, and a 1.9 KB file took 17.7 s).
 * Decision 0050 still holds: a row is read into an array of texts and nothing more (exceljs'
 * objects per cell made a 50,000-row dry run grow the server by more than its memory goal).
 */
import { IMPORT_MAX_CELL_CHARS, IMPORT_MESSAGES } from "@treiber/contract";
import { type SaxesAttributePlain, SaxesParser, type SaxesTagPlain } from "saxes";
import { badRequest } from "../http-error.js";
import { decodeOoxmlEscapes, numberText } from "./cell-text.js";
import type { CellProblem, RawCell } from "./raw-row.js";
import { checkDeadline } from "./read-deadline.js";

/** An element's name without its namespace prefix (`x:row` → `row`). */
const localName = (name: string) => {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An attribute by local name (`r:id` → `id`); namespace declarations are not attributes here. */
function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  const attributes = tag.attributes as Record<string, string | SaxesAttributePlain>;
  for (const key in attributes) {
    if (localName(key) === name && !key.startsWith("xmlns")) {
      const value = attributes[key];
      return typeof value === "string" ? value : value?.value;
    }
  }
  return undefined;
}

/**
 * A parser that refuses what is not well-formed XML (an unclosed element, an undefined entity, a
 * raw control character) as a broken file. A character reference XML does not allow (`&#xD800;`,
 * half a surrogate pair) is the cell's problem, not the file's: `onBadCharacter` is told, and the
 * row check names the cell.
 */
function newParser(onBadCharacter: () => void = () => {}): SaxesParser {
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on("error", (error) => {
    if (error.message.endsWith("malformed character entity.")) onBadCharacter();
    else throw badRequest(IMPORT_MESSAGES.brokenXlsx);
  });
  // Excel never writes a DTD; one is a file made to attack a parser (entity expansion).
  parser.on("doctype", () => {
    throw badRequest(IMPORT_MESSAGES.brokenXlsx);
  });
  return parser;
}

/** Characters handed to the parser at a time, between checks of the time budget. */
const PARSE_SLICE = 1 << 20;

/**
 * Feeds a whole part to the parser, a slice at a time within the reader's `deadline`: a broken one
 * is 400 "dañado" (saxes carries half a surrogate pair cut at a slice's end over to the next).
 */
function parseWhole(parser: SaxesParser, xml: string, deadline = Number.POSITIVE_INFINITY) {
  for (let at = 0; at < xml.length; at += PARSE_SLICE) {
    checkDeadline(deadline);
    parser.write(xml.slice(at, at + PARSE_SLICE));
  }
  parser.close();
}

/** Each start tag of a part whose local name is wanted, with its ancestors' local names. */
export function startTags(xml: string, wanted: ReadonlySet<string>, visit: (tag: SaxesTagPlain) => void) {
  const parser = newParser();
  parser.on("opentag", (tag) => {
    if (wanted.has(localName(tag.name))) visit(tag as SaxesTagPlain);
  });
  parseWhole(parser, xml);
}

export { attribute as tagAttribute };

/** The text of a string item (`<si>`, `<is>`) as it is read: `<t>` runs joined, phonetic guides left out. */
class StringItem {
  private text = "";
  private inText = false;
  private phonetic = 0;
  tooLong = false;
  badCharacter = false;

  open(name: string) {
    if (name === "rPh") this.phonetic++;
    else if (name === "t" && this.phonetic === 0) this.inText = true;
  }

  close(name: string) {
    if (name === "rPh") this.phonetic--;
    else if (name === "t") this.inText = false;
  }

  add(text: string) {
    if (!this.inText || this.tooLong) return;
    if (this.text.length + text.length > IMPORT_MAX_CELL_CHARS) this.tooLong = true;
    else this.text += text;
  }

  /** The item as a cell: its text, or the reason it cannot be used. */
  value(): string | CellProblem {
    if (this.badCharacter) return { problem: "badCharacter" };
    if (this.tooLong) return { problem: "tooLong" };
    return this.text;
  }
}

/** The shared strings part, in order (a cell `t="s"` holds an index into it), read within `deadline`. */
export function parseSharedStrings(
  xml: string,
  deadline = Number.POSITIVE_INFINITY,
): (string | CellProblem)[] {
  const strings: (string | CellProblem)[] = [];
  let item: StringItem | undefined;
  const parser = newParser(() => {
    if (item) item.badCharacter = true;
  });
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (name === "si") item = new StringItem();
    else item?.open(name);
  });
  parser.on("closetag", (tag) => {
    const name = localName(tag.name);
    if (name === "si" && item) {
      strings.push(item.value());
      item = undefined;
    } else item?.close(name);
  });
  parser.on("text", (text) => item?.add(text));
  parser.on("cdata", (text) => item?.add(text));
  parseWhole(parser, xml, deadline);
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
  const formats: number[] = [];
  let inCellXfs = false;
  const parser = newParser();
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (name === "numFmt") {
      custom.set(Number(attribute(tag, "numFmtId")), attribute(tag, "formatCode") ?? "");
    } else if (name === "cellXfs") inCellXfs = true;
    else if (name === "xf" && inCellXfs) formats.push(Number(attribute(tag, "numFmtId") ?? 0));
  });
  parser.on("closetag", (tag) => {
    if (localName(tag.name) === "cellXfs") inCellXfs = false;
  });
  parseWhole(parser, xml);
  const dates = new Set<number>();
  formats.forEach((id, index) => {
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : DATE_FORMAT_IDS.has(id)) dates.add(index);
  });
  return dates;
}

/**
 * Excel's last column, XFD: a reference beyond it is not a cell a person wrote, and a row of more
 * `<c>` than this is not a row Excel wrote (issue 32: 64 MB of cells in one row never closed).
 */
export const MAX_COLUMNS = 16_384;

const columnNumber = (reference: string) => {
  let n = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i) & ~32;
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n;
};

export type SheetContext = {
  sharedStrings: readonly (string | CellProblem)[];
  dateStyles: ReadonlySet<number>;
};

/** A `<c>` being read: its attributes, and what its children said. */
type OpenCell = {
  type: string;
  style: number;
  formula: boolean;
  /** Inside `<v>`: its text so far. */
  value: string | undefined;
  inValue: boolean;
  inline: StringItem | undefined;
  badCharacter: boolean;
};

/** A read cell as text, a problem or null (ECMA-376 §18.3.1.4; `t` defaults to a number). */
function cellValue(cell: OpenCell, context: SheetContext): RawCell {
  if (cell.badCharacter) return { problem: "badCharacter" };
  if (cell.formula) return { problem: "formula" };
  if (cell.type === "inlineStr") {
    if (!cell.inline) return null;
    const value = cell.inline.value();
    return typeof value === "string" ? decodeOoxmlEscapes(value) : value;
  }
  const raw = cell.value;
  if (raw === undefined) return null;
  if (raw.length > IMPORT_MAX_CELL_CHARS) return { problem: "tooLong" };
  switch (cell.type) {
    case "s": {
      const text = context.sharedStrings[Number.parseInt(raw, 10)];
      if (text === undefined) return null;
      return typeof text === "string" ? decodeOoxmlEscapes(text) : text;
    }
    case "str":
      return decodeOoxmlEscapes(raw);
    case "b":
      return Number.parseInt(raw, 10) !== 0 ? "TRUE" : "FALSE";
    case "e":
      return raw;
    case "d":
      return { problem: "date" };
    default:
      if (context.dateStyles.has(cell.style)) return { problem: "date" };
      return numberText(Number.parseFloat(raw));
  }
}

/**
 * The rows of a worksheet's XML arriving in pieces: each `<row>` as its number and cells by column
 * (0-based), in order (a row without `r` follows the previous one, a cell without `r` the previous
 * cell). A file that is not well-formed XML, nests a row in a row or a cell in a cell, or has a row
 * of more than MAX_COLUMNS cells is 400 "dañado". The time budget (`deadline`) is checked for each
 * piece, so a row that never ends is stopped while it is read.
 */
export async function* sheetRows(
  pieces: AsyncIterable<string>,
  context: SheetContext,
  deadline = Number.POSITIVE_INFINITY,
): AsyncGenerator<{ row: number; cells: RawCell[] }> {
  const done: { row: number; cells: RawCell[] }[] = [];
  let last = 0;
  let row: { row: number; cells: RawCell[]; column: number; count: number } | undefined;
  let cell: OpenCell | undefined;
  let cellColumn = 0;
  const broken = () => badRequest(IMPORT_MESSAGES.brokenXlsx);
  const parser = newParser(() => {
    if (cell) cell.badCharacter = true;
  });
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (cell) {
      if (name === "c" || name === "row") throw broken();
      if (name === "f") cell.formula = true;
      else if (name === "v") {
        cell.inValue = true;
        cell.value ??= "";
      } else if (name === "is") cell.inline = new StringItem();
      else cell.inline?.open(name);
      return;
    }
    if (name === "row") {
      if (row) throw broken();
      const number = Number(attribute(tag, "r"));
      last = Number.isInteger(number) && number > 0 ? number : last + 1;
      row = { row: last, cells: [], column: 0, count: 0 };
    } else if (name === "c") {
      if (!row || ++row.count > MAX_COLUMNS) throw broken();
      const reference = attribute(tag, "r");
      cellColumn = reference ? columnNumber(reference) : row.column + 1;
      row.column = cellColumn;
      cell = {
        type: attribute(tag, "t") ?? "n",
        style: Number(attribute(tag, "s") ?? 0),
        formula: false,
        value: undefined,
        inValue: false,
        inline: undefined,
        badCharacter: false,
      };
    }
  });
  parser.on("closetag", (tag) => {
    const name = localName(tag.name);
    if (cell && name === "c") {
      const value = cellValue(cell, context);
      if (row && cellColumn >= 1 && cellColumn <= MAX_COLUMNS && value !== null)
        row.cells[cellColumn - 1] = value;
      cell = undefined;
    } else if (cell) {
      if (name === "v") cell.inValue = false;
      else cell.inline?.close(name);
    } else if (name === "row" && row) {
      // Empty columns as null, not holes: the row crosses to the main thread as plain data.
      done.push({ row: row.row, cells: Array.from(row.cells, (value) => value ?? null) });
      row = undefined;
    }
  });
  const onText = (text: string) => {
    if (!cell) return;
    if (cell.inValue && cell.value !== undefined) {
      // Beyond Excel's own limit the text is not kept: the cell is refused as too long.
      if (cell.value.length <= IMPORT_MAX_CELL_CHARS) cell.value += text;
    } else cell.inline?.add(text);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  for await (const piece of pieces) {
    checkDeadline(deadline);
    parser.write(piece);
    yield* done;
    done.length = 0;
  }
  parser.close();
  yield* done;
}
