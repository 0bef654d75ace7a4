import type { AuditItem, AuditListResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { applyBody, DAY, dayPlanCity, proposeDay } from "../helpers/day-plan-factories.js";
import { uploadDocument } from "../helpers/document-upload-factories.js";
import { createSupplierDriver, createTrip, cutDate, HOUR } from "../helpers/reporting-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import {
  createUser,
  type SignedIn,
  signedInAs,
  signIn,
  TEST_PASSWORD,
  unique,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

// Its own database: a cut tiles time across the whole database, and the trail is counted.
useOwnTestDatabase();

const clock: TestClock = { now: Date.parse("2030-12-01T12:00:00Z") };
let app: FastifyInstance;
let superAdmin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  superAdmin = await signedInAs(app, "SuperAdmin");
});
afterAll(async () => {
  await app?.close();
});

/** The trail as the SuperAdmin reads it (GET Audit/list), newest first. */
async function trail(query: Record<string, string | number> = {}): Promise<AuditListResponse> {
  const response = await call(app, superAdmin, API.audit.list, { query: { amount: 100, ...query } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as AuditListResponse;
}

/** The newest row of `entity` (and id), or undefined. */
async function latest(entity: string, entityId?: string | number): Promise<AuditItem | undefined> {
  const { list } = await trail({ entity, ...(entityId !== undefined && { entityId: String(entityId) }) });
  return list[0];
}

const noSecrets = (item: AuditItem | undefined) => {
  const text = JSON.stringify(item);
  expect(text).not.toMatch(/password|hash|"secret"|"key"|Prueba123|whsec_|trb_/i);
};

describe("the audit trail records every change through the API", () => {
  it("master data: create, update (only the changed fields) and status, with who and from where", async () => {
    const body = { name: unique("Sucursal "), address: "Av. Churchill 25", telephone: "(809) 555-1234" };
    const created = await call(app, superAdmin, API.branchOffice.create, {
      body: { ...body, latitude: 18.47, longitude: -69.93 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body as { id: number }).id;
    const create = await latest("BranchOffice", id);
    expect(create).toMatchObject({
      entity: "BranchOffice",
      entityId: String(id),
      action: "create",
      userId: superAdmin.userId,
      apiKeyId: null,
      before: null,
      ip: "127.0.0.1",
    });
    expect(create?.userName).toBe("María Rodríguez");
    expect(create?.after).toMatchObject({ id, name: body.name, address: body.address, status: "active" });

    const updated = await call(app, superAdmin, API.branchOffice.update, {
      body: { ...body, id, address: "Av. Lincoln 10", latitude: 18.47, longitude: -69.93 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const update = await latest("BranchOffice", id);
    expect(update).toMatchObject({
      action: "update",
      before: { address: "Av. Churchill 25" },
      after: { address: "Av. Lincoln 10" },
    });
    expect(Object.keys(update?.after as object)).not.toContain("name");

    expect(
      (await call(app, superAdmin, API.branchOffice.status, { body: { id, status: "inactive" } })).status,
    ).toBe(200);
    expect(await latest("BranchOffice", id)).toMatchObject({
      action: "status",
      before: { status: "active" },
      after: { status: "inactive" },
    });
    // Newest first: status, update, create.
    expect(
      (await trail({ entity: "branchoffice", entityId: String(id) })).list.map((row) => row.action),
    ).toEqual(["status", "update", "create"]);
  });

  it("routes: a route's status", async () => {
    const route = await createRoute();
    expect(
      (await call(app, superAdmin, API.route.status, { body: { id: route.id, status: "inactive" } })).status,
    ).toBe(200);
    expect(await latest("Route", route.id)).toMatchObject({
      action: "status",
      before: { status: "active" },
      after: { status: "inactive" },
    });
  });

  it("roles: a user's role, without the password hash", async () => {
    const user = await createUser({ role: "Collaborator" });
    const changed = await call(app, superAdmin, API.auth.roleUser, {
      body: { userId: user.id, role: "Admin" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const row = await latest("User", user.id);
    expect(row).toMatchObject({ action: "role", before: { role: "Collaborator" }, after: { role: "Admin" } });
    noSecrets(row);
  });

  it("thresholds: a branch office's incident thresholds", async () => {
    const office = (
      await call(app, superAdmin, API.branchOffice.create, {
        body: { name: unique("Sucursal "), address: "Av. Sarasota 1", telephone: "(809) 555-1234" },
      })
    ).body as { id: number };
    const saved = await call(app, superAdmin, API.incident.saveThresholds, {
      body: {
        branchOfficeId: office.id,
        notStartedMinutes: 15,
        lateMinutes: 12,
        offRouteMeters: 400,
        offRouteSeconds: 90,
        offRoutePositions: 4,
        onRouteMeters: 250,
        onRoutePositions: 3,
        longDwellMinutes: 12,
        noGpsMinutes: 3,
        replayHorizonMinutes: 20,
        reopenAfterMinutes: 5,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = await latest("IncidentThresholds", office.id);
    expect(row?.action).toBe("update");
    expect(JSON.stringify(row?.after)).toContain("12");
  });

  it("plans and bookings: the plan of a day and an admin's booking", async () => {
    const admin = await signedInAs(app, "Admin");
    const city = await dayPlanCity({ routes: 2, stops: 2, ridersPerStop: 2, seats: 10 });
    const [a] = city.routes;
    if (!a) throw new Error("a route");
    const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY };
    const booking = await call(app, admin, API.booking.admin, {
      body: { employeeId: a.riders[0], routeId: a.id, date: DAY, status: "CANCELLED", reason: "Vacaciones" },
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(200);
    expect((await latest("Booking"))?.after).toMatchObject({ employeeId: a.riders[0], status: "CANCELLED" });
    expect((await latest("Booking"))?.userId).toBe(admin.userId);

    const proposal = await proposeDay(app, admin, ids);
    const applied = await call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await latest("Planning")).toMatchObject({ action: "day.apply", userId: admin.userId });
    expect((await call(app, admin, API.planning.dayDelete, { body: ids })).status).toBe(200);
    expect(await latest("Planning")).toMatchObject({ action: "day.delete", after: ids });
    // The proposal is a read: not in the trail.
    expect((await trail({ entity: "Planning" })).list.map((row) => row.action)).toEqual([
      "day.delete",
      "day.apply",
    ]);
  });

  it("cuts: a new cut with its row", async () => {
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "12.00" });
    const day = Date.parse("2025-11-20T00:00:00Z");
    await createTrip({
      routeId: route.id,
      driver,
      cost: "12.00",
      startedAt: new Date(day + 8 * HOUR),
      endedAt: new Date(day + 9 * HOUR),
    });
    const created = await call(app, superAdmin, API.cut.create, {
      body: { sinceDate: cutDate(day), untilDate: cutDate(day + 24 * HOUR) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: number }).id;
    expect(await latest("Cut", id)).toMatchObject({ action: "create", before: null, after: { id } });
  });

  it("documents: an upload (multipart) keeps the new row", async () => {
    const { driver } = await createSupplierDriver();
    const uploaded = await uploadDocument(app, superAdmin, {
      ownerType: "DRIVER",
      ownerId: driver.id,
      type: "LICENSE",
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().id as number;
    expect(await latest("Document", id)).toMatchObject({
      action: "create",
      after: { id, owner_id: driver.id },
    });
  });

  it("not recorded: refused calls, reads, sign-in and password flows", async () => {
    const before = (await trail()).amount;
    const user = await createUser({ role: "Admin" });
    const session = await signIn(app, user.email);
    const refused = await call(app, session, API.branchOffice.create, { body: { name: "" } });
    expect(refused.status).toBe(400);
    const forbidden = await call(app, session, API.auth.roleUser, {
      body: { userId: user.id, role: "SuperAdmin" },
    });
    expect(forbidden.status).toBe(403);
    const changed = await call(app, session, API.auth.changePassword, {
      body: { currentPassword: TEST_PASSWORD, newPassword: "Otra123!x9" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(500);
    await call(app, session, API.branchOffice.list);
    expect((await trail()).amount).toBe(before);
  });
});

describe("GET Audit/list", () => {
  it("only a SuperAdmin reads it", async () => {
    for (const role of ["Admin", "Collaborator", "Driver", "Supplier"] as const) {
      const session = await signedInAs(app, role);
      expect((await call(app, session, API.audit.list)).status, role).toBe(403);
    }
    expect((await app.inject({ method: "GET", url: API.audit.list.path })).statusCode).toBe(401);
  });

  it("filters by user, entity and dates on the branch offices' clock, and pages", async () => {
    const admin = await signedInAs(app, "Admin");
    for (const name of ["A", "B", "C"]) {
      const created = await call(app, admin, API.destination.create, {
        body: { name: unique(`Destino ${name} `), address: "Calle 1", latitude: 18.5, longitude: -69.9 },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const mine = await trail({ userId: admin.userId });
    expect(mine.amount).toBe(3);
    expect(mine.list.every((row) => row.entity === "Destination" && row.userId === admin.userId)).toBe(true);
    const page = await trail({ userId: admin.userId, amount: 2, skip: 2 });
    expect(page).toMatchObject({ amount: 3 });
    expect(page.list.map((row) => row.id)).toEqual([mine.list[2]?.id]);
    // Today on the branch offices' clock (UTC−4 here) holds them; a day long past none.
    const now = new Date(Date.now() - 4 * HOUR);
    const today = `${String(now.getUTCMonth() + 1).padStart(2, "0")}/${String(now.getUTCDate()).padStart(2, "0")}/${now.getUTCFullYear()}`;
    expect((await trail({ userId: admin.userId, sinceDate: today, untilDate: today })).amount).toBe(3);
    expect(
      (await trail({ userId: admin.userId, sinceDate: "01/01/2020", untilDate: "01/02/2020" })).amount,
    ).toBe(0);
    const half = await call(app, superAdmin, API.audit.list, { query: { sinceDate: "01/01/2020" } });
    expect(half.status).toBe(400);
  });
});
