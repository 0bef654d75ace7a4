import { API } from "@treiber/contract/api-paths";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cutHeadboard } from "../../src/modules/cuts/cut-reports-sql.js";
import { createCutService } from "../../src/modules/cuts/cut-service.js";
import { routeReport } from "../../src/modules/reports/report-definitions.js";
import { reportBatches, reportList } from "../../src/modules/reports/report-runner.js";
import { EXCEL_EXPORTS, jsonPathOf } from "../helpers/excel-exports.js";
import {
  apiDate,
  createFixedScenario,
  createRoute,
  createSupplierDriver,
  createTrip,
  cutDate,
  DAY,
  type FixedScenario,
  HOUR,
  localTime,
  nextCutStart,
} from "../helpers/reporting-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

// Cuts tile time across the whole database: this file's cuts live in a database of their own.
useOwnTestDatabase();

let app: FastifyInstance;
let admin: SignedIn;
let scenario: FixedScenario;
let cutId: number;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  scenario = await createFixedScenario();
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

const headers = (gmt = 4) => ({ ...admin.headers, gmt: String(gmt) });

async function download(path: string, gmt = 4) {
  const response = await app.inject({ method: "GET", url: `/api/v1/${path}`, headers: headers(gmt) });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    rows.push(row);
  });
  return { response, sheet, rows };
}

const HEADERS = new Set(["Ruta", "Chofer", "Código", "Sucursal", "Fecha", "Suplidor"]);
const isHeader = (row: ExcelJS.Row) =>
  HEADERS.has(String(row.getCell(1).value)) && row.getCell(1).font?.bold === true;

function table(rows: ExcelJS.Row[]) {
  const headerAt = rows.findIndex(isHeader);
  expect(headerAt).toBeGreaterThan(0);
  const header = rows[headerAt] as ExcelJS.Row;
  const data = rows.slice(headerAt + 1, -1);
  const totals = rows[rows.length - 1] as ExcelJS.Row;
  const names = (header.values as unknown[]).slice(1).map(String);
  const col = (name: string) => names.indexOf(name) + 1;
  return { header, headerAt, names, data, totals, col };
}

describe("Excel exports", () => {
  it.each(EXCEL_EXPORTS)(
    "%s streams %s with title, filter, frozen header, typed cells and totals",
    async (path, fileName, title, moneyColumn) => {
      const jsonPath = jsonPathOf(path);
      const query = path.startsWith("Cut/") ? `cutId=${cutId}` : scenario.range;
      const json = await app.inject({
        method: "GET",
        url: `/api/v1/${jsonPath}?${query}&amount=100`,
        headers: headers(),
      });
      expect(json.statusCode).toBe(200);
      const expected = json.json();

      const { response, sheet, rows } = await download(`${path}?${query}&amount=1&skip=1`);
      expect(response.headers["content-type"]).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      expect(response.headers["content-disposition"]).toBe(`attachment; filename=${fileName}`);
      expect(sheet.getCell("A1").value).toBe(title);
      expect(sheet.getCell("A1").font?.bold).toBe(true);
      expect(sheet.getCell("A2").value).toBe("Desde");
      expect(sheet.getCell("A3").value).toBe("Hasta");
      const [month, day, year] = apiDate(scenario.day).split("/");
      if (!path.startsWith("Cut/")) {
        expect(sheet.getCell("B2").value).toBe(`${day}/${month}/${year}`);
      } else {
        // A cut's period in the caller's local time (its start is local midnight at GMT-4), not raw UTC.
        expect(sheet.getCell("B2").value).toBe(`${day}/${month}/${year} 12:00:00 am (GMT-4)`);
      }

      const { headerAt, names, data, totals, col } = table(rows);
      expect(sheet.views[0]).toMatchObject({
        state: "frozen",
        ySplit: (rows[headerAt] as ExcelJS.Row).number,
      });
      expect(names).toContain(moneyColumn);
      // Every matching row, not one page (the query asked for amount=1).
      expect(data).toHaveLength(expected.data.items.length);
      expect(data.length).toBeGreaterThan(0);
      const money = col(moneyColumn);
      for (const row of data) {
        expect(typeof row.getCell(money).value).toBe("number");
        expect(row.getCell(money).numFmt).toContain("US$");
      }
      expect(totals.getCell(1).value).toBe("Total");
      expect(totals.getCell(money).value).toBe(expected.data.total);
      expect(totals.getCell(money).numFmt).toContain("US$");
      const sum = data.reduce((cents, row) => cents + Math.round(Number(row.getCell(money).value) * 100), 0);
      expect(sum).toBe(Math.round(expected.data.total * 100));
      // Widths fit the header at least.
      names.forEach((name, index) => {
        expect(sheet.getColumn(index + 1).width ?? 0).toBeGreaterThanOrEqual(Math.min(name.length, 60));
      });
    },
  );

  it("writes dates as real dates on the caller's wall clock", async () => {
    const { rows } = await download(`RouteNotScheduled/report/excel?${scenario.range}`);
    const { data, col } = table(rows);
    const cell = (data[0] as ExcelJS.Row).getCell(col("Fecha"));
    expect(cell.value).toBeInstanceOf(Date);
    // t5 starts at 10:00 local in UTC-4: the sheet shows 10:00.
    expect((cell.value as Date).toISOString()).toBe(new Date(scenario.day + 10 * HOUR).toISOString());
    expect(cell.numFmt).toBe("dd/mm/yyyy h:mm:ss AM/PM");
    const routeRows = table((await download(`Route/report/excel?${scenario.range}`)).rows);
    const totals = routeRows.totals;
    expect(totals.getCell(routeRows.col("Viajes")).value).toBe(4);
    expect(totals.getCell(routeRows.col("Colaboradores")).value).toBe(7);
    expect(totals.getCell(routeRows.col("Costo total")).value).toBe(90);
    expect(totals.getCell(routeRows.col("Costo por colaborador")).value).toBeNull();
  });

  it("writes the filter of the export at the top", async () => {
    const { sheet } = await download(
      `Route/report/excel?${scenario.range}&supplierName=${encodeURIComponent(scenario.s1.supplier.name)}&destinationId=${scenario.destination.id}&criterion=Ruta`,
    );
    const filters: Record<string, unknown> = {};
    for (let r = 2; r <= 8; r++) filters[String(sheet.getCell(`A${r}`).value)] = sheet.getCell(`B${r}`).value;
    expect(filters).toMatchObject({
      Suplidor: scenario.s1.supplier.name,
      Destino: scenario.destination.name,
      Búsqueda: "Ruta",
    });
    expect(String(filters.Generado)).toContain("(GMT-4)");
  });

  it("an empty export still has its header and a zero totals row", async () => {
    const { rows } = await download("Route/report/excel?sinceDate=01/01/1900&untilDate=01/02/1900");
    const { data, totals, col } = table(rows);
    expect(data).toHaveLength(0);
    expect(totals.getCell(col("Costo total")).value).toBe(0);
  });
});

describe("export batches (keyset pagination)", () => {
  it("read every row once, in the report's order, across batch boundaries and equal timestamps", async () => {
    const { db } = await testDatabase();
    const { since, day } = await nextCutStart();
    const { driver, supplier } = await createSupplierDriver();
    const names = ["Ruta Ñ", "Ruta a", "Ruta B", "ruta c", "Ruta d"];
    for (const [i, suffix] of names.entries()) {
      const route = await createRoute({ name: `${suffix} ${supplier.name}`, cost: "5.00" });
      for (let k = 0; k < 3; k++) {
        // Same start for several trips: the id breaks the tie.
        await createTrip({
          routeId: route.id,
          driver,
          cost: `${i + 1}.00`,
          startedAt: localTime(day, 8, 0),
          endedAt: localTime(day, 9 + k, 0),
        });
      }
    }
    const input = {
      scope: {
        from: new Date(day),
        to: new Date(day + DAY),
        kind: "all" as const,
        supplierName: supplier.name,
      },
    };
    const { items: all } = await reportList(db, routeReport, input, { amount: 100, skip: 1 });
    expect(all).toHaveLength(5);
    const batched = [];
    for await (const batch of reportBatches(db, routeReport, input, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      batched.push(...batch);
    }
    expect(batched).toEqual(all);

    const cut = await createCutService(db).create(
      { sinceDate: cutDate(since), untilDate: cutDate(day + DAY) },
      admin.userId,
    );
    const cutInput = { cutId: cut.id, supplierName: supplier.name };
    const { items: lines } = await reportList(db, cutHeadboard, cutInput, { amount: 100, skip: 1 });
    expect(lines).toHaveLength(15);
    const linesBatched = [];
    for await (const batch of reportBatches(db, cutHeadboard, cutInput, 4)) linesBatched.push(...batch);
    expect(linesBatched.map((line) => line.intermediateRouteId)).toEqual(
      lines.map((line) => line.intermediateRouteId),
    );
    expect(new Set(linesBatched.map((line) => line.intermediateRouteId)).size).toBe(15);
  });
});
