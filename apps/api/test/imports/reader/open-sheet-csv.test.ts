import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { openSheet } from "../../../src/lib/import/open-sheet.js";
import { csvEncoding, detectDelimiter } from "../../../src/lib/import/read-csv-cells.js";
import { COLUMNS, readAll, refusal } from "./fixtures.js";

/** Windows-1252 bytes of a text (the characters a Spanish sheet uses, € included). */
function windows1252(text: string): Buffer {
  const special: Record<string, number> = { "€": 0x80, "“": 0x93, "”": 0x94, "–": 0x96 };
  return Buffer.from([...text].map((char) => special[char] ?? char.charCodeAt(0)));
}

describe("openSheet: .csv", () => {
  it("reads UTF-8 with a byte-order mark, comma-separated, quoted cells with commas and line breaks", async () => {
    const text =
      '\ufeffCódigo,Nombre,Teléfono\r\nE-1,"Núñez, José",8095551234\r\nE-2,"Ana\r\nMaría", 809 \r\nE-3,Beto,\r\n';
    const { rows, warnings } = await readAll(Buffer.from(text, "utf8"));
    expect(warnings).toEqual([]);
    // A quoted line break stays in its cell: the rows are the sheet's rows (records), not lines.
    expect(rows).toEqual([
      { row: 2, values: { code: "E-1", name: "Núñez, José", telephone: "8095551234" }, cellErrors: [] },
      { row: 3, values: { code: "E-2", name: "Ana\r\nMaría", telephone: "809" }, cellErrors: [] },
      { row: 4, values: { code: "E-3", name: "Beto", telephone: null }, cellErrors: [] },
    ]);
  });

  it("reads Windows-1252 separated by semicolons (Excel in Spanish), without a byte-order mark", async () => {
    const file = windows1252("código;NOMBRE;Teléfono\nE-1;José Núñez – “Peña” €;\nE-2;Ñoño;809\n");
    expect(csvEncoding(file)).toBe("windows-1252");
    const { rows } = await readAll(file);
    expect(rows.map((row) => row.values)).toEqual([
      { code: "E-1", name: "José Núñez – “Peña” €", telephone: null },
      { code: "E-2", name: "Ñoño", telephone: "809" },
    ]);
  });

  it("reads UTF-8 without a byte-order mark and UTF-16 with one (tab-separated)", async () => {
    const utf8 = Buffer.from("Código;Nombre\nE-1;Ñandú\n", "utf8");
    expect(csvEncoding(utf8)).toBe("utf-8");
    expect((await readAll(utf8)).rows[0]?.values.name).toBe("Ñandú");
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from("Código\tNombre\r\nE-1\tÑandú\r\n", "utf16le"),
    ]);
    expect((await readAll(utf16)).rows[0]?.values).toEqual({ code: "E-1", name: "Ñandú", telephone: null });
  });

  it("takes the delimiter from the header line, outside quotes", () => {
    expect(detectDelimiter("a;b;c\n1,2,3,4,5")).toBe(";");
    expect(detectDelimiter('"a;b",c\n')).toBe(",");
    expect(detectDelimiter("Código\n")).toBe(",");
    expect(detectDelimiter("\r\n \r\nCódigo;Nombre,x;y\n")).toBe(";");
  });

  it("skips blank lines and keeps the row numbers; extra and missing cells are fine", async () => {
    const { rows } = await readAll(Buffer.from("Código;Nombre\n\nE-1;Ana;extra\n;;\n   ;  \nE-2\n", "utf8"));
    expect(rows.map((row) => [row.row, row.values.code, row.values.name])).toEqual([
      [3, "E-1", "Ana"],
      [6, "E-2", null],
    ]);
  });

  it("keeps NUL and control characters in the text (the row schemas refuse them)", async () => {
    const { rows } = await readAll(Buffer.from("Código,Nombre\nE-1,An\u0000a\u0007\n", "utf8"));
    expect(rows[0]?.values.name).toBe("An\u0000a\u0007");
  });

  it("refuses an empty file, blank lines only, a header without rows, missing columns", async () => {
    expect((await refusal(openSheet(Buffer.alloc(0), COLUMNS))).message).toBe(IMPORT_MESSAGES.emptySheet);
    expect((await refusal(openSheet(Buffer.from("\ufeff\r\n\r\n ; \r\n"), COLUMNS))).message).toBe(
      IMPORT_MESSAGES.emptySheet,
    );
    expect((await refusal(openSheet(Buffer.from("Nombre;Código\r\n;\r\n"), COLUMNS))).message).toBe(
      IMPORT_MESSAGES.noRows,
    );
    const missing = await refusal(openSheet(Buffer.from("Name,Code\nAna,1\n"), COLUMNS));
    expect(missing.statusCode).toBe(400);
    expect(missing.message).toBe(IMPORT_MESSAGES.missingColumns(["Código", "Nombre"]));
  });

  it("an unclosed quote is a 400 with the row where reading stopped", async () => {
    const error = await refusal(readAll(Buffer.from('Código,Nombre\nE-1,Ana\nE-2,"Beto\nE-3,Carla\n')));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(IMPORT_MESSAGES.brokenCsv(3));
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} data rows before any is checked (60,000 rows)`, async () => {
    const lines = ["Código;Nombre;Teléfono"];
    for (let i = 1; i <= 60_000; i++) lines.push(`E-${i};Persona ${i};8095551234`);
    const error = await refusal(openSheet(Buffer.from(lines.join("\r\n")), COLUMNS));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(IMPORT_MESSAGES.tooManyRows);
  });

  it("a file still being read when its time is up is refused (issue 32)", async () => {
    const lines = ["Código;Nombre;Teléfono"];
    for (let i = 1; i <= 20_000; i++) lines.push(`E-${i};Persona ${i};8095551234`);
    const error = await refusal(openSheet(Buffer.from(lines.join("\n")), COLUMNS, { seconds: 0.001 }));
    expect([error.statusCode, error.message]).toEqual([400, IMPORT_MESSAGES.tooSlow]);
    // The reader goes on with the next file.
    const { rows } = await readAll(Buffer.from("Código;Nombre\nE-1;Ana\n"));
    expect(rows).toHaveLength(1);
  });

  it("blank lines count against the row cap: 15 MiB of line breaks is refused at once (issue 32)", async () => {
    const file = Buffer.concat([
      Buffer.from("Código;Nombre\nE-1;Ana\n"),
      Buffer.alloc(15 * 1024 * 1024 - 32, "\n"),
    ]);
    const error = await refusal(openSheet(file, COLUMNS));
    expect(error.message).toBe(IMPORT_MESSAGES.tooManyRows);
  });

  it("without a header too: 15 MiB of line breaks and nothing else is refused as too many rows (issue 32)", async () => {
    const error = await refusal(openSheet(Buffer.alloc(15 * 1024 * 1024, "\n"), COLUMNS));
    expect(error.message).toBe(IMPORT_MESSAGES.tooManyRows);
  });

  it("Excel's sep= line names the delimiter and is not a row", async () => {
    const { rows } = await readAll(Buffer.from("sep=;\r\nCódigo;Nombre\r\nE-1;Ana, María\r\n"));
    expect(rows).toEqual([
      { row: 2, values: { code: "E-1", name: "Ana, María", telephone: null }, cellErrors: [] },
    ]);
  });

  it("notes at most 20 extra columns", async () => {
    const extra = Array.from({ length: 500 }, (_, i) => `Extra ${i}`);
    const { warnings } = await readAll(Buffer.from(`Código,Nombre,${extra.join(",")}\nE-1,Ana\n`));
    expect(warnings).toHaveLength(20);
  });
});
