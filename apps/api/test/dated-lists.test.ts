import { BOTH_DATES_MESSAGE } from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXCEL_EXPORTS, jsonPathOf } from "./helpers/excel-exports.js";
import { buildTestApp, type SignedIn, signedInAs } from "./helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

/** Every list filtered by a local-day range `sinceDate`/`untilDate` (the contract's dated lists). */
const DATED_LISTS = [
  "BranchOffice/list",
  "Employee/list",
  "Notification/list",
  "IntermediateRoute/history",
  "RouteNotScheduled/list",
  "User/list",
  "Driver/list",
  "Supplier/list",
  "Destination/list",
  "Route/list",
  ...EXCEL_EXPORTS.flatMap(([excelPath]) => [jsonPathOf(excelPath), excelPath]),
];

const get = (path: string, query: string) =>
  app.inject({ method: "GET", url: `/api/v1/${path}?${query}`, headers: admin.headers });

describe("dated lists: both dates or neither", () => {
  it.each(DATED_LISTS)("%s refuses a half range on the missing end", async (path) => {
    const onlySince = await get(path, "sinceDate=03/01/2026");
    expect(onlySince.statusCode).toBe(400);
    expect(onlySince.json()).toEqual({
      statusCode: 400,
      message: BOTH_DATES_MESSAGE,
      errors: { untilDate: BOTH_DATES_MESSAGE },
    });
    const onlyUntil = await get(path, "untilDate=03/01/2026");
    expect(onlyUntil.statusCode).toBe(400);
    expect(onlyUntil.json().errors).toEqual({ sinceDate: BOTH_DATES_MESSAGE });
  });

  it.each(DATED_LISTS)("%s answers without dates and with both", async (path) => {
    expect((await get(path, "")).statusCode).toBe(200);
    expect((await get(path, "sinceDate=03/01/2026&untilDate=03/02/2026")).statusCode).toBe(200);
  });

  it("the cut lists also refuse a half range given as an instant", async () => {
    for (const path of ["Cut/General", "Cut/Headboard"]) {
      const response = await get(path, "sinceDate=2026-03-01T00:00:00Z");
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ untilDate: BOTH_DATES_MESSAGE });
    }
  });
});
