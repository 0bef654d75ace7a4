import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from "@treiber/contract";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { numberText } from "../../../src/lib/import/cell-text.js";
import { openSheet } from "../../../src/lib/import/open-sheet.js";
import { workbook } from "../../helpers/hand-written-workbook.js";
import { COLUMNS, editXlsx, readAll, refusal, replaceInPart, xlsxOf, xlsxRows } from "./fixtures.js";

describe("openSheet: .xlsx", () => {
  it("matches headers in any order, ignoring case, accents and spaces; extra columns are warnings", async () => {
    const file = await xlsxRows([
      ["  NOMBRE ", "Notas", "codigo", "Errores"],
      ["Ana", "x", "E-1", "Teléfono: mal"],
    ]);
    const { warnings, rows } = await readAll(file);
    expect(warnings).toEqual([IMPORT_MESSAGES.ignoredColumn("Notas")]);
    expect(rows).toEqual([{ row: 2, values: { code: "E-1", name: "Ana", telephone: null }, cellErrors: [] }]);
  });

  it("refuses missing required columns (all listed) and a column written twice", async () => {
    const missing = await refusal(openSheet(await xlsxRows([["Teléfono"], ["1"]]), COLUMNS));
    expect(missing.statusCode).toBe(400);
    expect(missing.message).toBe(IMPORT_MESSAGES.missingColumns(["Código", "Nombre"]));
    const twice = await refusal(
      openSheet(
        await xlsxRows([
          ["Código", "Nombre", "Codigo"],
          ["1", "a", "2"],
        ]),
        COLUMNS,
      ),
    );
    expect(twice.message).toBe(IMPORT_MESSAGES.duplicateColumn("Código"));
  });

  it("the header is row 1: a sheet that starts lower has its columns missing", async () => {
    const file = await xlsxOf((sheet) => {
      sheet.getRow(3).values = ["Código", "Nombre"];
      sheet.getRow(4).values = ["E-1", "Ana"];
    });
    const error = await refusal(openSheet(file, COLUMNS));
    expect(error.message).toBe(IMPORT_MESSAGES.missingColumns(["Código", "Nombre"]));
  });

  it("an empty sheet and a header without rows are refused", async () => {
    expect((await refusal(openSheet(await xlsxOf(() => {}), COLUMNS))).message).toBe(
      IMPORT_MESSAGES.emptySheet,
    );
    const headerOnly = await xlsxOf((sheet) => {
      sheet.addRow(["Código", "Nombre"]);
      sheet.getRow(5).getCell(1).style = { font: { bold: true } };
    });
    const error = await refusal(openSheet(headerOnly, COLUMNS));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(IMPORT_MESSAGES.noRows);
  });

  it("skips blank rows and keeps the sheet's row numbers", async () => {
    const file = await xlsxOf((sheet) => {
      sheet.addRow(["Código", "Nombre"]);
      sheet.addRow(["E-1", "Ana"]);
      sheet.addRow(["   ", null]);
      sheet.getRow(5).values = ["E-2", "Beto"];
    });
    const { rows } = await readAll(file);
    expect(rows.map((row) => [row.row, row.values.code])).toEqual([
      [2, "E-1"],
      [5, "E-2"],
    ]);
  });

  it("numbers become text without float noise; shared strings, rich text, hyperlinks, booleans become text", async () => {
    const file = await xlsxRows([
      ["Código", "Nombre", "Teléfono"],
      [25, { richText: [{ text: "Ana " }, { font: { bold: true }, text: "María" }] }, 8095551234],
      [18.4861, { text: "Beto", hyperlink: "http://example.com" }, 0.1 + 0.2],
      [-69.9312, true, 1e-7],
    ]);
    const { rows } = await readAll(file);
    expect(rows.map((row) => row.values)).toEqual([
      { code: "25", name: "Ana María", telephone: "8095551234" },
      { code: "18.4861", name: "Beto", telephone: "0.3" },
      { code: "-69.9312", name: "TRUE", telephone: "1e-7" },
    ]);
  });

  it("a formula is a cell error (its value is not used), also a shared formula", async () => {
    const file = await xlsxOf((sheet) => {
      sheet.addRow(["Código", "Nombre", "Teléfono"]);
      sheet.addRow(["E-1", { formula: 'CONCAT("A","na")', result: "Ana" }, { formula: "1+1", result: 2 }]);
      sheet.addRow(["E-2", "Beto", { sharedFormula: "C2", result: 2 }]);
    });
    const { rows } = await readAll(file);
    expect(rows[0]?.values).toEqual({ code: "E-1", name: null, telephone: null });
    expect(rows[0]?.cellErrors).toEqual([
      { row: 2, column: "Nombre", message: IMPORT_MESSAGES.formula },
      { row: 2, column: "Teléfono", message: IMPORT_MESSAGES.formula },
    ]);
    expect(rows[1]?.cellErrors).toEqual([{ row: 3, column: "Teléfono", message: IMPORT_MESSAGES.formula }]);
  });

  it("a date is a cell error", async () => {
    const file = await xlsxOf((sheet) => {
      sheet.addRow(["Código", "Nombre"]);
      sheet.addRow(["E-1", new Date(Date.UTC(2024, 4, 1))]);
      const time = sheet.addRow(["E-2", 0.5]);
      time.getCell(2).numFmt = "h:mm";
    });
    const { rows } = await readAll(file);
    expect(rows.map((row) => row.cellErrors)).toEqual([
      [{ row: 2, column: "Nombre", message: IMPORT_MESSAGES.date }],
      [{ row: 3, column: "Nombre", message: IMPORT_MESSAGES.date }],
    ]);
    expect(rows[0]?.values.name).toBeNull();
  });

  it("merged cells: the covered cells are errors, the top-left one keeps its value", async () => {
    const file = await xlsxOf((sheet) => {
      sheet.addRow(["Código", "Nombre", "Teléfono"]);
      sheet.addRow(["E-1", "Ana", "8095551234"]);
      sheet.addRow(["E-2", "Beto", "8095551235"]);
      sheet.addRow(["E-3", "Carla", "8095551236"]);
      sheet.mergeCells("B2:C2");
      sheet.mergeCells("A3:A4");
    });
    const { rows } = await readAll(file);
    expect(rows.map((row) => [row.row, row.values, row.cellErrors])).toEqual([
      [
        2,
        { code: "E-1", name: "Ana", telephone: null },
        [{ row: 2, column: "Teléfono", message: IMPORT_MESSAGES.mergedCell }],
      ],
      [3, { code: "E-2", name: "Beto", telephone: "8095551235" }, []],
      [
        4,
        { code: null, name: "Carla", telephone: "8095551236" },
        [{ row: 4, column: "Código", message: IMPORT_MESSAGES.mergedCell }],
      ],
    ]);
  });

  it("control characters reach the rows (written as _x0007_ by Excel); a raw control byte is a broken file", async () => {
    const base = await xlsxRows([
      ["Código", "Nombre"],
      ["E-1", "ANA_BEL_"],
      ["E-2", "literal_x005F_x0041_"],
    ]);
    const escaped = await editXlsx(base, (zip) =>
      replaceInPart(zip, "xl/sharedStrings.xml", "ANA_BEL_", "An_x0000_a_x0007_"),
    );
    const { rows } = await readAll(escaped);
    expect(rows[0]?.values.name).toBe("An\u0000a\u0007");
    expect(rows[1]?.values.name).toBe("literal_x0041_");

    const raw = await editXlsx(base, (zip) =>
      replaceInPart(zip, "xl/sharedStrings.xml", "ANA_BEL_", "An\u0001a"),
    );
    const error = await refusal(readAll(raw));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(IMPORT_MESSAGES.brokenXlsx);
  });

  it("reads the first visible worksheet of the workbook, whatever its part is called", async () => {
    const file = await xlsxOf((sheet, workbook) => {
      sheet.addRow(["no es la hoja"]);
      const second = workbook.addWorksheet("Colaboradores");
      second.addRow(["Código", "Nombre"]);
      second.addRow(["E-9", "Zoe"]);
      workbook.addWorksheet("Oculta", { state: "hidden" }).addRow(["x"]);
    });
    // Make "Colaboradores" the first tab and the hidden sheet the very first one.
    const reordered = await editXlsx(file, async (zip) => {
      const workbook = (await zip.file("xl/workbook.xml")?.async("string")) ?? "";
      const sheets = [...workbook.matchAll(/<sheet [^>]*\/>/g)].map((match) => match[0]);
      const [first, second, hidden] = sheets as [string, string, string];
      zip.file("xl/workbook.xml", workbook.replace(sheets.join(""), [hidden, second, first].join("")));
    });
    const { rows } = await readAll(reordered);
    expect(rows.map((row) => row.values)).toEqual([{ code: "E-9", name: "Zoe", telephone: null }]);
  });

  it("reads a sheet written with inline strings (no shared strings part)", async () => {
    const base = await xlsxRows([
      ["Código", "Nombre"],
      ["E-1", "Ana"],
    ]);
    const inline = await editXlsx(base, async (zip) => {
      zip.remove("xl/sharedStrings.xml");
      await replaceInPart(
        zip,
        "xl/worksheets/sheet1.xml",
        /<sheetData>.*<\/sheetData>/s,
        '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Código</t></is></c><c r="B1" t="inlineStr"><is><t>Nombre</t></is></c></row>' +
          '<row r="2"><c r="A2" t="inlineStr"><is><t>E-1</t></is></c><c r="B2" t="inlineStr"><is><t> Ana </t></is></c></row></sheetData>',
      );
    });
    const { rows } = await readAll(inline);
    expect(rows).toEqual([{ row: 2, values: { code: "E-1", name: "Ana", telephone: null }, cellErrors: [] }]);
  });

  it("reads archives stored without compression and with data descriptors (streamed zips)", async () => {
    const base = await xlsxRows([
      ["Código", "Nombre"],
      ["E-1", "Ana"],
    ]);
    const zip = await JSZip.loadAsync(base);
    for (const options of [
      { compression: "STORE" as const },
      { compression: "DEFLATE" as const, streamFiles: true },
    ]) {
      const file = await zip.generateAsync({ type: "nodebuffer", ...options });
      const { rows } = await readAll(file);
      expect(rows.map((row) => row.values)).toEqual([{ code: "E-1", name: "Ana", telephone: null }]);
    }
  });

  it("empty rows count against the row cap before the header too: no header, 60,000 <row/> (issue 32)", async () => {
    const file = workbook(`<worksheet><sheetData>${"<row/>".repeat(60_000)}</sheetData></worksheet>`);
    expect((await refusal(openSheet(file, COLUMNS))).message).toBe(IMPORT_MESSAGES.tooManyRows);
    // As many as the cap allows (a header's worth and IMPORT_MAX_ROWS more) is an empty sheet still.
    const justBelow = workbook(
      `<worksheet><sheetData>${"<row/>".repeat(IMPORT_MAX_ROWS + 1)}</sheetData></worksheet>`,
    );
    expect((await refusal(openSheet(justBelow, COLUMNS))).message).toBe(IMPORT_MESSAGES.emptySheet);
  });

  it("no complete row, 64 MB once inflated (a 160 KB zip): refused as damaged by the cells' cap (issue 32)", async () => {
    const cell = '<c r="A1"><v>1</v></c>';
    const file = workbook(
      `<worksheet><sheetData><row r="1">${cell.repeat(Math.floor((64 * 1024 * 1024) / cell.length))}`,
    );
    expect((await refusal(openSheet(file, COLUMNS))).message).toBe(IMPORT_MESSAGES.brokenXlsx);
  });

  it("a sheet that never completes a row is stopped by the time budget, not only row by row (issue 32)", async () => {
    const file = workbook(`<worksheet><sheetData><row r="1">${"<x/>".repeat(1_000_000)}`);
    const error = await refusal(openSheet(file, COLUMNS, { seconds: 0 }));
    expect([error.statusCode, error.message]).toEqual([400, IMPORT_MESSAGES.tooSlow]);
  });

  it("numberText: 15 significant digits, as Excel shows a General cell", () => {
    expect(
      [
        8095551234,
        18.4861,
        25,
        Number.parseFloat("18.486099999999999"),
        0.1 + 0.2,
        -69.9312,
        -0,
        1e-7,
        0.30000000000000004 * 3,
      ].map(numberText),
    ).toEqual(["8095551234", "18.4861", "25", "18.4861", "0.3", "-69.9312", "0", "1e-7", "0.9"]);
  });
});
