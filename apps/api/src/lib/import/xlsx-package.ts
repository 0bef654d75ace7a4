import { IMPORT_MESSAGES } from "@treiber/contract";
import { badRequest, HttpError } from "../http-error.js";
import { checkDeadline } from "./read-deadline.js";
import {
  parseDateStyles,
  parseSharedStrings,
  type SheetContext,
  startTags,
  tagAttribute,
} from "./sheet-xml.js";
import { entryText, inflateEntry, readZipDirectory, type ZipEntry } from "./zip-directory.js";

/** A merged range of the sheet (1-based rows and columns, inclusive). */
export type MergeRange = { top: number; left: number; bottom: number; right: number };

/**
 * An .xlsx checked before its rows are read: the first worksheet found through workbook.xml, its
 * merged ranges, the shared strings and date styles its cells refer to, and its XML as text in
 * pieces (inflated while read, never whole).
 */
export type XlsxPackage = {
  merges: MergeRange[];
  context: SheetContext;
  sheetText: () => AsyncIterable<string>;
};

const MB = 1024 * 1024;
/** Once inflated: the small parts, the shared strings (held in memory) and the sheet (streamed). */
const PART_LIMIT = 16 * MB;
const SHARED_STRINGS_LIMIT = 64 * MB;
const SHEET_LIMIT = 256 * MB;
/** More merged ranges than this is not a list of people. */
const MAX_MERGES = 100_000;

/** A relationship's type by its last segment (Transitional and Strict OOXML name them alike). */
const isType = (type: string, name: string) => type.endsWith(`/${name}`);

/** A relationship target of `xl/workbook.xml` as a lower-case part name. */
function resolvePart(target: string): string {
  const path = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== "." && segment !== "") parts.push(segment);
  }
  return parts.join("/").toLowerCase();
}

const columnNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);

function parseRange(from: string, to: string): MergeRange | undefined {
  const a = /^([A-Za-z]{1,3})(\d+)$/.exec(from);
  const b = /^([A-Za-z]{1,3})(\d+)$/.exec(to);
  if (!a || !b) return undefined;
  const [c1, r1, c2, r2] = [columnNumber(a[1] ?? ""), Number(a[2]), columnNumber(b[1] ?? ""), Number(b[2])];
  return { top: Math.min(r1, r2), left: Math.min(c1, c2), bottom: Math.max(r1, r2), right: Math.max(c1, c2) };
}

type Parts = { sheet: ZipEntry; styles?: ZipEntry; sharedStrings?: ZipEntry };

/** The first worksheet (the first visible one, else the first), the styles and shared strings. */
async function findParts(file: Buffer, entries: Map<string, ZipEntry>, workbook: ZipEntry): Promise<Parts> {
  const rels = entries.get("xl/_rels/workbook.xml.rels");
  if (!rels) throw badRequest(IMPORT_MESSAGES.brokenXlsx);
  const relationships = new Map<string, { type: string; target: string }>();
  startTags(await entryText(file, rels, PART_LIMIT), new Set(["Relationship"]), (tag) => {
    if (tagAttribute(tag, "TargetMode") === "External") return;
    relationships.set(tagAttribute(tag, "Id") ?? "", {
      type: tagAttribute(tag, "Type") ?? "",
      target: resolvePart(tagAttribute(tag, "Target") ?? ""),
    });
  });
  const sheets: { target: string; hidden: boolean }[] = [];
  startTags(await entryText(file, workbook, PART_LIMIT), new Set(["sheet"]), (tag) => {
    const relationship = relationships.get(tagAttribute(tag, "id") ?? "");
    if (!relationship || !isType(relationship.type, "worksheet")) return;
    sheets.push({
      target: relationship.target,
      hidden: (tagAttribute(tag, "state") ?? "visible") !== "visible",
    });
  });
  const first = sheets.find((sheet) => !sheet.hidden) ?? sheets[0];
  if (!first) throw badRequest(IMPORT_MESSAGES.emptySheet);
  const sheet = entries.get(first.target);
  if (!sheet) throw badRequest(IMPORT_MESSAGES.brokenXlsx);
  const partOf = (type: string, fallback: string) => {
    const target = [...relationships.values()].find((r) => isType(r.type, type))?.target;
    return entries.get(target ?? fallback);
  };
  return {
    sheet,
    styles: partOf("styles", "xl/styles.xml"),
    sharedStrings: partOf("sharedStrings", "xl/sharedstrings.xml"),
  };
}

/** The longest `<mergeCell …>` tag read; a longer one is not Excel's (and is not a range). */
const MERGE_TAG_MAX = 256;
const MERGE_RANGE =
  /^<(?:[\w.-]{1,32}:)?mergeCell\s[^>]*?\bref\s*=\s*["']([A-Za-z]{1,3}\d{1,7}):([A-Za-z]{1,3}\d{1,7})["']/;

/**
 * Inflates the sheet once (bounded) and collects its `<mergeCell ref="A2:B3"/>` ranges, which
 * come after the rows, so that the rows can then be read one at a time. A left-to-right scan that
 * looks at most MERGE_TAG_MAX characters past each `<`…`mergeCell`: linear in the sheet however
 * it is written (issue 32: a pattern run over the rest of the text for each unclosed tag was not).
 * The rows' pass then checks that the XML is well-formed. The time budget is checked per piece.
 */
async function readMerges(file: Buffer, sheet: ZipEntry, deadline: number): Promise<MergeRange[]> {
  const merges: MergeRange[] = [];
  let tail = "";
  for await (const chunk of inflateEntry(file, sheet, SHEET_LIMIT, IMPORT_MESSAGES.unpackedTooLarge)) {
    checkDeadline(deadline);
    // latin1: one character per byte, so a chunk boundary never splits what the scan reads.
    const text = tail + chunk.toString("latin1");
    let at = 0;
    for (let found = text.indexOf("mergeCell", at); found >= 0; found = text.indexOf("mergeCell", at)) {
      // The tag's `<` is at most a prefix away (34 characters), looked for only there.
      const head = text.slice(Math.max(0, found - 34), found);
      const start = head.lastIndexOf("<") < 0 ? -1 : found - head.length + head.lastIndexOf("<");
      const tag = start >= 0 ? text.slice(start, start + MERGE_TAG_MAX) : "";
      const close = tag.indexOf(">");
      // A tag cut at the chunk's end is read again, whole, with the next chunk.
      if (close < 0 && start + MERGE_TAG_MAX > text.length) break;
      at = found + 9;
      const match = close < 0 ? null : MERGE_RANGE.exec(tag.slice(0, close + 1));
      if (!match) continue;
      const range = parseRange(match[1] ?? "", match[2] ?? "");
      if (range) merges.push(range);
      if (merges.length > MAX_MERGES) throw badRequest(IMPORT_MESSAGES.tooManyMergedCells);
      at = start + close + 1;
    }
    // What is left unread (a cut tag), or the last characters a tag's start may be split across.
    tail = text.slice(Math.max(at, text.length - MERGE_TAG_MAX));
  }
  return merges.sort((a, b) => a.top - b.top);
}

/** The sheet's XML as UTF-8 text, piece by piece as it inflates (bounded). */
async function* sheetText(file: Buffer, sheet: ZipEntry): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of inflateEntry(file, sheet, SHEET_LIMIT, IMPORT_MESSAGES.unpackedTooLarge)) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * Reads an .xlsx's directory and checks its parts before any row is read: 400 "dañado" for a
 * broken archive or workbook, 415 for a zip that is not a workbook (.docx, .ods, a plain zip),
 * 400 when a part inflates beyond its limit, 400 "vacía" without a worksheet, 400 «tardó más de…»
 * when still reading at `deadline` (performance.now() milliseconds).
 */
export async function openXlsxPackage(
  file: Buffer,
  deadline = Number.POSITIVE_INFINITY,
): Promise<XlsxPackage> {
  const entries = readZipDirectory(file);
  const workbook = entries.get("xl/workbook.xml");
  if (!workbook) throw new HttpError(415, IMPORT_MESSAGES.notSpreadsheet);
  const { sheet, styles, sharedStrings } = await findParts(file, entries, workbook);
  // Held while the rows are read (exceljs did the same): bounded when inflated.
  const context: SheetContext = {
    dateStyles: styles ? parseDateStyles(await entryText(file, styles, PART_LIMIT)) : new Set(),
    sharedStrings: sharedStrings
      ? parseSharedStrings(await entryText(file, sharedStrings, SHARED_STRINGS_LIMIT), deadline)
      : [],
  };
  const merges = await readMerges(file, sheet, deadline);
  return { merges, context, sheetText: () => sheetText(file, sheet) };
}
