import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "./helpers/test-app.js";

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
      url: "/api/v1/BranchOffice/list",
      headers: { gmt: "15" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
  });
});
