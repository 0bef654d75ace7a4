import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suppliers, users } from "../../src/db/schema.js";
import { createDriver, createEmployee, createRoute } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const call = (method: "GET" | "PUT" | "DELETE", url: string, headers = admin.headers) =>
  app.inject({ method, url, headers });
const assignments = (routeId: number | string, headers = admin.headers) =>
  call("GET", `${API.route.assignments.path}?routeId=${routeId}`, headers);

async function setUserStatus(userId: number, status: "active" | "inactive") {
  const { db } = await testDatabase();
  await db.update(users).set({ status }).where(eq(users.id, userId));
}

describe("GET Route/assignments", () => {
  it("lists the route's drivers and collaborators, sorted by name, with their status", async () => {
    const route = await createRoute();
    const other = await createRoute();
    const zoe = await createDriver({ name: "Zoe", lastname: "Marte" });
    const ana = await createDriver({ name: "Ana", lastname: "Cruz" });
    const notAssigned = await createDriver({ name: "Aaron", lastname: "Nadie" });
    const rosa = await createEmployee({ name: "Rosa", lastname: "Peña" });
    const berto = await createEmployee({ name: "Berto", lastname: "Lora" });
    for (const driver of [zoe, ana]) {
      expect(
        (await call("PUT", `${API.driver.addRoute.path}?driverId=${driver.id}&routeId=${route.id}`))
          .statusCode,
      ).toBe(200);
    }
    await call("PUT", `${API.driver.addRoute.path}?driverId=${notAssigned.id}&routeId=${other.id}`);
    for (const employee of [rosa, berto]) {
      expect(
        (await call("PUT", `${API.employee.addRoute.path}?employeeId=${employee.id}&routeId=${route.id}`))
          .statusCode,
      ).toBe(200);
    }
    // An assignment stays listed after the person is deactivated, flagged inactive.
    await setUserStatus(zoe.user.id, "inactive");

    const response = await assignments(route.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const { db } = await testDatabase();
    const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, ana.supplierId));
    expect(body.drivers).toEqual([
      {
        id: ana.id,
        name: "Ana",
        lastname: "Cruz",
        identityCard: ana.identityCard,
        supplierName: supplier?.name,
        status: "active",
        assignedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      },
      expect.objectContaining({ id: zoe.id, name: "Zoe", status: "inactive" }),
    ]);
    expect(body.employees).toEqual([
      {
        id: berto.id,
        name: "Berto",
        lastname: "Lora",
        codeEmployee: berto.codeEmployee,
        status: "active",
        assignedDate: expect.any(String),
      },
      expect.objectContaining({ id: rosa.id, name: "Rosa", lastname: "Peña", status: "active" }),
    ]);

    await call("DELETE", `${API.employee.removeRoute.path}?employeeId=${rosa.id}&routeId=${route.id}`);
    await call("DELETE", `${API.driver.removeRoute.path}?driverId=${ana.id}&routeId=${route.id}`);
    const after = (await assignments(route.id)).json();
    expect(after.employees.map((row: { id: number }) => row.id)).toEqual([berto.id]);
    expect(after.drivers.map((row: { id: number }) => row.id)).toEqual([zoe.id]);
  });

  it("answers empty lists for a route without assignments, also when inactive", async () => {
    const route = await createRoute({ status: "inactive" });
    const response = await assignments(route.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ drivers: [], employees: [] });
  });

  it("answers 404 for an unknown route and 400 for a missing or malformed id", async () => {
    const unknown = await assignments(999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Ruta no encontrada");
    for (const bad of ["abc", "0", "-3", "1.5"]) {
      const response = await assignments(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors).toHaveProperty("routeId");
    }
    const missing = await call("GET", API.route.assignments.path);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty("routeId");
  });

  it("401 without a token, 403 for Collaborator and Driver, 200 for SuperAdmin", async () => {
    const route = await createRoute();
    const url = `${API.route.assignments.path}?routeId=${route.id}`;
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await assignments(route.id, (await signedInAs(app, "Collaborator")).headers)).statusCode).toBe(
      403,
    );
    expect((await assignments(route.id, (await signedInAs(app, "Driver")).headers)).statusCode).toBe(403);
    expect((await assignments(route.id, (await signedInAs(app, "SuperAdmin")).headers)).statusCode).toBe(200);
  });

  it("is documented in the OpenAPI description", async () => {
    await app.ready();
    const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    expect(document.paths[API.route.assignments.path]).toHaveProperty("get");
  });
});
