import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MISSING_GMT } from "../src/plugins/caller-time.js";
import { EXCEL_EXPORTS, jsonPathOf } from "./helpers/excel-exports.js";
import { buildTestApp, type SignedIn, signedInAs } from "./helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const INVALID = {
  statusCode: 400,
  message: "Encabezado GMT inválido",
  errors: { GMT: "Encabezado GMT inválido" },
};

describe("the GMT header (plugins/caller-time)", () => {
  it("is read on every request, public ones too", async () => {
    const response = await app.inject({ method: "GET", url: "/health", headers: { gmt: "abc" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
    expect((await app.inject({ method: "GET", url: "/health", headers: { gmt: "-5.5" } })).statusCode).toBe(
      200,
    );
  });

  it("answers a bad header before the access control (400, not 401)", async () => {
    const response = await app.inject({
      method: "GET",
      url: API.branchOffice.list.path,
      headers: { gmt: "15" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
  });
});

describe("the GMT header is required on dated calls", () => {
  const DATED = [
    "BranchOffice/list",
    "Employee/list",
    "Notification/list",
    "IntermediateRoute/history",
    "RouteNotScheduled/list",
    "IntermediateRoute/services/stats",
    "Supplier/service/stats",
    "Employee/services/stats",
    ...EXCEL_EXPORTS.flatMap(([excelPath]) => [jsonPathOf(excelPath), excelPath]),
  ];
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signedInAs(app, "Admin");
  });
  const call = (path: string, headers: Record<string, string>) =>
    app.inject({ method: "GET", url: `/api/v1/${path}`, headers });

  it.each(DATED)("%s answers 400 in Spanish without it, 200 with it", async (path) => {
    const { gmt: _gmt, ...noGmt } = admin.headers;
    const missing = await call(path, noGmt);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ statusCode: 400, message: MISSING_GMT, errors: { GMT: MISSING_GMT } });
    expect((await call(path, { ...noGmt, gmt: "" })).statusCode).toBe(400);
    expect((await call(path, { ...noGmt, gmt: "-5.75" })).statusCode).toBe(200);
  });

  it("rejects an offset no zone has on any call, and a missing one still answers 401 first", async () => {
    for (const gmt of ["4.37", "14", "0x4", "4e0", "+4", " 4"]) {
      const response = await call("Route/report", { ...admin.headers, gmt });
      expect(response.statusCode, gmt).toBe(400);
      expect(response.json()).toEqual(INVALID);
    }
    expect((await call("Route/report", {})).statusCode).toBe(401);
  });

  it("undated calls still default to UTC without it", async () => {
    const { gmt: _gmt, ...noGmt } = admin.headers;
    expect((await call("Supplier/listName", noGmt)).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
  });
});
