import { API_DATE_YEAR_MESSAGE, CONTROL_CHARACTER_MESSAGE } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, signedInAs, TEST_PASSWORD } from "./helpers/test-app.js";

/** Issue 12 items 4 and 5: control characters and out-of-range years answer 400, never 500. */
let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const get = (path: string, query: Record<string, string>) =>
  app.inject({ method: "GET", url: `/api/v1/${path}`, query, headers: admin.headers });

const SEARCHED_LISTS = [
  "BranchOffice/list",
  "Supplier/list",
  "Destination/list",
  "Employee/list",
  "Driver/list",
  "Route/list",
  "RouteNotScheduled/list",
  "User/list",
  "Route/report",
  "Cut/General",
];

describe("control characters", () => {
  it.each(SEARCHED_LISTS)("%s: a NUL or a control character in the search answers 400", async (path) => {
    for (const criterion of ["a\u0000b", "\u0000", "x\u0007", "línea\nnueva", "\u001b[31m"]) {
      const response = await get(path, { criterion });
      expect(response.statusCode, `${path} ${JSON.stringify(criterion)}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message: CONTROL_CHARACTER_MESSAGE });
    }
    expect((await get(path, { criterion: "Piantini ñ" })).statusCode).toBe(200);
  });

  it("a NUL in any body text answers 400 with the field", async () => {
    const response = await app.inject({
      method: "POST",
      url: API.branchOffice.create.path,
      headers: admin.headers,
      payload: { name: "Sucursal\u0000", address: "Calle 1", telephone: "(809) 555-1234" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      message: CONTROL_CHARACTER_MESSAGE,
      errors: { name: CONTROL_CHARACTER_MESSAGE },
    });
  });

  it("also in strings no schema describes as text: passwords, tokens, nested values, keys", async () => {
    const cases = [
      { url: API.auth.signIn.path, payload: { email: "a@b.do", password: `${TEST_PASSWORD}\u0000` } },
      { url: API.auth.forgetPassword.path, payload: { email: "a\u0000@b.do" } },
      { url: API.auth.refreshToken.path, payload: { refreshToken: "x\u0000" } },
      { url: API.branchOffice.create.path, payload: { name: "S", address: "C", extra: [{ "k\u0000": 1 }] } },
    ];
    for (const { url, payload } of cases) {
      const response = await app.inject({ method: "POST", url, headers: admin.headers, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().message).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it("multi-line text keeps its line breaks and tabs; single-line text refuses them", async () => {
    const multi = await app.inject({
      method: "POST",
      url: API.destination.create.path,
      headers: admin.headers,
      payload: {
        name: `Destino multilínea ${Date.now()}`,
        description: "Primera línea\n\tSegunda línea\r\n",
      },
    });
    expect(multi.statusCode, multi.body).toBe(200);
    const single = await app.inject({
      method: "POST",
      url: API.destination.create.path,
      headers: admin.headers,
      payload: { name: "Destino\nen dos líneas" },
    });
    expect(single.statusCode).toBe(400);
    expect(single.json().errors).toEqual({ name: CONTROL_CHARACTER_MESSAGE });
  });
});

const DATED_LISTS = [
  "BranchOffice/list",
  "Employee/list",
  "Notification/list",
  "IntermediateRoute/history",
  "RouteNotScheduled/list",
  "Route/report",
];

describe("dates: the year is bounded", () => {
  it.each(DATED_LISTS)("%s answers 400 for years outside 1900–2100", async (path) => {
    for (const [sinceDate, untilDate, field] of [
      ["01/01/2026", "12/31/9999", "untilDate"],
      ["01/01/0001", "01/02/2026", "sinceDate"],
      ["01/01/0099", "01/02/2026", "sinceDate"],
      ["01/01/1899", "01/02/2026", "sinceDate"],
      ["01/01/2026", "01/01/2101", "untilDate"],
    ] as const) {
      const response = await get(path, { sinceDate, untilDate });
      expect(response.statusCode, `${path} ${sinceDate}–${untilDate}: ${response.body}`).toBe(400);
      expect(response.json().errors?.[field]).toBe(API_DATE_YEAR_MESSAGE);
    }
    expect((await get(path, { sinceDate: "01/01/1900", untilDate: "12/31/2100" })).statusCode).toBe(200);
  });
});
