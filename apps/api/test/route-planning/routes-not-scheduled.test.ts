import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeNotScheduledEmployees, routesNotScheduled } from "../../src/db/schema.js";
import { createDestination, createDriver, createEmployee } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase, unique } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
  headers: Record<string, string> = admin.headers,
) => app.inject({ method, url, headers, ...(payload && { payload }) });

async function validBody(overrides: object = {}) {
  const driver = await createDriver({ name: "Pedro", lastname: "Santos" });
  const ana = await createEmployee({ name: "Ana", lastname: "Féliz" });
  const beto = await createEmployee({ name: "Beto", lastname: "Cruz" });
  const destination = await createDestination();
  return {
    body: {
      name: unique("Especial "),
      description: "Evento de fin de año",
      scheduledAt: "2026-03-10T22:30:00.000Z",
      driverId: driver.id,
      cost: 80.25,
      originAddress: "Av. Churchill",
      originLatitude: 18.47,
      originLongitude: -69.93,
      destinationId: destination.id,
      employeeIds: [beto.id, ana.id, ana.id],
      ...overrides,
    },
    driver,
    ana,
    beto,
    destination,
  };
}

async function ridersOf(id: number) {
  const { db } = await testDatabase();
  const rows = await db
    .select({ id: routeNotScheduledEmployees.employeeId })
    .from(routeNotScheduledEmployees)
    .where(eq(routeNotScheduledEmployees.routeNotScheduledId, id));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const list = async (query: string, headers?: Record<string, string>) =>
  (await call("GET", `${API.routeNotScheduled.list.path}?${query}`, undefined, headers)).json();

describe("POST /api/v1/RouteNotScheduled", () => {
  it("creates it with its riders and lists it with driver and riders", async () => {
    const { body, driver, ana, beto, destination } = await validBody();
    const created = await call("POST", API.routeNotScheduled.create.path, body);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(await ridersOf(id)).toEqual([ana.id, beto.id].sort((a, b) => a - b));

    const found = await list(`criterion=${encodeURIComponent(body.name)}`);
    expect(found.amount).toBe(1);
    expect(found.list[0]).toMatchObject({
      id,
      name: body.name,
      description: "Evento de fin de año",
      scheduledAt: "2026-03-10T22:30:00.000Z",
      driverId: driver.id,
      driverName: "Pedro Santos",
      cost: 80.25,
      originAddress: "Av. Churchill",
      originLatitude: 18.47,
      originLongitude: -69.93,
      destinationId: destination.id,
      destinationName: destination.name,
      status: "active",
      riders: [
        { id: ana.id, name: "Ana", lastname: "Féliz" },
        { id: beto.id, name: "Beto", lastname: "Cruz" },
      ],
    });
  });

  it("accepts it without the optional fields", async () => {
    const { body } = await validBody();
    const { description, originAddress, originLatitude, originLongitude, destinationId, ...minimal } = body;
    const created = await call("POST", API.routeNotScheduled.create.path, minimal);
    expect(created.statusCode).toBe(201);
    const found = await list(`criterion=${encodeURIComponent(body.name)}`);
    expect(found.list[0]).toMatchObject({ description: null, destinationId: null, destinationName: null });
  });

  it("rejects bad input with Spanish messages", async () => {
    const missing = await call("POST", API.routeNotScheduled.create.path, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      name: "Este campo es requerido",
      scheduledAt: "Este campo es requerido",
      driverId: "Este campo es requerido",
      cost: "Este campo es requerido",
      employeeIds: "Seleccione al menos un colaborador",
    });
    const { body } = await validBody();
    const cases: [object, string, string][] = [
      [{ employeeIds: [] }, "employeeIds", "Seleccione al menos un colaborador"],
      [{ scheduledAt: "10/03/2026" }, "scheduledAt", "Fecha y hora inválidas (ISO 8601)"],
      [{ cost: -5 }, "cost", "El costo no puede ser negativo"],
      [{ driverId: "uno" }, "driverId", "Identificador inválido"],
      [{ originLatitude: 123 }, "originLatitude", "La latitud debe estar entre -90 y 90"],
      [{ originLongitude: -181 }, "originLongitude", "La longitud debe estar entre -180 y 180"],
    ];
    for (const [override, field, message] of cases) {
      const response = await call("POST", API.routeNotScheduled.create.path, { ...body, ...override });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(override)).toBe(message);
    }
  });

  it("answers 404 for unknown driver, destination or rider and 409 for inactive ones, writing nothing", async () => {
    const { body } = await validBody();
    const inactiveDriver = await createDriver({ status: "inactive" });
    const inactiveEmployee = await createEmployee({ status: "inactive" });
    const cases: [object, number, string][] = [
      [{ driverId: 999_999_999 }, 404, "Chofer no encontrado"],
      [{ destinationId: 999_999_999 }, 404, "Destino no encontrado"],
      [{ employeeIds: [...body.employeeIds, 999_999_999] }, 404, "Colaborador no encontrado"],
      [{ driverId: inactiveDriver.id }, 409, "No se puede asignar un registro inactivo"],
      [{ employeeIds: [inactiveEmployee.id] }, 409, "No se puede asignar un registro inactivo"],
    ];
    for (const [override, status, message] of cases) {
      const response = await call("POST", API.routeNotScheduled.create.path, { ...body, ...override });
      expect(response.statusCode, JSON.stringify(override)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect((await list(`criterion=${encodeURIComponent(body.name)}`)).amount).toBe(0);
  });
});

describe("PUT /api/v1/RouteNotScheduled", () => {
  it("edits the fields and replaces the riders", async () => {
    const { body, beto } = await validBody();
    const { id } = (await call("POST", API.routeNotScheduled.create.path, body)).json();
    const carla = await createEmployee({ name: "Carla", lastname: "Díaz" });
    const response = await call("PUT", API.routeNotScheduled.update.path, {
      ...body,
      id,
      cost: 10,
      employeeIds: [carla.id, beto.id],
    });
    expect(response.statusCode).toBe(200);
    expect(await ridersOf(id)).toEqual([beto.id, carla.id].sort((a, b) => a - b));
    const found = await list(`criterion=${encodeURIComponent(body.name)}`);
    expect(found.list[0].cost).toBe(10);
  });

  it("leaves riders and fields intact when the update fails, and 404s an unknown id", async () => {
    const { body, ana, beto } = await validBody();
    const { id } = (await call("POST", API.routeNotScheduled.create.path, body)).json();
    const inactive = await createEmployee({ status: "inactive" });
    const refused = await call("PUT", API.routeNotScheduled.update.path, {
      ...body,
      id,
      name: "Cambiado",
      employeeIds: [inactive.id],
    });
    expect(refused.statusCode).toBe(409);
    const unknownRider = await call("PUT", API.routeNotScheduled.update.path, {
      ...body,
      id,
      name: "Cambiado",
      employeeIds: [999_999_999],
    });
    expect(unknownRider.statusCode).toBe(404);
    expect(await ridersOf(id)).toEqual([ana.id, beto.id].sort((a, b) => a - b));
    const { db } = await testDatabase();
    const [row] = await db.select().from(routesNotScheduled).where(eq(routesNotScheduled.id, id));
    expect(row?.name).toBe(body.name);
    expect(
      (await call("PUT", API.routeNotScheduled.update.path, { ...body, id: 999_999_999 })).statusCode,
    ).toBe(404);
  });
});

describe("PUT /api/v1/RouteNotScheduled/status", () => {
  it("toggles the status", async () => {
    const { body } = await validBody();
    const { id } = (await call("POST", API.routeNotScheduled.create.path, body)).json();
    expect(
      (await call("PUT", API.routeNotScheduled.status.path, { id, status: "inactive" })).statusCode,
    ).toBe(200);
    expect((await list(`criterion=${encodeURIComponent(body.name)}`)).list[0].status).toBe("inactive");
    expect(
      (await call("PUT", API.routeNotScheduled.status.path, { id: 999_999_999, status: "inactive" }))
        .statusCode,
    ).toBe(404);
    expect((await call("PUT", API.routeNotScheduled.status.path, { id, status: "x" })).statusCode).toBe(400);
  });
});

describe("GET /api/v1/RouteNotScheduled/list", () => {
  it("pages 3 by default, newest scheduled first, and filters by local day", async () => {
    const prefix = unique("Lote ");
    const { body } = await validBody();
    const times = [
      "2026-05-01T12:00:00.000Z",
      "2026-05-02T03:30:00.000Z", // 23:30 on May 1 at UTC-4
      "2026-05-02T12:00:00.000Z",
      "2026-05-03T12:00:00.000Z",
    ];
    const ids: number[] = [];
    for (const [index, scheduledAt] of times.entries()) {
      const created = await call("POST", API.routeNotScheduled.create.path, {
        ...body,
        name: `${prefix} ${index}`,
        scheduledAt,
      });
      ids.push(created.json().id);
    }
    const q = `criterion=${encodeURIComponent(prefix)}`;
    const first = await list(q);
    expect(first.amount).toBe(4);
    expect(first.list.map((r: { id: number }) => r.id)).toEqual([ids[3], ids[2], ids[1]]);
    const second = await list(`${q}&skip=2`);
    expect(second.list.map((r: { id: number }) => r.id)).toEqual([ids[0]]);

    const gmt = { ...admin.headers, gmt: "4" };
    const mayFirst = await list(`${q}&sinceDate=05/01/2026&untilDate=05/01/2026`, gmt);
    expect(mayFirst.list.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0]]);
    const utcMayFirst = await list(`${q}&sinceDate=05/01/2026&untilDate=05/01/2026`);
    expect(utcMayFirst.list.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    const range = await list(`${q}&sinceDate=05/02/2026&untilDate=05/03/2026&amount=10`);
    expect(range.amount).toBe(3);

    const bad = await call(
      "GET",
      `${API.routeNotScheduled.list.path}?sinceDate=2026-05-01&untilDate=05/01/2026`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sinceDate).toBe("Fecha inválida (formato MM/DD/YYYY)");
    const reversed = await call(
      "GET",
      `${API.routeNotScheduled.list.path}?sinceDate=05/03/2026&untilDate=05/01/2026`,
    );
    expect(reversed.statusCode).toBe(400);
  });
});

describe("GET /api/v1/Employee/list/forRouteNotSchedule", () => {
  it("returns active employees matching the criterion", async () => {
    const lastname = unique("Apellido");
    const active = await createEmployee({ name: "Zoila", lastname });
    await createEmployee({ name: "Zoila", lastname, status: "inactive" });
    const response = await call(
      "GET",
      `${API.employee.forRouteNotSchedule.path}?criterion=${encodeURIComponent(lastname.toUpperCase())}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: active.id, name: "Zoila", lastname, codeEmployee: active.codeEmployee },
    ]);
    const byCode = await call(
      "GET",
      `${API.employee.forRouteNotSchedule.path}?criterion=${encodeURIComponent(active.codeEmployee)}`,
    );
    expect(byCode.json().map((e: { id: number }) => e.id)).toEqual([active.id]);
    const all = await call("GET", API.employee.forRouteNotSchedule.path);
    expect(all.json().length).toBeLessThanOrEqual(50);
  });
});

describe("unscheduled route access", () => {
  it("401 without a token, 403 for Collaborator and Driver, 200 for SuperAdmin", async () => {
    const urls: ["GET" | "POST" | "PUT", string][] = [
      ["GET", API.routeNotScheduled.list.path],
      ["GET", API.employee.forRouteNotSchedule.path],
      ["POST", API.routeNotScheduled.create.path],
      ["PUT", API.routeNotScheduled.update.path],
      ["PUT", API.routeNotScheduled.status.path],
    ];
    const collaborator = await signedInAs(app, "Collaborator");
    const driver = await signedInAs(app, "Driver");
    for (const [method, url] of urls) {
      expect((await app.inject({ method, url, payload: {} })).statusCode).toBe(401);
      expect((await call(method, url, {}, collaborator.headers)).statusCode).toBe(403);
      expect((await call(method, url, {}, driver.headers)).statusCode).toBe(403);
    }
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect(
      (await call("GET", API.routeNotScheduled.list.path, undefined, superAdmin.headers)).statusCode,
    ).toBe(200);
    const { body } = await validBody();
    expect((await call("POST", API.routeNotScheduled.create.path, body, superAdmin.headers)).statusCode).toBe(
      201,
    );
  });
});
