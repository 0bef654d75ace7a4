import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchOffices, shiftDays, shifts } from "../../src/db/schema.js";
import { addRiders, createShift } from "../helpers/plan-factories.js";
import { createEmployee, createRoute } from "../helpers/route-factories.js";
import {
  buildTestApp,
  createBranchOffice,
  type SignedIn,
  signedInAs,
  testDatabase,
  unique,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
let superAdmin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  superAdmin = await signedInAs(app, "SuperAdmin");
});
afterAll(() => app.close());

const call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
  headers: object = admin.headers,
) => app.inject({ method, url, headers: headers as Record<string, string>, ...(payload && { payload }) });

async function validShift(overrides: object = {}) {
  const office = await createBranchOffice();
  return {
    branchOfficeId: office.id,
    name: unique("Mañana "),
    direction: "inbound",
    time: "08:00",
    dayIds: [5, 1, 2, 3, 4, 1],
    ...overrides,
  };
}

const listOf = async (query: string) => (await call("GET", `${API.shift.list.path}?${query}`)).json();

async function shiftRow(id: number) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(shifts).where(eq(shifts.id, id));
  const days = await db.select({ dayId: shiftDays.dayId }).from(shiftDays).where(eq(shiftDays.shiftId, id));
  return { row, dayIds: days.map((d) => d.dayId).sort() };
}

describe("POST /api/v1/Shift", () => {
  it("creates a shift with its days and lists it under its branch office", async () => {
    const body = await validShift();
    const created = await call("POST", API.shift.create.path, body);
    expect(created.statusCode, created.body).toBe(201);
    const { id, message } = created.json();
    expect(message).toBe("Turno creado");
    expect((await shiftRow(id)).dayIds).toEqual([1, 2, 3, 4, 5]);

    const listed = await listOf(`branchOfficeId=${body.branchOfficeId}`);
    expect(listed.amount).toBe(1);
    expect(listed.list[0]).toMatchObject({
      id,
      branchOfficeId: body.branchOfficeId,
      name: body.name,
      direction: "inbound",
      time: "08:00",
      days: [
        { id: 1, name: "Lunes" },
        { id: 2, name: "Martes" },
        { id: 3, name: "Miércoles" },
        { id: 4, name: "Jueves" },
        { id: 5, name: "Viernes" },
      ],
      status: "active",
      amountRoutes: 0,
    });
    expect(typeof listed.list[0].branchOfficeName).toBe("string");
  });

  it("a SuperAdmin creates one too; an outbound (Salida) shift keeps its direction", async () => {
    const body = await validShift({ direction: "outbound", time: "17:00" });
    const created = await call("POST", API.shift.create.path, body, superAdmin.headers);
    expect(created.statusCode, created.body).toBe(201);
    expect((await shiftRow(created.json().id)).row).toMatchObject({
      direction: "outbound",
      time: "17:00:00",
    });
  });

  it("answers 409 on a name already used in the same branch office, case-insensitively; another office may reuse it", async () => {
    const body = await validShift();
    expect((await call("POST", API.shift.create.path, body)).statusCode).toBe(201);
    const duplicate = await call("POST", API.shift.create.path, { ...body, name: body.name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      message: "Ya existe un turno con este nombre en la sucursal",
      errors: { name: "Ya existe un turno con este nombre en la sucursal" },
    });
    const elsewhere = await call("POST", API.shift.create.path, await validShift({ name: body.name }));
    expect(elsewhere.statusCode).toBe(201);
  });

  it("rejects bad input with Spanish messages and writes nothing", async () => {
    const missing = await call("POST", API.shift.create.path, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      branchOfficeId: "Este campo es requerido",
      name: "Este campo es requerido",
      direction: "Este campo es requerido",
      time: "Este campo es requerido",
      dayIds: "Seleccione al menos un día",
    });
    const cases: [object, string, string][] = [
      [{ direction: "entrada" }, "direction", "Dirección inválida (entrada o salida)"],
      [{ time: "24:00" }, "time", "Hora inválida (formato HH:mm)"],
      [{ time: "8:00" }, "time", "Hora inválida (formato HH:mm)"],
      [{ dayIds: [] }, "dayIds", "Seleccione al menos un día"],
      [{ dayIds: [0] }, "dayIds.0", "Día inválido"],
      [{ name: "x".repeat(61) }, "name", "Máximo 60 caracteres"],
      [{ branchOfficeId: "1" }, "branchOfficeId", "Identificador inválido"],
    ];
    for (const [override, field, message] of cases) {
      const body = await validShift(override);
      const response = await call("POST", API.shift.create.path, body);
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(override)).toBe(message);
    }
  });

  it("answers 404 for a branch office that does not exist and 409 for an inactive one", async () => {
    const ghost = await call(
      "POST",
      API.shift.create.path,
      await validShift({ branchOfficeId: 999_999_999 }),
    );
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe("Sucursal no encontrada");
    const inactive = await createBranchOffice({ status: "inactive" });
    const refused = await call(
      "POST",
      API.shift.create.path,
      await validShift({ branchOfficeId: inactive.id }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("No se puede asignar un registro inactivo");
    expect((await listOf(`branchOfficeId=${inactive.id}`)).amount).toBe(0);
  });
});

describe("PUT /api/v1/Shift and /status", () => {
  it("edits the name, time and days in one go", async () => {
    const shift = await createShift({ dayIds: [1, 2] });
    const updated = await call("PUT", API.shift.update.path, {
      id: shift.id,
      branchOfficeId: shift.branchOfficeId,
      name: "Tarde",
      direction: "outbound",
      time: "17:30",
      dayIds: [6],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ id: shift.id, message: "Turno actualizado" });
    const { row, dayIds } = await shiftRow(shift.id);
    expect(row).toMatchObject({ name: "Tarde", direction: "outbound", time: "17:30:00" });
    expect(dayIds).toEqual([6]);
  });

  it("refuses moving a shift to an inactive branch office (409) but keeps editing one whose office is now inactive", async () => {
    const shift = await createShift();
    const inactive = await createBranchOffice({ status: "inactive" });
    const edit = { id: shift.id, name: shift.name, direction: "inbound", time: "08:00", dayIds: [1] };
    const moved = await call("PUT", API.shift.update.path, { ...edit, branchOfficeId: inactive.id });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors).toEqual({ branchOfficeId: "No se puede asignar un registro inactivo" });
    const office = await createBranchOffice();
    const own = await createShift({ branchOfficeId: office.id });
    const { db } = await testDatabase();
    await db.update(branchOffices).set({ status: "inactive" }).where(eq(branchOffices.id, office.id));
    const kept = await call("PUT", API.shift.update.path, {
      ...edit,
      id: own.id,
      name: own.name,
      branchOfficeId: office.id,
      time: "09:00",
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it("answers 404 for a shift that does not exist", async () => {
    const office = await createBranchOffice();
    const response = await call("PUT", API.shift.update.path, {
      id: 999_999_999,
      branchOfficeId: office.id,
      name: "Noche",
      direction: "inbound",
      time: "22:00",
      dayIds: [1],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Turno no encontrado");
  });

  it("refuses a new direction or time its routes' stops no longer fit, naming the routes, and changes nothing", async () => {
    const shift = await createShift({ time: "08:00", dayIds: [1] });
    const route = await createRoute({ shiftId: shift.id, name: unique("Ruta con paradas ") });
    const rider = await createEmployee();
    await addRiders(route.id, [rider.id]);
    const saved = await call("PUT", API.route.saveStops.path, {
      routeId: route.id,
      stops: [
        {
          position: 1,
          name: "Parque",
          latitude: 18.47,
          longitude: -69.93,
          plannedTime: "07:20",
          employeeIds: [rider.id],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const edit = { id: shift.id, branchOfficeId: shift.branchOfficeId, name: shift.name, dayIds: [1] };
    const outbound = await call("PUT", API.shift.update.path, {
      ...edit,
      direction: "outbound",
      time: "08:00",
    });
    expect(outbound.statusCode).toBe(409);
    expect(outbound.json().message).toContain(route.name);
    const earlier = await call("PUT", API.shift.update.path, {
      ...edit,
      direction: "inbound",
      time: "07:00",
    });
    expect(earlier.statusCode).toBe(409);
    expect((await shiftRow(shift.id)).row).toMatchObject({ direction: "inbound", time: "08:00:00" });

    // A later arrival still fits the 07:20 pickup.
    const later = await call("PUT", API.shift.update.path, { ...edit, direction: "inbound", time: "08:30" });
    expect(later.statusCode, later.body).toBe(200);
    expect((await listOf(`branchOfficeId=${shift.branchOfficeId}`)).list[0]).toMatchObject({
      time: "08:30",
      amountRoutes: 1,
    });
  });

  it("activates and inactivates a shift; 404 for an unknown one", async () => {
    const shift = await createShift();
    const off = await call("PUT", API.shift.status.path, { id: shift.id, status: "inactive" });
    expect(off.statusCode).toBe(200);
    expect((await shiftRow(shift.id)).row?.status).toBe("inactive");
    const unknown = await call("PUT", API.shift.status.path, { id: 999_999_999, status: "active" });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("«Automático» (dayPlanAuto, issue 36)", () => {
  it("is off by default, stored on create and edit, kept when absent, and listed", async () => {
    const body = await validShift();
    const created = await call("POST", API.shift.create.path, body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const listed = async () =>
      (await listOf(`branchOfficeId=${body.branchOfficeId}`)).list.find(
        (item: { id: number }) => item.id === id,
      );
    expect(await listed()).toMatchObject({ dayPlanAuto: false });
    const on = await call("PUT", API.shift.update.path, { ...body, id, dayPlanAuto: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await shiftRow(id)).row).toMatchObject({ dayPlanAuto: true });
    expect(await listed()).toMatchObject({ dayPlanAuto: true });
    // Absent: what is stored stays.
    expect((await call("PUT", API.shift.update.path, { ...body, id, time: "08:30" })).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ dayPlanAuto: true, time: "08:30" });
    const bad = await call("PUT", API.shift.update.path, { ...body, id, dayPlanAuto: "sí" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Valor inválido");
    const other = await call("POST", API.shift.create.path, await validShift({ dayPlanAuto: true }));
    expect((await shiftRow(other.json().id)).row).toMatchObject({ dayPlanAuto: true });
  });
});

describe("GET /api/v1/Shift/list", () => {
  it("filters by branch office and name, pages, and orders by time", async () => {
    const office = await createBranchOffice();
    const late = await createShift({ branchOfficeId: office.id, name: "Tarde", time: "14:00" });
    const early = await createShift({ branchOfficeId: office.id, name: "Mañana", time: "06:00" });
    await createShift({ branchOfficeId: office.id, name: "Noche", time: "22:00", direction: "outbound" });

    const all = await listOf(`branchOfficeId=${office.id}`);
    expect(all.amount).toBe(3);
    expect(all.list.map((s: { name: string }) => s.name)).toEqual(["Mañana", "Tarde", "Noche"]);
    const page = await listOf(`branchOfficeId=${office.id}&amount=2&skip=2`);
    expect(page.list.map((s: { id: number }) => s.id)).toHaveLength(1);
    const found = await listOf(`branchOfficeId=${office.id}&criterion=MANANA`);
    expect(found.list.map((s: { id: number }) => s.id)).toEqual([early.id]);
    expect((await listOf(`branchOfficeId=${office.id}&criterion=tar`)).list[0].id).toBe(late.id);
    const bad = await call("GET", `${API.shift.list.path}?branchOfficeId=x`);
    expect(bad.statusCode).toBe(400);
  });
});

describe("who may manage shifts", () => {
  it("refuses Drivers and Collaborators (403) and anonymous callers (401)", async () => {
    const driver = await signedInAs(app, "Driver");
    const collaborator = await signedInAs(app, "Collaborator");
    const body = await validShift();
    for (const session of [driver, collaborator]) {
      expect((await call("POST", API.shift.create.path, body, session.headers)).statusCode).toBe(403);
      expect((await call("GET", API.shift.list.path, undefined, session.headers)).statusCode).toBe(403);
      expect(
        (await call("PUT", API.shift.status.path, { id: 1, status: "active" }, session.headers)).statusCode,
      ).toBe(403);
    }
    expect((await call("GET", API.shift.list.path, undefined, { gmt: "0" })).statusCode).toBe(401);
    expect((await listOf(`branchOfficeId=${body.branchOfficeId}`)).amount).toBe(0);
  });
});
