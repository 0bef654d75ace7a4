import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees } from "../../src/db/schema.js";
import { signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { buildTestApp, testDatabase } from "../helpers/test-app.js";

/** Treiber App "Mi bus": the collaborator's own home on record, to measure the distance to its bus. */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe("GET /api/v1/Employee/myLocation", () => {
  it("gives my own home on record, nulls when none", async () => {
    const { db } = await testDatabase();
    const ana = await signedInCollaborator(app);
    const beto = await signedInCollaborator(app);
    await db
      .update(employees)
      .set({ address: "Calle 1, Gazcue", latitude: 18.47, longitude: -69.9 })
      .where(eq(employees.id, ana.employee.id));
    const mine = await app.inject({
      method: "GET",
      url: API.employee.myLocation.path,
      headers: ana.session.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ address: "Calle 1, Gazcue", latitude: 18.47, longitude: -69.9 });
    const none = await app.inject({
      method: "GET",
      url: API.employee.myLocation.path,
      headers: beto.session.headers,
    });
    expect(none.json()).toEqual({ address: null, latitude: null, longitude: null });
  });

  it("is for employees only", async () => {
    const driver = await signedInDriver(app);
    expect((await app.inject({ method: "GET", url: API.employee.myLocation.path })).statusCode).toBe(401);
    const refused = await app.inject({
      method: "GET",
      url: API.employee.myLocation.path,
      headers: driver.session.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("is documented", async () => {
    const { paths } = (await app.inject({ method: "GET", url: "/docs/json" })).json();
    expect(paths[API.employee.myLocation.path].get.summary).toContain("Treiber App");
  });
});
