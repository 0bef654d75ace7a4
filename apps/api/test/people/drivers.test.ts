import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, refreshTokens, users } from "../../src/db/schema.js";
import { createDriver } from "../helpers/people-factories.js";
import {
  buildTestApp,
  createSupplier,
  signedInAs,
  signIn,
  testDatabase,
  unique,
  uniqueIdentityCard,
} from "../helpers/test-app.js";

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
const ids = (list: { id: number }[]) => list.map((item) => item.id);

describe("GET /api/v1/Driver/list", () => {
  it("searches by name and by cédula with or without hyphens, paged", async () => {
    const tag = unique("Dr");
    const a = await createDriver({}, { name: tag });
    const b = await createDriver({}, { lastname: `X${tag}` });
    const card = a.driver.identityCard;
    const page = await get(`${API.driver.list.path}?amount=1&skip=2&criterion=${tag}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().amount).toBe(2);
    expect(page.json().list).toHaveLength(1);
    const both = await get(`${API.driver.list.path}?criterion=${tag}`);
    expect(ids(both.json().list).sort()).toEqual([a.driver.id, b.driver.id].sort());
    const plain = await get(`${API.driver.list.path}?criterion=${card.replaceAll("-", "")}`);
    expect(ids(plain.json().list)).toEqual([a.driver.id]);
    const hyphen = await get(`${API.driver.list.path}?criterion=${card}`);
    expect(ids(hyphen.json().list)).toEqual([a.driver.id]);
    const item = plain.json().list[0];
    expect(item).toMatchObject({
      userId: a.user.id,
      email: a.user.email,
      identityCard: card,
      status: "active",
    });
    expect(item.supplierName).toMatch(/^Transporte /);
    expect(Object.keys(item)).toHaveLength(15);
  });

  it("ignores accents and case in names", async () => {
    const tag = unique("Ac").toLowerCase();
    const driver = await createDriver({}, { name: `José ${tag}`, lastname: "Núñez" });
    const found = await get(`${API.driver.list.path}?criterion=${encodeURIComponent(`JOSE ${tag} nunez`)}`);
    expect(ids(found.json().list)).toEqual([driver.driver.id]);
  });

  it("roles: 401, 403 for Collaborator/Driver, 200 for SuperAdmin", async () => {
    expect((await app.inject({ method: "GET", url: API.driver.list.path })).statusCode).toBe(401);
    expect(
      (await get(API.driver.list.path, (await signedInAs(app, "Collaborator")).headers)).statusCode,
    ).toBe(403);
    expect((await get(API.driver.list.path, (await signedInAs(app, "Driver")).headers)).statusCode).toBe(403);
    expect((await get(API.driver.list.path, (await signedInAs(app, "SuperAdmin")).headers)).statusCode).toBe(
      200,
    );
  });
});

describe("PUT /api/v1/Driver/status", () => {
  it("deactivates the driver's user, revoking its refresh tokens; inactive drivers leave listName", async () => {
    const { user, driver } = await createDriver();
    await signIn(app, user.email);
    expect(ids((await get(API.driver.listName.path)).json())).toContain(driver.id);
    const res = await put(API.driver.status.path, { id: driver.id, status: "inactive" });
    expect(res.statusCode).toBe(200);
    const { db } = await testDatabase();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.status).toBe("inactive");
    const tokens = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((t) => t.revokedAt)).toBe(true);
    expect(ids((await get(API.driver.listName.path)).json())).not.toContain(driver.id);
    expect((await put(API.driver.status.path, { id: 999_999_999, status: "active" })).statusCode).toBe(404);
  });
});

describe("PUT /api/v1/driver", () => {
  const payload = (id: number, supplierId: number, identityCard = uniqueIdentityCard()) => ({
    id,
    name: "Pedro",
    lastname: "Gómez",
    identityCard,
    telephone: "(809) 555-2222",
    licenseNumber: "L-123",
    supplierId,
    vehiclePlate: "A123456",
    vehicleModel: "Toyota Hiace",
    vehicleCapacity: 15,
  });

  it("edits a driver", async () => {
    const { driver } = await createDriver();
    const supplier = await createSupplier();
    const body = payload(driver.id, supplier.id);
    const res = await put(API.driver.update.path, body);
    expect(res.statusCode).toBe(200);
    const { db } = await testDatabase();
    const [row] = await db.select().from(drivers).where(eq(drivers.id, driver.id));
    expect(row).toMatchObject({ ...body, id: driver.id });
  });

  it("409 on a duplicate cédula (field identityCard) and an inactive supplier; nothing written", async () => {
    const { driver } = await createDriver();
    const other = await createDriver();
    const dup = await put(
      API.driver.update.path,
      payload(driver.id, driver.supplierId, other.driver.identityCard),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.identityCard).toBe("Ya existe un chofer con esta cédula");
    const inactive = await createSupplier({ status: "inactive" });
    const res = await put(API.driver.update.path, payload(driver.id, inactive.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.supplierId).toBe("El suplidor está inactivo");
    const { db } = await testDatabase();
    const [row] = await db.select().from(drivers).where(eq(drivers.id, driver.id));
    expect(row?.name).toBe("Juan");
  });

  it.each([-5, 0, 121, 1.5])(
    "refuses a vehicle capacity of %s with 400 and writes nothing (issue 13 item 8)",
    async (vehicleCapacity) => {
      const { driver } = await createDriver();
      const res = await put(API.driver.update.path, {
        ...payload(driver.id, driver.supplierId),
        vehicleCapacity,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.vehicleCapacity).toBe("La capacidad debe ser un número entero entre 1 y 120");
      const { db } = await testDatabase();
      const [row] = await db.select().from(drivers).where(eq(drivers.id, driver.id));
      expect(row?.name).toBe("Juan");
      expect(row?.vehicleCapacity).toBe(driver.vehicleCapacity);
    },
  );

  it("400 in Spanish, 404 for unknown driver or supplier", async () => {
    const { driver } = await createDriver();
    const bad = await put(API.driver.update.path, {
      ...payload(driver.id, driver.supplierId),
      identityCard: "123",
      telephone: "x",
      name: "",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      identityCard: "Cédula incorrecta (formato 000-0000000-0)",
      telephone: "Teléfono incorrecto",
      name: "Este campo es requerido",
    });
    expect((await put(API.driver.update.path, payload(999_999_999, driver.supplierId))).statusCode).toBe(404);
    expect((await put(API.driver.update.path, payload(driver.id, 999_999_999))).json().message).toBe(
      "Suplidor no encontrado",
    );
  });
});

describe("lists, QR and profile", () => {
  it("withSupplier/list starts with 'Todas'", async () => {
    const { driver } = await createDriver();
    const res = await get(API.driver.withSupplierList.path);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ id: 0, name: "Todas" });
    const mine = res.json().find((d: { id: number }) => d.id === driver.id);
    expect(mine.supplierName).toMatch(/^Transporte /);
  });

  it("regenerates a driver's QR by driver id", async () => {
    const { driver } = await createDriver();
    const res = await put(apiPath(API.driver.codeQr, { codeQrId: driver.id }), {});
    expect(res.statusCode).toBe(200);
    expect(res.json().codeQr).not.toBe(driver.codeQr);
    expect((await put(apiPath(API.driver.codeQr, { codeQrId: 999999999 }), {})).statusCode).toBe(404);
    expect((await put(apiPath(API.driver.codeQr, { codeQrId: "abc" }), {})).statusCode).toBe(400);
  });

  it("GET Driver/Profile for the Driver only", async () => {
    const me = await signedInAs(app, "Driver");
    const res = await get(API.driver.profile.path, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.userId, name: "Juan", lastname: "Pérez", image: null });
    expect(res.json().supplierName).toMatch(/^Transporte /);
    expect(res.json().driverId).toBeGreaterThan(0);
    expect((await get(API.driver.profile.path, admin.headers)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: API.driver.profile.path })).statusCode).toBe(401);
  });
});
