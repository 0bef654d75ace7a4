import { IMPORT_MESSAGES } from "@treiber/contract";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { openSheet } from "../../../src/lib/import/open-sheet.js";
import { readZipDirectory } from "../../../src/lib/import/zip-directory.js";
import { COLUMNS, editXlsx, readAll, refusal, xlsxRows } from "./fixtures.js";

const goodXlsx = () =>
  xlsxRows([
    ["Código", "Nombre"],
    ["E-1", "Ana"],
  ]);

const bytes = (...values: number[]) => Buffer.from(values);
const padded = (head: Buffer) => Buffer.concat([head, Buffer.alloc(2048, 0x41)]);

describe("openSheet: files that are not a readable sheet", () => {
  it.each([
    ["PDF", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n")],
    ["PNG", padded(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))],
    ["JPEG", padded(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46))],
    ["GIF", padded(Buffer.from("GIF89a"))],
    ["gzip", padded(bytes(0x1f, 0x8b, 0x08, 0x00))],
    ["binary noise", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    ["UTF-16 without a byte-order mark", Buffer.from("Código,Nombre\r\nE-1,Ana\r\n", "utf16le")],
  ])("%s: 415 not a spreadsheet", async (_kind, file) => {
    const error = await refusal(openSheet(file, COLUMNS));
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe(IMPORT_MESSAGES.notSpreadsheet);
  });

  it("a zip that is not a workbook (a .docx, an .ods, photos): 415", async () => {
    const zip = new JSZip();
    zip.file("word/document.xml", "<w:document/>");
    zip.file("fotos/a.jpg", "x");
    const error = await refusal(openSheet(await zip.generateAsync({ type: "nodebuffer" }), COLUMNS));
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe(IMPORT_MESSAGES.notSpreadsheet);
  });

  it("an old .xls (OLE2): 415 with the advice to save as .xlsx; a password-protected workbook says so", async () => {
    const ole2 = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    const xls = await refusal(openSheet(Buffer.concat([ole2, Buffer.alloc(4096)]), COLUMNS));
    expect([xls.statusCode, xls.message]).toEqual([415, IMPORT_MESSAGES.oldExcel]);
    const encrypted = Buffer.concat([ole2, Buffer.alloc(512), Buffer.from("EncryptedPackage", "utf16le")]);
    const locked = await refusal(openSheet(encrypted, COLUMNS));
    expect([locked.statusCode, locked.message]).toEqual([415, IMPORT_MESSAGES.encrypted]);
  });

  it("a truncated .xlsx (a download cut short): 400 broken", async () => {
    const file = await goodXlsx();
    for (const length of [10, Math.floor(file.length / 2), file.length - 30]) {
      const error = await refusal(openSheet(file.subarray(0, length), COLUMNS));
      expect([error.statusCode, error.message]).toEqual([400, IMPORT_MESSAGES.brokenXlsx]);
    }
  });

  it("an .xlsx whose compressed sheet is damaged: 400 broken, nothing crashes", async () => {
    const file = await goodXlsx();
    const sheet = readZipDirectory(file).get("xl/worksheets/sheet1.xml");
    if (!sheet) throw new Error("no sheet");
    const damaged = Buffer.from(file);
    for (let i = sheet.dataOffset + 2; i < sheet.dataOffset + sheet.compressedSize - 2; i++)
      damaged[i] = (damaged[i] ?? 0) ^ 0x5a;
    const error = await refusal(readAll(damaged));
    expect([error.statusCode, error.message]).toEqual([400, IMPORT_MESSAGES.brokenXlsx]);
  });

  it("a part that inflates beyond its limit (a zip bomb) is refused before reading rows", async () => {
    const bomb = await editXlsx(await goodXlsx(), async (zip) => {
      const styles = (await zip.file("xl/styles.xml")?.async("string")) ?? "";
      zip.file("xl/styles.xml", styles.replace("<fonts", `${" ".repeat(17 * 1024 * 1024)}<fonts`));
    });
    expect(bomb.length).toBeLessThan(200_000);
    const error = await refusal(openSheet(bomb, COLUMNS));
    expect([error.statusCode, error.message]).toEqual([400, IMPORT_MESSAGES.unpackedTooLarge]);
  });

  it("a workbook without worksheets is an empty sheet", async () => {
    const empty = await editXlsx(await goodXlsx(), async (zip) => {
      const workbook = (await zip.file("xl/workbook.xml")?.async("string")) ?? "";
      zip.file("xl/workbook.xml", workbook.replace(/<sheets>.*<\/sheets>/s, "<sheets></sheets>"));
    });
    const error = await refusal(openSheet(empty, COLUMNS));
    expect([error.statusCode, error.message]).toEqual([400, IMPORT_MESSAGES.emptySheet]);
  });

  it("a CSV with a few NULs in a cell is still a CSV", async () => {
    const { rows } = await readAll(Buffer.from("Código,Nombre\nE-1,A\u0000\u0000\u0000na\n"));
    expect(rows[0]?.values.name).toBe("A\u0000\u0000\u0000na");
  });
});
