import { IMPORT_MESSAGES } from "@treiber/contract";
import { badRequest, HttpError } from "../http-error.js";
import { parseDateStyles, parseSharedStrings, type SheetContext } from "./sheet-xml.js";
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

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => ENTITIES[name] ?? "");

/** An XML start tag's attributes by local name (`r:id` → `id`). */
function attributes(tag: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const match of tag.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const name = (match[1] ?? "").replace(/^[\w.-]+:/, "");
    if (!match[1]?.startsWith("xmlns")) result.set(name, decodeXml(match[2] ?? match[3] ?? ""));
  }
  return result;
}

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
  for (const match of (await entryText(file, rels, PART_LIMIT)).matchAll(
    /<(?:[\w.-]+:)?Relationship\s[^>]*>/g,
  )) {
    const attrs = attributes(match[0]);
    if (attrs.get("TargetMode") === "External") continue;
    relationships.set(attrs.get("Id") ?? "", {
      type: attrs.get("Type") ?? "",
      target: resolvePart(attrs.get("Target") ?? ""),
    });
  }
  const sheets: { target: string; hidden: boolean }[] = [];
  for (const match of (await entryText(file, workbook, PART_LIMIT)).matchAll(
    /<(?:[\w.-]+:)?sheet\s[^>]*>/g,
  )) {
    const attrs = attributes(match[0]);
    const relationship = relationships.get(attrs.get("id") ?? "");
    if (!relationship || !isType(relationship.type, "worksheet")) continue;
    sheets.push({ target: relationship.target, hidden: (attrs.get("state") ?? "visible") !== "visible" });
  }
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

/** Inflates the sheet once (bounded) and collects its `<mergeCell ref="A2:B3"/>` ranges. */
async function readMerges(file: Buffer, sheet: ZipEntry): Promise<MergeRange[]> {
  const merges: MergeRange[] = [];
  const pattern = /<(?:[\w.-]+:)?mergeCell\s[^>]*?ref\s*=\s*["']([A-Za-z]+\d+):([A-Za-z]+\d+)["']/g;
  let tail = "";
  for await (const chunk of inflateEntry(file, sheet, SHEET_LIMIT, IMPORT_MESSAGES.unpackedTooLarge)) {
    // latin1: one character per byte, so a chunk boundary never splits what the pattern reads.
    const text = tail + chunk.toString("latin1");
    let consumed = 0;
    for (const match of text.matchAll(pattern)) {
      const range = parseRange(match[1] ?? "", match[2] ?? "");
      if (range) merges.push(range);
      if (merges.length > MAX_MERGES) throw badRequest(IMPORT_MESSAGES.tooManyMergedCells);
      consumed = (match.index ?? 0) + match[0].length;
    }
    tail = text.slice(Math.max(consumed, text.length - 512));
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
 * 400 when a part inflates beyond its limit, 400 "vacía" without a worksheet.
 */
export async function openXlsxPackage(file: Buffer): Promise<XlsxPackage> {
  const entries = readZipDirectory(file);
  const workbook = entries.get("xl/workbook.xml");
  if (!workbook) throw new HttpError(415, IMPORT_MESSAGES.notSpreadsheet);
  const { sheet, styles, sharedStrings } = await findParts(file, entries, workbook);
  // Held while the rows are read (exceljs did the same): bounded when inflated.
  const context: SheetContext = {
    dateStyles: styles ? parseDateStyles(await entryText(file, styles, PART_LIMIT)) : new Set(),
    sharedStrings: sharedStrings
      ? parseSharedStrings(await entryText(file, sharedStrings, SHARED_STRINGS_LIMIT))
      : [],
  };
  const merges = await readMerges(file, sheet);
  return { merges, context, sheetText: () => sheetText(file, sheet) };
}
