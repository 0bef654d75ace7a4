import { isUtf8 } from "node:buffer";
import { Readable } from "node:stream";
import { IMPORT_MESSAGES } from "@treiber/contract";
import { CsvError, parse } from "csv-parse";
import { badRequest } from "../http-error.js";
import type { RawRow } from "./raw-row.js";

const CHUNK = 64 * 1024;

/**
 * The text encoding: a byte-order mark says it (UTF-8, UTF-16); otherwise UTF-8 when the bytes
 * are valid UTF-8, else Windows-1252 (what Excel's "CSV" saves on a Spanish Windows).
 */
export function csvEncoding(file: Buffer): string {
  if (file[0] === 0xef && file[1] === 0xbb && file[2] === 0xbf) return "utf-8";
  if (file[0] === 0xff && file[1] === 0xfe) return "utf-16le";
  if (file[0] === 0xfe && file[1] === 0xff) return "utf-16be";
  return isUtf8(file) ? "utf-8" : "windows-1252";
}

/** The text, decoded chunk by chunk (the byte-order mark dropped). */
function* decodedChunks(file: Buffer, encoding: string) {
  const decoder = new TextDecoder(encoding);
  for (let at = 0; at < file.length; at += CHUNK) {
    const text = decoder.decode(file.subarray(at, at + CHUNK), { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * The delimiter of the header line (the first one not blank): the most frequent of `,`, `;` (Excel in Spanish) and tab
 * (Excel's "Unicode text") outside quotes; `,` when there is none.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  // The header line is the first line that is not blank.
  for (const char of text.replace(/^\s*[\r\n]/, "")) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/**
 * The rows of a CSV, parsed while the text is decoded (csv-parse's stream): row numbers are record
 * numbers (a quoted line break stays inside its cell), blank lines included, as Excel numbers them
 * (Excel's `sep=` line is not a row). An unclosed quote is 400 with the row where reading stopped.
 */
export function readCsvCells(file: Buffer): AsyncIterable<RawRow> {
  const encoding = csvEncoding(file);
  const head = new TextDecoder(encoding).decode(file.subarray(0, CHUNK));
  // Excel's own hint, `sep=;` on the first line: it names the delimiter and is not a row.
  const hint = /^sep=([,;\t|])\r?\n/i.exec(head);
  const delimiter = hint?.[1] ?? detectDelimiter(head);
  const skipped = hint ? 1 : 0;
  return {
    async *[Symbol.asyncIterator]() {
      const parser = Readable.from(decodedChunks(file, encoding)).pipe(
        parse({
          delimiter,
          relax_column_count: true,
          relax_quotes: true,
          skip_empty_lines: false,
          // Any line break ends a row, as Excel reads it: told from the first line alone, a file
          // in \r\n with 15 MiB of bare \n was one row holding them all (issue 32).
          record_delimiter: ["\r\n", "\n", "\r"],
          bom: true,
        }),
      );
      let row = 0;
      try {
        let records = 0;
        for await (const record of parser as AsyncIterable<string[]>) {
          if (++records <= skipped) continue;
          row++;
          yield { row, cells: record };
        }
      } catch (error) {
        if (error instanceof CsvError) {
          // The parser reads ahead: its own count of records says where it stopped.
          const records = (error as CsvError & { records?: number }).records;
          throw badRequest(
            IMPORT_MESSAGES.brokenCsv((typeof records === "number" ? records - skipped : row) + 1),
          );
        }
        throw error;
      } finally {
        parser.destroy();
      }
    },
  };
}
