import { IMPORT_MESSAGES } from "@treiber/contract";
import { badRequest, HttpError } from "../http-error.js";

export type FileKind = "xlsx" | "csv";

const startsWith = (file: Buffer, ...bytes: number[]) => bytes.every((byte, i) => file[i] === byte);
const startsWithText = (file: Buffer, text: string) =>
  file.subarray(0, text.length).toString("latin1") === text;

/** Other files people pick by mistake: PDF, images, archives, executables. */
const OTHER_FILES: number[][] = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP, WAV, AVI)
];

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const SAMPLE = 8192;

/**
 * Control bytes (C0 but tab, LF, CR, FF; and DEL) in the first bytes: text has almost none (a few
 * NULs in a cell are still text: the row schemas refuse them), binaries have many.
 */
function controlBytes(file: Buffer): { count: number; share: number } {
  const end = Math.min(file.length, SAMPLE);
  let controls = 0;
  for (let i = 0; i < end; i++) {
    const byte = file[i] ?? 0;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f)
      controls++;
  }
  return { count: controls, share: end === 0 ? 0 : controls / end };
}

const hasUtf16Bom = (file: Buffer) => startsWith(file, 0xff, 0xfe) || startsWith(file, 0xfe, 0xff);

/**
 * What the upload is, by its first bytes (never by its name): a zip is read as .xlsx (and refused
 * later if it is not a workbook), OLE2 is an old .xls or a password-protected workbook (415), known
 * binaries and text full of control bytes are 415, anything else is read as CSV.
 */
export function detectFileKind(file: Buffer): FileKind {
  if (file.length === 0) throw badRequest(IMPORT_MESSAGES.emptySheet);
  if (startsWith(file, 0x50, 0x4b, 0x03, 0x04) || startsWith(file, 0x50, 0x4b, 0x05, 0x06)) return "xlsx";
  if (startsWith(file, ...OLE2)) {
    // An encrypted .xlsx is an OLE2 file holding a stream named "EncryptedPackage" (UTF-16).
    const encrypted = file.includes(Buffer.from("EncryptedPackage", "utf16le"));
    throw new HttpError(415, encrypted ? IMPORT_MESSAGES.encrypted : IMPORT_MESSAGES.oldExcel);
  }
  if (OTHER_FILES.some((magic) => startsWith(file, ...magic)) || startsWithText(file, "%!PS"))
    throw new HttpError(415, IMPORT_MESSAGES.notSpreadsheet);
  const controls = controlBytes(file);
  if (!hasUtf16Bom(file) && controls.share > 0.1 && (controls.count > 16 || controls.share > 0.3))
    throw new HttpError(415, IMPORT_MESSAGES.notSpreadsheet);
  return "csv";
}
