/**
 * Issue 32: the probe's hostile files, over HTTP on the import routes of both kinds (preview, commit
 * and error file). Each is refused with its Spanish message, the server keeps answering, and
 * nothing is written. Before, the worksheet reader's regular expressions took the square of the
 * input (one row of 128,000 unclosed `<c>`, 1.9 KB zipped, held the event loop 17.7 s), and a CSV
 * of line breaks was read to its end without counting its blank rows.
 */

import {
  IMPORT_ECHO_CHARS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MESSAGES,
  IMPORT_REPORT_MAX_ERRORS,
  type ImportReport,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workbook } from "../helpers/hand-written-workbook.js";
import { csvOf, EMPLOYEE_IMPORT_COLUMNS, employeeCells, importForm } from "../helpers/import-factories.js";
import { buildTestApp, createBranchOffice, type SignedIn, signedInAs } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
let office: string;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  office = (await createBranchOffice()).name;
});
afterAll(() => app.close());

const inline = (column: string, row: number, text: string) =>
  `<c r="${column}${row}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER = `<row r="1">${EMPLOYEE_IMPORT_COLUMNS.map((c, i) => inline(String.fromCharCode(65 + i), 1, c.header)).join("")}</row>`;
const sheet = (rows: string, after = "") =>
  `<worksheet><sheetData>${HEADER}${rows}</sheetData>${after}</worksheet>`;

/** A data row of a valid collaborator, its cells by column key overridable with raw cell XML. */
function dataRow(row: number, raw: Record<string, string> = {}) {
  const cells = employeeCells(office, { codeEmployee: `HX-${row}-${Date.now() % 100000}` });
  return `<row r="${row}">${EMPLOYEE_IMPORT_COLUMNS.map((column, i) => {
    const letter = String.fromCharCode(65 + i);
    return (
      raw[column.key]?.replace("{ref}", `${letter}${row}`) ?? inline(letter, row, cells[column.key] ?? "")
    );
  }).join("")}</row>`;
}

const routes = {
  dryRun: `${API.employee.import.path}?dryRun=true`,
  commit: API.employee.import.path,
  errors: API.employee.importErrors.path,
  driverDryRun: `${API.driver.import.path}?dryRun=true`,
};

const send = (url: string, file: Buffer, fileName = "personas.xlsx") =>
  app.inject({ method: "POST", url, headers: admin.headers, payload: importForm(file, {}, fileName) });

describe("hostile spreadsheets are refused, linear in their size (issue 32)", () => {
  const cases: [string, () => Buffer][] = [
    ["one row of 128,000 unclosed <c>", () => workbook(sheet(`<row r="2">${"<c>".repeat(128_000)}</row>`))],
    [
      "128,000 unclosed <si> in the shared strings",
      () => workbook(sheet(dataRow(2)), `<sst>${"<si><t>a".repeat(128_000)}</sst>`),
    ],
    [
      // The probe's was 16 MB (bench/imports/run-hostile.ts reads that one): linear, so 4 MB proves it.
      "no complete row: 4 MB of cells in a row never closed",
      () => workbook(`<worksheet><sheetData><row r="1">${'<c r="A1"><v>1</v></c>'.repeat(180_000)}`),
    ],
    [
      "100,000 unclosed <mergeCell",
      () =>
        workbook(sheet(dataRow(2), `<mergeCells>${'<mergeCell ref="A2:B3"'.repeat(100_000)}</mergeCells>`)),
    ],
  ];

  for (const [name, build] of cases) {
    it(`${name}: 400 «dañado» on the preview, the commit and the error file, for both kinds`, async () => {
      const file = build();
      for (const url of [routes.dryRun, routes.commit, routes.errors, routes.driverDryRun]) {
        const response = await send(url, file);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message, url).toBe(IMPORT_MESSAGES.brokenXlsx);
      }
      const health = await app.inject({ method: "GET", url: "/health" });
      expect(health.statusCode).toBe(200);
    });
  }

  it("a CSV of 15 MiB of line breaks: blank rows count against the cap", async () => {
    // Excel writes \r\n; the line breaks after it are bare \n: each one is a row all the same.
    const head = csvOf(EMPLOYEE_IMPORT_COLUMNS, [employeeCells(office)]);
    const file = Buffer.concat([head, Buffer.alloc(15 * 1024 * 1024 - head.length - 1024, "\n")]);
    const response = await send(routes.dryRun, file, "personas.csv");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IMPORT_MESSAGES.tooManyRows);
  });

  it("without a header: 15 MiB of line breaks, or an .xlsx of 60,000 empty rows, is refused as too many rows", async () => {
    const csv = Buffer.alloc(15 * 1024 * 1024 - 1024, "\n");
    const xlsx = workbook(`<worksheet><sheetData>${"<row/>".repeat(60_000)}</sheetData></worksheet>`);
    for (const [file, fileName] of [
      [csv, "personas.csv"],
      [xlsx, "personas.xlsx"],
    ] as const) {
      for (const url of [routes.dryRun, routes.errors]) {
        const response = await send(url, file, fileName);
        expect(response.statusCode, `${fileName} ${url}`).toBe(400);
        expect(response.json().message, `${fileName} ${url}`).toBe(IMPORT_MESSAGES.tooManyRows);
      }
    }
  });
});

describe("the report echoes little of a hostile file (issue 32)", () => {
  it(`a key and a name are echoed in at most ${IMPORT_ECHO_CHARS} characters, ending in «…»`, async () => {
    const key = "K".repeat(500);
    const name = "N".repeat(300);
    const rows = [employeeCells(office, { codeEmployee: key, name, lastname: "Pérez" })];
    const response = await send(routes.dryRun, csvOf(EMPLOYEE_IMPORT_COLUMNS, rows), "personas.csv");
    const [row] = (response.json() as ImportReport).rows;
    expect(row?.action).toBe("error");
    expect(row?.key).toBe(`${"K".repeat(IMPORT_ECHO_CHARS - 1)}…`);
    expect(row?.name).toBe(`${"N".repeat(IMPORT_ECHO_CHARS - 1)}…`);
    // Short enough is echoed as written.
    const short = employeeCells(office, { codeEmployee: "K".repeat(40), name: "Ana", lastname: "Pérez" });
    const again = await send(routes.dryRun, csvOf(EMPLOYEE_IMPORT_COLUMNS, [short]), "personas.csv");
    expect((again.json() as ImportReport).rows[0]).toMatchObject({ key: "K".repeat(40), name: "Ana Pérez" });
  });

  it(`at most ${IMPORT_REPORT_MAX_ERRORS} errors and their rows are listed, every row that imports is`, async () => {
    const bad = IMPORT_REPORT_MAX_ERRORS + 500;
    const rows = [
      ...Array.from({ length: bad }, () => employeeCells(office, { name: null })),
      ...Array.from({ length: 3 }, () => employeeCells(office)),
    ];
    const response = await send(routes.dryRun, csvOf(EMPLOYEE_IMPORT_COLUMNS, rows), "personas.csv");
    expect(response.statusCode).toBe(200);
    const report = response.json() as ImportReport;
    expect([report.total, report.invalid, report.created]).toEqual([bad + 3, bad, 3]);
    expect(report.errors).toHaveLength(IMPORT_REPORT_MAX_ERRORS);
    expect(report.errors.at(-1)?.row).toBe(IMPORT_REPORT_MAX_ERRORS + 1);
    expect(report.warnings).toContain(IMPORT_MESSAGES.errorsCut(bad));
    // The rows with the errors shown (rows 2 to 2,001) and the three that import (the last three).
    const listed = report.rows.map((row) => row.row);
    expect(listed).toHaveLength(IMPORT_REPORT_MAX_ERRORS + 3);
    expect(listed.slice(0, IMPORT_REPORT_MAX_ERRORS).at(-1)).toBe(IMPORT_REPORT_MAX_ERRORS + 1);
    expect(listed.slice(-3)).toEqual([bad + 2, bad + 3, bad + 4]);
    expect(report.rows.slice(-3).map((row) => row.action)).toEqual(["create", "create", "create"]);
  });
});

describe("cells that cannot be stored are the row's errors, never a 500 (issue 32)", () => {
  it("half a surrogate pair, written as a reference or as Excel's _x escape", async () => {
    const file = workbook(
      sheet(
        dataRow(2, { name: '<c r="{ref}" t="inlineStr"><is><t>Ana&#xD800;</t></is></c>' }) +
          dataRow(3, { lastname: '<c r="{ref}" t="inlineStr"><is><t>P_xDC00_rez</t></is></c>' }) +
          dataRow(4),
      ),
    );
    const preview = await send(routes.dryRun, file);
    expect(preview.statusCode).toBe(200);
    const report = preview.json() as ImportReport;
    expect(report.invalid).toBe(2);
    expect(report.errors).toEqual([
      { row: 2, column: "Nombre", message: IMPORT_MESSAGES.badCharacter },
      { row: 3, column: "Apellido", message: "Contiene caracteres no permitidos" },
    ]);
    const commit = await send(routes.commit, file);
    expect(commit.statusCode).toBe(422);
    expect((commit.json() as ImportReport).invalid).toBe(2);
  });

  it("bidirectional controls, NEL, line separators and the byte-order mark in a name", async () => {
    const rows = ["\u202EzeréP", "Ana\u0085", "Ana\u2028María", "A\uFEFFna"].map((name) =>
      employeeCells(office, { name }),
    );
    const response = await send(routes.dryRun, csvOf(EMPLOYEE_IMPORT_COLUMNS, rows), "personas.csv");
    const report = response.json() as ImportReport;
    expect(report.invalid).toBe(4);
    expect(new Set(report.errors.map((error) => `${error.column}: ${error.message}`))).toEqual(
      new Set(["Nombre: Contiene caracteres no permitidos"]),
    );
  });

  it("a cell beyond Excel's 32,767 characters is refused and never echoed whole", async () => {
    const long = "A".repeat(IMPORT_MAX_CELL_CHARS + 1);
    const huge = "B".repeat(2_000_000);
    const rows = [employeeCells(office, { name: long }), employeeCells(office, { lastname: huge })];
    const response = await send(routes.dryRun, csvOf(EMPLOYEE_IMPORT_COLUMNS, rows), "personas.csv");
    const report = response.json() as ImportReport;
    expect(report.errors).toEqual([
      { row: 2, column: "Nombre", message: IMPORT_MESSAGES.tooLong },
      { row: 3, column: "Apellido", message: IMPORT_MESSAGES.tooLong },
    ]);
    expect(response.body.length).toBeLessThan(10_000);
  });
});
