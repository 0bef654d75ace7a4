/**
 * Issue 24, item 4: every Excel export stores text that starts with `=`, `+`, `-` or `@` as text
 * (a string cell with the Text format), never as a formula. Names and descriptions of the fixed
 * scenario are renamed to such text before the cut is made; each of the 8 exports (and every sheet
 * of the incidents report) is downloaded and every cell checked, in exceljs and in the raw XML.
 */
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  branchOffices,
  destinations,
  drivers,
  employees,
  routesNotScheduled,
  suppliers,
} from "../../src/db/schema.js";
import { looksLikeFormula } from "../../src/lib/excel/safe-text.js";
import { EXCEL_EXPORTS } from "../helpers/excel-exports.js";
import { createFixedScenario, cutDate, type FixedScenario } from "../helpers/reporting-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

// Cuts tile time across the whole database: this file's cut lives in a database of its own.
useOwnTestDatabase();

const FORMULA_TEXTS = ['=HYPERLINK("http://x","y")', "+1", "-1", "@SUM(A1)", "=1+1"] as const;
const [HYPERLINK, PLUS, MINUS, AT, SUM] = FORMULA_TEXTS;

let app: FastifyInstance;
let admin: SignedIn;
let scenario: FixedScenario;
let cutId: number;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  scenario = await createFixedScenario();
  const { db } = await testDatabase();
  const { s1, s2, b1, b2, rns, destination } = scenario;
  const { e1, e2, e5 } = scenario.employees;
  await db.update(suppliers).set({ name: HYPERLINK }).where(eq(suppliers.id, s1.supplier.id));
  await db.update(suppliers).set({ name: AT }).where(eq(suppliers.id, s2.supplier.id));
  await db.update(drivers).set({ name: MINUS }).where(eq(drivers.id, s1.driver.id));
  await db.update(drivers).set({ name: SUM }).where(eq(drivers.id, s2.driver.id));
  // Route names are not renamed: reports show the name each trip was made under (its copy).
  await db.update(routesNotScheduled).set({ name: HYPERLINK }).where(eq(routesNotScheduled.id, rns.id));
  await db.update(destinations).set({ name: AT }).where(eq(destinations.id, destination.id));
  await db.update(branchOffices).set({ name: SUM }).where(eq(branchOffices.id, b1.id));
  await db.update(branchOffices).set({ name: MINUS }).where(eq(branchOffices.id, b2.id));
  await db
    .update(employees)
    .set({ codeEmployee: PLUS, name: HYPERLINK, lastname: MINUS, department: AT })
    .where(eq(employees.id, e1.id));
  await db.update(employees).set({ codeEmployee: AT, department: SUM }).where(eq(employees.id, e2.id));
  await db.update(employees).set({ codeEmployee: MINUS }).where(eq(employees.id, e5.id));
  const cut = await app.inject({
    method: "POST",
    url: API.cut.create.path,
    headers: admin.headers,
    payload: { sinceDate: cutDate(scenario.from.getTime()), untilDate: cutDate(scenario.to.getTime()) },
  });
  expect(cut.statusCode, cut.body).toBe(201);
  cutId = cut.json().id;
});
afterAll(() => app.close());

/** The export's workbook and the raw XML of its sheet and styles. */
async function download(path: string, query: string) {
  const response = await app.inject({
    method: "GET",
    url: `/api/v1/${path}?${query}`,
    headers: { ...admin.headers, gmt: String(scenario.gmt) },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const zip = await JSZip.loadAsync(response.rawPayload);
  const xml = (await zip.file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return { sheet, xml };
}

/** Checks every cell: none is a formula; formula-like text is a string with the Text format. */
function checkCells(sheet: ExcelJS.Worksheet, xml: string) {
  // A formula is an <f> element in the sheet's XML; there is none, whatever the cell holds.
  expect(xml).not.toMatch(/<f[\s>]/);
  const found = new Set<string>();
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      expect(cell.type, cell.address).not.toBe(ExcelJS.ValueType.Formula);
      expect(cell.formula, cell.address).toBeUndefined();
      if (typeof cell.value !== "string" || !looksLikeFormula(cell.value)) return;
      expect(cell.type, cell.address).toBe(ExcelJS.ValueType.String);
      expect(cell.numFmt, `${cell.address} ${cell.value}`).toBe("@");
      for (const text of FORMULA_TEXTS) if (cell.value.startsWith(text)) found.add(text);
    });
  });
  return found;
}

describe("Excel exports keep formula-like text as text", () => {
  it.each(EXCEL_EXPORTS)("%s (%s)", async (path) => {
    const query = path.startsWith("Cut/") ? `cutId=${cutId}` : scenario.range;
    const { sheet, xml } = await download(path, query);
    const found = checkCells(sheet, xml);
    // The export shows some of the renamed names: the check saw real data.
    expect(found.size, path).toBeGreaterThan(0);
  });

  it("Incident/report/excel: every sheet (suppliers and drivers named like formulas)", async () => {
    const response = await app.inject({
      method: "GET",
      url: `${API.incident.reportExcel.path}?${scenario.range}`,
      headers: { ...admin.headers, gmt: String(scenario.gmt) },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const found = new Set<string>();
    for (const [index, sheet] of workbook.worksheets.entries()) {
      const xml = (await zip.file(`xl/worksheets/sheet${index + 1}.xml`)?.async("string")) ?? "";
      expect(xml.length, sheet.name).toBeGreaterThan(0);
      for (const text of checkCells(sheet, xml)) found.add(text);
    }
    // Suppliers (=HYPERLINK…, @SUM…) and drivers (-1…, =1+1…) of the scenario's trips.
    expect([...found].sort()).toEqual([AT, HYPERLINK, MINUS, SUM].sort());
  });

  it("the export's filter rows too (a supplier named like a formula)", async () => {
    const { sheet, xml } = await download(
      "Route/report/excel",
      `${scenario.range}&supplierName=${encodeURIComponent(HYPERLINK)}`,
    );
    expect(checkCells(sheet, xml).has(HYPERLINK)).toBe(true);
    const filterRow = [2, 3, 4, 5, 6].find((row) => sheet.getCell(`A${row}`).value === "Suplidor");
    expect(filterRow).toBeDefined();
    expect(sheet.getCell(`B${filterRow}`).value).toBe(HYPERLINK);
    expect(sheet.getCell(`B${filterRow}`).numFmt).toBe("@");
  });
});
