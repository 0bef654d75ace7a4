import type { DOCUMENT_CONTENT_TYPES } from "@treiber/contract";

export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

const PDF = Buffer.from("%PDF-", "latin1");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

const EXTENSIONS: Record<DocumentContentType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/**
 * What a paper's file really is, by its first bytes (decision 0075), whatever its name or the
 * Content-Type the browser sent: a PDF starts with `%PDF-`, a PNG with its 8-byte signature, a
 * JPEG with FF D8 FF. Anything else (an .exe, a .zip, an HTML page renamed .pdf) is undefined.
 */
export function sniffDocumentType(data: Buffer): DocumentContentType | undefined {
  const startsWith = (magic: Buffer) =>
    data.length > magic.length && data.subarray(0, magic.length).equals(magic);
  if (startsWith(PDF)) return "application/pdf";
  if (startsWith(PNG)) return "image/png";
  if (startsWith(JPEG)) return "image/jpeg";
  return undefined;
}

/** Longest file name kept (the download's name; the rest is cut, the extension kept). */
const NAME_MAX = 120;

/**
 * The name a paper's file is kept and downloaded under: the uploaded name without folders,
 * control characters, quotes or path separators, ending in the extension of what the file really
 * is (a PNG named «licencia.pdf» downloads as «licencia.png»).
 */
export function documentFileName(uploaded: string, type: DocumentContentType): string {
  const base = uploaded.split(/[\\/]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f"<>:|?*;]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const stem =
    clean
      .replace(/\.[^.]*$/, "")
      .replace(/^\.+/, "")
      .trim()
      .slice(0, NAME_MAX) || "documento";
  return `${stem}.${EXTENSIONS[type]}`;
}

/**
 * `Content-Disposition: attachment` for `fileName`: an ASCII fallback (accents dropped, anything
 * else `_`) and the exact name in RFC 5987's `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** Percent-encoding of RFC 5987's attr-chars (encodeURIComponent leaves ' ( ) * ! as they are). */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
