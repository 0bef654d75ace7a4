import { API } from "@treiber/contract/api-paths";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import {
  createRoute,
  createSupplierDriver,
  createTrip,
  cutDate,
  DAY,
  HOUR,
  nextCutStart,
} from "../helpers/reporting-factories.js";
import type { SignedIn } from "../helpers/test-app.js";

/** A request as `session` (GMT 4, like the back office in Santo Domingo). */
export function call(
  app: FastifyInstance,
  session: SignedIn,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: { ...session.headers, gmt: "4" },
    ...(payload && { payload }),
  });
}

/** `GET url` (or `/api/v1/{url}` without a leading slash) as `session`: expects 200, returns the JSON. */
export async function getJson(app: FastifyInstance, session: SignedIn, url: string) {
  const response = await call(app, session, "GET", url.startsWith("/") ? url : `/api/v1/${url}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type SupplierDriver = Awaited<ReturnType<typeof createSupplierDriver>>;

/**
 * The next cut of the file's database (cuts tile time), made by `admin`, of two suppliers' trips
 * (new ones unless given): A's two (20.00 and 15.00) and B's one (30.00), ended on a fresh day.
 */
export async function cutOfTwoSuppliers(
  app: FastifyInstance,
  admin: SignedIn,
  suppliers: { a?: SupplierDriver; b?: SupplierDriver } = {},
) {
  const { since, day } = await nextCutStart();
  const a = suppliers.a ?? (await createSupplierDriver());
  const b = suppliers.b ?? (await createSupplierDriver());
  const route = await createRoute({ cost: "20.00" });
  const trip = (driver: { id: number; supplierId: number }, cost: string, hour: number) =>
    createTrip({
      routeId: route.id,
      driver,
      cost,
      startedAt: new Date(day + hour * HOUR),
      endedAt: new Date(day + (hour + 1) * HOUR),
    });
  const tripA = await trip(a.driver, "20.00", 8);
  const tripA2 = await trip(a.driver, "15.00", 10);
  const tripB = await trip(b.driver, "30.00", 12);
  const made = await call(app, admin, "POST", API.cut.create.path, {
    sinceDate: cutDate(since),
    untilDate: cutDate(day + DAY),
  });
  expect(made.statusCode, made.body).toBe(201);
  return { cutId: made.json().id as number, until: day + DAY, a, b, tripA, tripA2, tripB, route };
}

/** Every cell's text of every sheet of a workbook response, by sheet name. */
export async function workbookTexts(response: { rawPayload: Buffer }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheets: Record<string, string[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      const values: string[] = [];
      row.eachCell((cell) => values.push(String(cell.value ?? "")));
      rows.push(values);
    });
    sheets[sheet.name] = rows;
  }
  return sheets;
}
