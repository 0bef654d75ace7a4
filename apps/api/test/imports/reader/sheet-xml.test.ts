/** The worksheet XML reader on hand-written SpreadsheetML (what Excel, LibreOffice and Sheets write). */
import { IMPORT_MESSAGES } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import {
  isDateFormat,
  MAX_COLUMNS,
  parseDateStyles,
  parseSharedStrings,
  type SheetContext,
  sheetRows,
} from "../../../src/lib/import/sheet-xml.js";

async function rowsOf(
  pieces: Iterable<string>,
  sharedStrings: SheetContext["sharedStrings"] = [],
  dateStyles = new Set<number>(),
  deadline = Number.POSITIVE_INFINITY,
) {
  async function* source() {
    yield* pieces;
  }
  const rows = [];
  for await (const row of sheetRows(source(), { sharedStrings, dateStyles }, deadline)) rows.push(row);
  return rows;
}

describe("sheet-xml", () => {
  it("reads rows split anywhere across pieces, with and without r, prefixes and entities", async () => {
    const xml =
      '<x:worksheet><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>C&amp;A &#233;&#xE9;</x:t></x:is></x:c>' +
      '<x:c r="C1" t="s"><x:v>1</x:v></x:c></x:row><x:row r="3" spans="1:3"/><x:row><x:c t="b"><x:v>1</x:v></x:c>' +
      '<x:c t="e"><x:v>#N/A</x:v></x:c><x:c s="2"/><x:c><x:v>1.0000000000000002</x:v></x:c></x:row></x:sheetData></x:worksheet>';
    const pieces = [xml.slice(0, 37), xml.slice(37, 150), xml.slice(150, 151), xml.slice(151)];
    expect(await rowsOf(pieces, ["cero", "uno"])).toEqual([
      { row: 1, cells: ["C&A éé", null, "uno"] },
      { row: 3, cells: [] },
      { row: 4, cells: ["TRUE", "#N/A", null, "1"] },
    ]);
  });

  it("formulas, date styles and date cells are problems; rich inline text is joined", async () => {
    const xml =
      '<sheetData><row r="2"><c r="A2"><f>1+1</f><v>2</v></c><c r="B2" s="1"><v>45000</v></c>' +
      '<c r="C2" t="d"><v>2024-05-01</v></c><c r="D2" t="inlineStr"><is><r><t xml:space="preserve">Ana </t></r><r><rPr><b/></rPr><t>María</t></r></is></c></row></sheetData>';
    expect(await rowsOf([xml], [], new Set([1]))).toEqual([
      { row: 2, cells: [{ problem: "formula" }, { problem: "date" }, { problem: "date" }, "Ana María"] },
    ]);
  });

  it("a raw control character is a broken file", async () => {
    await expect(
      rowsOf(['<row r="1"><c t="inlineStr"><is><t>a\u0001</t></is></c></row>']),
    ).rejects.toMatchObject({
      message: IMPORT_MESSAGES.brokenXlsx,
    });
  });

  it("half a surrogate pair is the cell's problem; an unclosed or nested cell is a broken file (issue 32)", async () => {
    expect(
      await rowsOf(
        ['<row r="2"><c t="inlineStr"><is><t>A&#xD800;</t></is></c><c t="s"><v>0</v></c></row>'],
        [{ problem: "badCharacter" }],
      ),
    ).toEqual([{ row: 2, cells: [{ problem: "badCharacter" }, { problem: "badCharacter" }] }]);
    expect(parseSharedStrings("<sst><si><t>&#xDFFF;</t></si><si><t>ok</t></si></sst>")).toEqual([
      { problem: "badCharacter" },
      "ok",
    ]);
    for (const xml of [
      `<row r="1">${"<c>".repeat(1000)}</row>`,
      '<row><c t="n"><v>1</v></row>',
      "<row><row/></row>",
    ]) {
      await expect(rowsOf([xml])).rejects.toMatchObject({ message: IMPORT_MESSAGES.brokenXlsx });
    }
    expect(() => parseSharedStrings(`<sst>${"<si><t>a".repeat(1000)}</sst>`)).toThrow(
      IMPORT_MESSAGES.brokenXlsx,
    );
  });

  it(`a row of ${MAX_COLUMNS} cells (Excel's last column) is read; one cell more is a broken file (issue 32)`, async () => {
    const cells = (count: number) => '<c r="A1"><v>1</v></c>'.repeat(count);
    const [full] = await rowsOf([`<row r="1">${cells(MAX_COLUMNS)}</row>`]);
    expect(full).toEqual({ row: 1, cells: ["1"] });
    await expect(rowsOf([`<row r="1">${cells(MAX_COLUMNS + 1)}</row>`])).rejects.toMatchObject({
      message: IMPORT_MESSAGES.brokenXlsx,
    });
    // Refused while the row is still open: the rest of the file is never parsed.
    let piecesRead = 0;
    function* neverClosed() {
      yield '<worksheet><sheetData><row r="1">';
      for (; piecesRead < 1_000; piecesRead++) yield cells(100);
    }
    await expect(rowsOf(neverClosed())).rejects.toMatchObject({ message: IMPORT_MESSAGES.brokenXlsx });
    expect(piecesRead).toBeLessThan(200);
  });

  it("the time budget is checked for each piece, also while no row is complete (issue 32)", async () => {
    const past = performance.now() - 1;
    function* rowNeverClosed() {
      yield '<worksheet><sheetData><row r="1">';
      for (let i = 0; i < 100; i++) yield "<x/>".repeat(100);
    }
    await expect(rowsOf(rowNeverClosed(), [], new Set(), past)).rejects.toMatchObject({
      message: IMPORT_MESSAGES.tooSlow,
    });
    expect(() => parseSharedStrings("<sst><si><t>a</t></si></sst>", past)).toThrow(IMPORT_MESSAGES.tooSlow);
  });

  it("shared strings join their runs and leave out phonetic guides; styles tell dates by format", () => {
    expect(
      parseSharedStrings(
        "<sst><si><t>Uno</t></si><si><r><t>Do</t></r><r><t>s</t></r><rPh><t>ふ</t></rPh></si><si/><si><t/></si></sst>",
      ),
    ).toEqual(["Uno", "Dos", "", ""]);
    const styles =
      '<styleSheet><numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="&quot;Día&quot; 0"/></numFmts>' +
      '<cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/>' +
      '<xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="2"/></cellXfs></styleSheet>';
    expect([...parseDateStyles(styles)]).toEqual([1, 2]);
    expect(isDateFormat("[Red]0.00")).toBe(false);
    expect(isDateFormat("h:mm")).toBe(true);
  });
});
