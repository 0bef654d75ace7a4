import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeDays, routes } from "../../src/db/schema.js";
import { createDestination, createDriver, createEmployee, createRoute } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase, unique } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  headers = admin.headers,
) => app.inject({ method, url, headers, ...(payload && { payload }) });

async function daysOf(routeId: number) {
  const { db } = await testDatabase();
  const rows = await db
    .select({ dayId: routeDays.dayId })
    .from(routeDays)
    .where(eq(routeDays.routeId, routeId));
  return rows.map((row) => row.dayId).sort();
}

async function validRoute(overrides: object = {}) {
  const destination = await createDestination();
  return {
    name: unique("Ruta Naco "),
    description: "Salida desde el parque",
    destinationId: destination.id,
    dayIds: [5, 1, 1],
    departureTime: "06:45",
    cost: 25.5,
    ...overrides,
  };
}

const search = async (criterion: string, query = "") =>
  (await call("GET", `${API.route.list.path}?criterion=${encodeURIComponent(criterion)}${query}`)).json();

describe("POST /api/v1/Route", () => {
  it("creates a route with its days, and lists it with destination, days and counts", async () => {
    const body = await validRoute();
    const created = await call("POST", API.route.create.path, body);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(await daysOf(id)).toEqual([1, 5]);

    const found = await search(body.name);
    expect(found.amount).toBe(1);
    expect(found.list[0]).toMatchObject({
      id,
      name: body.name,
      description: "Salida desde el parque",
      destinationId: body.destinationId,
      days: [
        { id: 1, name: "Lunes" },
        { id: 5, name: "Viernes" },
      ],
      departureTime: "06:45",
      cost: 25.5,
      status: "active",
      amountDrivers: 0,
      amountEmployees: 0,
    });
    expect(typeof found.list[0].destinationName).toBe("string");
    expect(Number.isNaN(Date.parse(found.list[0].createdDate))).toBe(false);
  });

  it("answers 409 on a duplicate name, case-insensitively", async () => {
    const body = await validRoute();
    expect((await call("POST", API.route.create.path, body)).statusCode).toBe(201);
    const duplicate = await call("POST", API.route.create.path, { ...body, name: body.name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      message: "Ya existe una ruta con este nombre",
      errors: { name: "Ya existe una ruta con este nombre" },
    });
  });

  it("rejects bad input with Spanish messages", async () => {
    const missing = await call("POST", API.route.create.path, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      name: "Este campo es requerido",
      destinationId: "Este campo es requerido",
      departureTime: "Este campo es requerido",
      cost: "Este campo es requerido",
      dayIds: "Seleccione al menos un día",
    });

    const cases: [object, string, string][] = [
      [{ dayIds: [] }, "dayIds", "Seleccione al menos un día"],
      [{ dayIds: [8] }, "dayIds.0", "Día inválido"],
      [{ departureTime: "25:00" }, "departureTime", "Hora inválida (formato HH:mm)"],
      [{ departureTime: "7:5" }, "departureTime", "Hora inválida (formato HH:mm)"],
      [{ cost: -1 }, "cost", "El costo no puede ser negativo"],
      [{ cost: 1.234 }, "cost", "El costo admite como máximo 2 decimales"],
      [{ cost: "10" }, "cost", "Costo inválido"],
      [{ destinationId: "x" }, "destinationId", "Identificador inválido"],
      [{ name: "   " }, "name", "Este campo es requerido"],
      [{ name: "x".repeat(121) }, "name", "Máximo 120 caracteres"],
    ];
    for (const [override, field, message] of cases) {
      const response = await call("POST", API.route.create.path, await validRoute(override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(override)).toBe(message);
    }
  });

  it("refuses a negative cost with 400 and writes nothing (issue 13 item 8)", async () => {
    const body = await validRoute({ cost: -10 });
    const response = await call("POST", API.route.create.path, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ cost: "El costo no puede ser negativo" });
    expect((await search(body.name)).amount).toBe(0);
  });

  it("answers 404 for an unknown destination and writes nothing", async () => {
    const body = await validRoute({ destinationId: 999_999_999 });
    const response = await call("POST", API.route.create.path, body);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Destino no encontrado");
    expect((await search(body.name)).amount).toBe(0);
  });
});

describe("PUT /api/v1/Route", () => {
  it("edits the fields and replaces the days", async () => {
    const route = await createRoute({ dayIds: [1, 2, 3] });
    const body = await validRoute({ id: route.id, dayIds: [6, 7], cost: 0, departureTime: "18:00" });
    const response = await call("PUT", API.route.update.path, body);
    expect(response.statusCode).toBe(200);
    expect(await daysOf(route.id)).toEqual([6, 7]);
    const found = await search(body.name);
    expect(found.list[0]).toMatchObject({ id: route.id, cost: 0, departureTime: "18:00" });
  });

  it("leaves the old days and fields intact when the update fails", async () => {
    const other = await createRoute();
    const route = await createRoute({ dayIds: [2, 4] });
    const duplicate = await call(
      "PUT",
      API.route.update.path,
      await validRoute({ id: route.id, name: other.name, dayIds: [7] }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ name: "Ya existe una ruta con este nombre" });
    expect(await daysOf(route.id)).toEqual([2, 4]);

    const badDay = await call(
      "PUT",
      API.route.update.path,
      await validRoute({ id: route.id, dayIds: [1, 9] }),
    );
    expect(badDay.statusCode).toBe(400);
    const badDestination = await call(
      "PUT",
      API.route.update.path,
      await validRoute({ id: route.id, destinationId: 999_999_999, dayIds: [1] }),
    );
    expect(badDestination.statusCode).toBe(404);
    expect(await daysOf(route.id)).toEqual([2, 4]);
    const { db } = await testDatabase();
    const [row] = await db.select().from(routes).where(eq(routes.id, route.id));
    expect(row?.name).toBe(route.name);
  });

  it("keeps its own name when renamed only in case, and 404s an unknown id", async () => {
    const route = await createRoute();
    const renamed = await call(
      "PUT",
      API.route.update.path,
      await validRoute({ id: route.id, name: route.name.toUpperCase() }),
    );
    expect(renamed.statusCode).toBe(200);
    const unknown = await call("PUT", API.route.update.path, await validRoute({ id: 999_999_999 }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Ruta no encontrada");
    const noId = await call("PUT", API.route.update.path, await validRoute());
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors.id).toBe("Este campo es requerido");
  });
});

describe("PUT /api/v1/Route/status", () => {
  it("toggles the status and validates it", async () => {
    const route = await createRoute();
    const off = await call("PUT", API.route.status.path, { id: route.id, status: "inactive" });
    expect(off.statusCode).toBe(200);
    expect((await search(route.name)).list[0].status).toBe("inactive");
    expect((await call("PUT", API.route.status.path, { id: route.id, status: "active" })).statusCode).toBe(
      200,
    );
    expect((await search(route.name)).list[0].status).toBe("active");
    const bad = await call("PUT", API.route.status.path, { id: route.id, status: "borrado" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe("Estado inválido");
    expect((await call("PUT", API.route.status.path, { id: 999_999_999, status: "active" })).statusCode).toBe(
      404,
    );
  });
});

describe("GET /api/v1/Route/list", () => {
  it("pages with amount and 1-based skip, newest first, default 10", async () => {
    const prefix = unique("Pagina ");
    const created = [];
    for (let i = 0; i < 12; i++)
      created.push(await createRoute({ name: `${prefix} ${String(i).padStart(2, "0")}` }));
    const first = await search(prefix, "&amount=5&skip=1");
    expect(first.amount).toBe(12);
    expect(first.list.map((r: { id: number }) => r.id)).toEqual(
      created
        .slice(-5)
        .reverse()
        .map((r) => r.id),
    );
    const third = await search(prefix, "&amount=5&skip=3");
    expect(third.list.map((r: { id: number }) => r.id)).toEqual(
      created
        .slice(0, 2)
        .reverse()
        .map((r) => r.id),
    );
    expect((await search(prefix)).list).toHaveLength(10);
    const bad = await call("GET", `${API.route.list.path}?skip=0&amount=abc`);
    expect(bad.statusCode).toBe(400);
  });

  it("searches the name case-insensitively with LIKE wildcards escaped, and counts assignments", async () => {
    const token = unique("Busca");
    const route = await createRoute({ name: `Ruta ${token} Naco` });
    await createRoute({ name: unique("Ruta 100% ") });
    expect((await search(token.toLowerCase())).list.map((r: { id: number }) => r.id)).toEqual([route.id]);
    expect((await search(`${token}_`)).amount).toBe(0);
    const driver = await createDriver();
    const employee = await createEmployee();
    await call("PUT", `${API.driver.addRoute.path}?driverId=${driver.id}&routeId=${route.id}`);
    await call("PUT", `${API.employee.addRoute.path}?employeeId=${employee.id}&routeId=${route.id}`);
    expect((await search(token)).list[0]).toMatchObject({ amountDrivers: 1, amountEmployees: 1 });
  });
});

describe("GET /api/v1/Route/listName", () => {
  it("starts with 'Todas las rutas' and holds only active routes", async () => {
    const active = await createRoute({ description: null });
    const inactive = await createRoute({ status: "inactive" });
    const response = await call("GET", API.route.listName.path);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list[0]).toEqual({ id: 0, name: "Todas las rutas", description: "" });
    expect(list).toContainEqual({ id: active.id, name: active.name, description: "" });
    expect(list.some((r: { id: number }) => r.id === inactive.id)).toBe(false);
  });
});

describe("route access", () => {
  it("401 without a token, 403 for Collaborator and Driver, 200 for Admin and SuperAdmin", async () => {
    const urls: ["GET" | "POST" | "PUT", string][] = [
      ["GET", API.route.list.path],
      ["GET", API.route.listName.path],
      ["POST", API.route.create.path],
      ["PUT", API.route.update.path],
      ["PUT", API.route.status.path],
    ];
    const collaborator = await signedInAs(app, "Collaborator");
    const driver = await signedInAs(app, "Driver");
    for (const [method, url] of urls) {
      expect((await app.inject({ method, url, payload: {} })).statusCode).toBe(401);
      expect((await call(method, url, {}, collaborator.headers)).statusCode).toBe(403);
      expect((await call(method, url, {}, driver.headers)).statusCode).toBe(403);
    }
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await call("GET", API.route.list.path, undefined, superAdmin.headers)).statusCode).toBe(200);
    expect(
      (await call("POST", API.route.create.path, await validRoute(), superAdmin.headers)).statusCode,
    ).toBe(201);
    expect((await call("GET", API.route.listName.path)).statusCode).toBe(200);
  });
});
