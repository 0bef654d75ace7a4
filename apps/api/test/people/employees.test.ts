import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, refreshTokens, users } from "../../src/db/schema.js";
import { createEmployee } from "../helpers/people-factories.js";
import { buildTestApp, createUser, signedInAs, signIn, testDatabase, unique } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = admin.headers) => app.inject({ method: "GET", url, headers });
const put = (url: string, payload: object, headers: Headers = admin.headers) =>
  app.inject({ method: "PUT", url, payload, headers });

describe("GET /api/v1/Employee/list", () => {
  it("searches by name, lastname and code with paging", async () => {
    const tag = unique("Zq");
    for (let i = 0; i < 3; i++) await createEmployee({}, { name: `${tag} Ana`, codeEmployee: unique("C") });
    const other = await createEmployee({}, { lastname: `Lz${tag}`, codeEmployee: unique("C") });
    const page1 = await get(`${API.employee.list.path}?amount=2&skip=1&criterion=${tag.toUpperCase()}`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().amount).toBe(4);
    expect(page1.json().list).toHaveLength(2);
    const page2 = await get(`${API.employee.list.path}?amount=2&skip=2&criterion=${tag}`);
    expect(page2.json().list).toHaveLength(2);
    const ids = [...page1.json().list, ...page2.json().list].map((e: { id: number }) => e.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toContain(other.employee.id);
    const item = page1.json().list[0];
    expect(Object.keys(item).sort()).toEqual(
      [
        "id",
        "userId",
        "email",
        "name",
        "lastname",
        "codeEmployee",
        "department",
        "jobTitle",
        "telephone",
        "branchOfficeId",
        "branchOfficeName",
        "address",
        "latitude",
        "longitude",
        "role",
        "status",
        "createdDate",
      ].sort(),
    );
    expect(item.branchOfficeName).toMatch(/^Sucursal /);
    const byCode = await get(`${API.employee.list.path}?criterion=${other.employee.codeEmployee}`);
    expect(byCode.json().list.map((e: { id: number }) => e.id)).toEqual([other.employee.id]);
  });

  it("ignores accents and case: 'martinez pena' finds 'Martínez Peña', and the other way round", async () => {
    const tag = unique("Qx").toLowerCase();
    const accented = await createEmployee({}, { name: `Íñigo ${tag}`, lastname: "Martínez Peña" });
    const plain = await createEmployee({}, { name: `Inigo ${tag}`, lastname: "Martinez Pena" });
    const ids = async (criterion: string) =>
      (await get(`${API.employee.list.path}?amount=10&criterion=${encodeURIComponent(criterion)}`))
        .json()
        .list.map((e: { id: number }) => e.id)
        .sort();
    const both = [accented.employee.id, plain.employee.id].sort();
    expect(await ids(`inigo ${tag}`)).toEqual(both);
    expect(await ids(`ÍÑIGO ${tag.toUpperCase()}`)).toEqual(both);
    expect(await ids(`${tag} martinez pena`)).toEqual(both);
    expect(await ids(`${tag} Martínez Peña`)).toEqual(both);
    const search = await get(
      `${API.employee.searchCollaborators.path}?criterion=${encodeURIComponent(`iñigo ${tag}`)}`,
    );
    expect(
      search
        .json()
        .map((e: { id: number }) => e.id)
        .sort(),
    ).toEqual(both);
  });

  it("filters by creation dates (MM/DD/YYYY) and validates them", async () => {
    const tag = unique("Dt");
    const old = await createEmployee({}, { name: tag, createdAt: new Date("2020-03-10T12:00:00Z") });
    await createEmployee({}, { name: tag });
    const res = await get(
      `${API.employee.list.path}?criterion=${tag}&sinceDate=03/10/2020&untilDate=03/10/2020`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().list.map((e: { id: number }) => e.id)).toEqual([old.employee.id]);
    const bad = await get(`${API.employee.list.path}?sinceDate=2020-03-10&untilDate=03/10/2020`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Fecha inválida (formato MM/DD/YYYY)");
    expect((await get(`${API.employee.list.path}?amount=0`)).json().message).toBe("Cantidad inválida");
  });

  it("answers 401 without token and 403 to a Collaborator or Driver", async () => {
    expect((await app.inject({ method: "GET", url: API.employee.list.path })).statusCode).toBe(401);
    const collaborator = await signedInAs(app, "Collaborator");
    const driver = await signedInAs(app, "Driver");
    expect((await get(API.employee.list.path, collaborator.headers)).statusCode).toBe(403);
    expect((await get(API.employee.list.path, driver.headers)).statusCode).toBe(403);
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await get(API.employee.list.path, superAdmin.headers)).statusCode).toBe(200);
  });
});

describe("GET /api/v1/Employee and /api/v1/Collaborator", () => {
  it("search, Collaborator only returns role Collaborator", async () => {
    const tag = unique("Sr");
    const collab = await createEmployee({ role: "Collaborator" }, { name: tag });
    const boss = await createEmployee({ role: "Admin" }, { name: tag });
    const all = await get(`${API.employee.search.path}?criterion=${tag}`);
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .map((e: { id: number }) => e.id)
        .sort(),
    ).toEqual([collab.employee.id, boss.employee.id].sort());
    expect(Object.keys(all.json()[0]).sort()).toEqual(["codeEmployee", "id", "lastname", "name", "userId"]);
    const onlyCollab = await get(`${API.employee.searchCollaborators.path}?criterion=${tag}`);
    expect(onlyCollab.json().map((e: { id: number }) => e.id)).toEqual([collab.employee.id]);
  });
});

describe("PUT /api/v1/Employee/status", () => {
  it("deactivates the user and revokes its refresh tokens; reactivates", async () => {
    const { user, employee } = await createEmployee();
    const session = await signIn(app, user.email);
    const res = await put(API.employee.status.path, { id: employee.id, status: "inactive" });
    expect(res.statusCode).toBe(200);
    const { db } = await testDatabase();
    const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, user.id));
    expect(row?.status).toBe("inactive");
    const tokens = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    const refresh = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const list = await get(`${API.employee.list.path}?criterion=${employee.codeEmployee}`);
    expect(list.json().list[0].status).toBe("inactive");
    expect((await put(API.employee.status.path, { id: employee.id, status: "active" })).statusCode).toBe(200);
    expect((await signIn(app, user.email)).token).toBeTruthy();
  });

  it("refuses self-deactivation (409), unknown ids (404), bad status (400)", async () => {
    const { db } = await testDatabase();
    const [me] = await db.select().from(employees).where(eq(employees.userId, admin.userId));
    const self = await put(API.employee.status.path, { id: me?.id, status: "inactive" });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe("No puede desactivar su propio usuario");
    expect((await put(API.employee.status.path, { id: 999_999_999, status: "inactive" })).statusCode).toBe(
      404,
    );
    const bad = await put(API.employee.status.path, { id: me?.id, status: "borrado" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Estado inválido");
  });

  it("an Admin cannot change a SuperAdmin's status (403)", async () => {
    const { employee } = await createEmployee({ role: "SuperAdmin" });
    const res = await put(API.employee.status.path, { id: employee.id, status: "inactive" });
    expect(res.statusCode).toBe(403);
  });
});

describe("QR and location", () => {
  it("regenerates the employee QR", async () => {
    const { employee } = await createEmployee();
    const res = await put(API.employee.codeQr.path, { employeeId: employee.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().codeQr).not.toBe(employee.codeQr);
    const { db } = await testDatabase();
    const [row] = await db.select().from(employees).where(eq(employees.id, employee.id));
    expect(row?.codeQr).toBe(res.json().codeQr);
    expect((await put(API.employee.codeQr.path, { employeeId: 999_999_999 })).statusCode).toBe(404);
    expect((await put(API.employee.codeQr.path, {})).json().message).toBe("Este campo es requerido");
    expect((await put(API.employee.codeQr.path, { employeeId: "abc" })).json().message).toBe(
      "Identificador inválido",
    );
  });

  it("adds and updates a location; active employees with location are listed", async () => {
    const { employee } = await createEmployee();
    const inactive = await createEmployee({ status: "inactive" });
    const add = await app.inject({
      method: "POST",
      url: API.employee.addLocation.path,
      headers: admin.headers,
      payload: { employeeId: employee.id, address: "Calle 1", latitude: 18.47, longitude: -69.9 },
    });
    expect(add.statusCode).toBe(200);
    await put(API.employee.updateLocation.path, {
      employeeId: inactive.employee.id,
      address: "Calle 2",
      latitude: 18.5,
      longitude: -69.8,
    });
    const upd = await put(API.employee.updateLocation.path, {
      employeeId: employee.id,
      address: "Calle 3",
      latitude: 18.48,
      longitude: -69.91,
    });
    expect(upd.statusCode).toBe(200);
    const list = await get(API.employee.locationInfo.path);
    expect(list.statusCode).toBe(200);
    const mine = list.json().find((e: { id: number }) => e.id === employee.id);
    expect(mine).toEqual({
      id: employee.id,
      name: employee.name,
      lastname: employee.lastname,
      address: "Calle 3",
      latitude: 18.48,
      longitude: -69.91,
    });
    expect(list.json().some((e: { id: number }) => e.id === inactive.employee.id)).toBe(false);
    const bad = await put(API.employee.updateLocation.path, {
      employeeId: employee.id,
      address: "",
      latitude: 91,
      longitude: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.address).toBe("Este campo es requerido");
    expect(bad.json().errors.latitude).toBe("La latitud debe estar entre -90 y 90");
    const missing = await put(API.employee.updateLocation.path, {
      employeeId: 999_999_999,
      address: "x",
      latitude: 1,
      longitude: 1,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe(API.employee.profile.path, () => {
  it("each employee role reads and edits its own profile; a Driver gets 403", async () => {
    for (const role of ["SuperAdmin", "Admin", "Collaborator"] as const) {
      const me = await signedInAs(app, role);
      const res = await get(API.employee.profile.path, me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: me.userId, name: "María", email: me.user.email, image: null });
      expect(res.json().codeQr).toBeTruthy();
      expect(res.json().branchOfficeName).toMatch(/^Sucursal /);
    }
    const me = await signedInAs(app, "Collaborator");
    const upd = await put(
      API.employee.profile.path,
      { name: "Rosa", lastname: "Díaz", telephone: "(809) 555-0000", jobTitle: "Jefa" },
      me.headers,
    );
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      name: "Rosa",
      lastname: "Díaz",
      telephone: "(809) 555-0000",
      jobTitle: "Jefa",
    });
    const bad = await put(
      API.employee.profile.path,
      { name: "", lastname: "D", telephone: "8095550000" },
      me.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: "Este campo es requerido",
      telephone: "Teléfono incorrecto",
    });
    const driver = await signedInAs(app, "Driver");
    expect((await get(API.employee.profile.path, driver.headers)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: API.employee.profile.path })).statusCode).toBe(401);
  });

  it("PUT Profile only edits the caller's own record", async () => {
    const other = await createUser();
    const me = await signedInAs(app, "Collaborator");
    await put(
      API.employee.profile.path,
      { name: "Solo", lastname: "Yo", telephone: "(809) 555-1111" },
      me.headers,
    );
    const { db } = await testDatabase();
    const [row] = await db.select().from(employees).where(eq(employees.userId, other.id));
    expect(row?.name).toBe("María");
  });
});
