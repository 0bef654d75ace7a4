import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { IMPORT_MESSAGES } from "@treiber/contract";
import { badRequest, HttpError } from "../http-error.js";

/** One file of a zip archive, as its central directory describes it. */
export type ZipEntry = {
  /** The name as stored (an .xlsx part name, e.g. `xl/workbook.xml`). */
  name: string;
  /** 0 stored, 8 deflated (nothing else is read). */
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the compressed bytes start in the file. */
  dataOffset: number;
};

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_32 = 0xffffffff;
const CHUNK = 64 * 1024;

const broken = () => badRequest(IMPORT_MESSAGES.brokenXlsx);

function findEndOfDirectory(file: Buffer): number {
  const last = file.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) if (file.readUInt32LE(at) === EOCD) return at;
  return -1;
}

/** Sizes and offset moved to the zip64 extra field (id 1) when the 32-bit ones are all ones. */
function readZip64Extra(file: Buffer, start: number, end: number, values: number[]) {
  let at = start;
  while (at + 4 <= end) {
    const id = file.readUInt16LE(at);
    const size = file.readUInt16LE(at + 2);
    if (id === 1) {
      let field = at + 4;
      for (let i = 0; i < values.length; i++) {
        if (values[i] !== MAX_32) continue;
        values[i] = Number(file.readBigUInt64LE(field));
        field += 8;
      }
      return;
    }
    at += 4 + size;
  }
}

/**
 * The archive's files by lower-case name (OOXML part names ignore case), read from the central
 * directory at the end of the file, zip64 included. A truncated or malformed archive, encrypted
 * entries or bytes outside the file: 400 "El archivo .xlsx está dañado".
 */
export function readZipDirectory(file: Buffer): Map<string, ZipEntry> {
  try {
    const end = findEndOfDirectory(file);
    if (end < 0) throw broken();
    let count = file.readUInt16LE(end + 10);
    let size = file.readUInt32LE(end + 12);
    let offset = file.readUInt32LE(end + 16);
    if ((count === 0xffff || size === MAX_32 || offset === MAX_32) && end >= 20) {
      const locator = end - 20;
      if (file.readUInt32LE(locator) === ZIP64_LOCATOR) {
        const record = Number(file.readBigUInt64LE(locator + 8));
        if (file.readUInt32LE(record) !== ZIP64_EOCD) throw broken();
        count = Number(file.readBigUInt64LE(record + 32));
        size = Number(file.readBigUInt64LE(record + 40));
        offset = Number(file.readBigUInt64LE(record + 48));
      }
    }
    if (offset + size > file.length) throw broken();
    const entries = new Map<string, ZipEntry>();
    let at = offset;
    for (let i = 0; i < count; i++) {
      if (file.readUInt32LE(at) !== CENTRAL) throw broken();
      const flags = file.readUInt16LE(at + 8);
      const method = file.readUInt16LE(at + 10);
      const crc = file.readUInt32LE(at + 16);
      const nameLength = file.readUInt16LE(at + 28);
      const extraLength = file.readUInt16LE(at + 30);
      const commentLength = file.readUInt16LE(at + 32);
      const values = [file.readUInt32LE(at + 24), file.readUInt32LE(at + 20), file.readUInt32LE(at + 42)];
      const nameStart = at + 46;
      const name = file.toString("utf8", nameStart, nameStart + nameLength);
      readZip64Extra(file, nameStart + nameLength, nameStart + nameLength + extraLength, values);
      const [uncompressedSize = 0, compressedSize = 0, localOffset = 0] = values;
      if (file.readUInt32LE(localOffset) !== LOCAL) throw broken();
      const dataOffset =
        localOffset + 30 + file.readUInt16LE(localOffset + 26) + file.readUInt16LE(localOffset + 28);
      if (dataOffset + compressedSize > file.length) throw broken();
      // Bit 0: encrypted with a zip password (Excel never does that; its passwords make an OLE2 file).
      if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) throw broken();
      entries.set(name.toLowerCase(), {
        name,
        method,
        flags,
        crc,
        compressedSize,
        uncompressedSize,
        dataOffset,
      });
      at = nameStart + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch (error) {
    if (error instanceof RangeError) throw broken();
    throw error;
  }
}

function* slices(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}

/** The entry's compressed bytes, as stored. */
export const compressedBytes = (file: Buffer, entry: ZipEntry) =>
  file.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);

/**
 * The entry's content, chunk by chunk (never whole): at most `maxBytes` once inflated, or 400
 * `tooLarge` (a zip bomb is stopped there); a broken deflate stream is 400 "dañado".
 */
export async function* inflateEntry(
  file: Buffer,
  entry: ZipEntry,
  maxBytes: number,
  tooLarge: string,
): AsyncGenerator<Buffer> {
  const source = Readable.from(slices(compressedBytes(file, entry)));
  const output = entry.method === 0 ? source : source.pipe(createInflateRaw());
  let total = 0;
  try {
    for await (const chunk of output) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw badRequest(tooLarge);
      yield chunk as Buffer;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw broken();
  } finally {
    source.destroy();
    output.destroy();
  }
}

/** A small entry's whole text (workbook.xml, its relationships). */
export async function entryText(file: Buffer, entry: ZipEntry, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of inflateEntry(file, entry, maxBytes, IMPORT_MESSAGES.unpackedTooLarge))
    chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}
