import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signedInAs } from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe("GET /api/v1/Day", () => {
  it("lists the days of the week in order for every role", async () => {
    for (const role of ["SuperAdmin", "Admin", "Collaborator", "Driver"] as const) {
      const session = await signedInAs(app, role);
      const response = await app.inject({ method: "GET", url: API.day.list.path, headers: session.headers });
      expect(response.statusCode, role).toBe(200);
      expect(response.json()).toEqual([
        { id: 1, name: "Lunes" },
        { id: 2, name: "Martes" },
        { id: 3, name: "Miércoles" },
        { id: 4, name: "Jueves" },
        { id: 5, name: "Viernes" },
        { id: 6, name: "Sábado" },
        { id: 7, name: "Domingo" },
      ]);
    }
  });

  it("needs a session, whatever the path case", async () => {
    expect((await app.inject({ method: "GET", url: API.day.list.path })).statusCode).toBe(401);
    const session = await signedInAs(app, "Collaborator");
    expect(
      (await app.inject({ method: "GET", url: "/api/v1/day", headers: session.headers })).statusCode,
    ).toBe(200);
  });
});
