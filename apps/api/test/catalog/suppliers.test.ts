import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, suppliers } from "../../src/db/schema.js";
import {
  buildTestApp,
  createSupplier,
  createUser,
  type SignedIn,
  signedInAs,
  testDatabase,
  unique,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const URL = API.supplier.create.path;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
const validBody = () => ({
  name: unique("Transporte "),
  rnc: digits(11),
  contactName: "Pedro Martínez",
  telephone: "(809) 555-0000",
  email: `${unique("s")}@SUPLIDOR.do`,
});

const create = (payload: object = validBody()) =>
  app.inject({ method: "POST", url: URL, headers: admin.headers, payload });
const put = (payload: object) => app.inject({ method: "PUT", url: URL, headers: admin.headers, payload });
const list = (query: Record<string, string>, headers: Record<string, string> = admin.headers) =>
  app.inject({ method: "GET", url: `${URL}/list`, headers, query });

describe("POST /api/v1/Supplier", () => {
  it("creates a supplier that the list shows", async () => {
    const body = validBody();
    const response = await create(body);
    expect(response.statusCode).toBe(200);
    const { id } = response.json();
    const found = (await list({ criterion: body.name })).json();
    expect(found).toEqual({
      amount: 1,
      list: [
        {
          id,
          name: body.name,
          rnc: body.rnc,
          contactName: body.contactName,
          telephone: body.telephone,
          email: body.email.toLowerCase(),
          status: "active",
          createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          amountDrivers: 0,
          rateType: null,
          rateAmount: null,
          vehicleRates: { car: null, van: null, minibus: null, bus: null },
        },
      ],
    });
  });

  it("accepts a 9-digit RNC and no optional fields", async () => {
    expect(
      (await create({ name: unique("T "), rnc: digits(9), telephone: "(849) 000-1111" })).statusCode,
    ).toBe(200);
    expect((await create({ name: unique("T "), telephone: "(849) 000-1111" })).statusCode).toBe(200);
    expect(
      (await create({ name: unique("T "), rnc: "", email: "", telephone: "(849) 000-1111" })).statusCode,
    ).toBe(200);
  });

  it("rejects bad input in Spanish", async () => {
    const missing = await create({ name: unique("T ") });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.telephone).toBe("Este campo es requerido");
    const noName = await create({ ...validBody(), name: undefined });
    expect(noName.json().errors.name).toBe("Este campo es requerido");
    const phone = await create({ ...validBody(), telephone: "809-555-0000" });
    expect(phone.json().errors.telephone).toBe("Teléfono incorrecto");
    const rnc = await create({ ...validBody(), rnc: "1234567890" });
    expect(rnc.json().errors.rnc).toBe("RNC inválido (9 u 11 dígitos)");
    const email = await create({ ...validBody(), email: "no-es-correo" });
    expect(email.json().errors.email).toBe("Correo electrónico inválido");
    const wrongType = await create({ ...validBody(), telephone: 8095550000 });
    expect(wrongType.statusCode).toBe(400);
    const tooLong = await create({ ...validBody(), name: "x".repeat(121) });
    expect(tooLong.json().errors.name).toBe("Máximo 120 caracteres");
  });

  it("answers duplicate name and RNC with 409 on the field", async () => {
    const body = validBody();
    expect((await create(body)).statusCode).toBe(200);
    const name = await create({ ...validBody(), name: body.name.toLowerCase() });
    expect(name.statusCode).toBe(409);
    expect(name.json().errors).toEqual({ name: "Ya existe un suplidor con este nombre" });
    const rnc = await create({ ...validBody(), rnc: body.rnc });
    expect(rnc.statusCode).toBe(409);
    expect(rnc.json().errors).toEqual({ rnc: "Ya existe un suplidor con este RNC" });
  });
});

describe("PUT /api/v1/Supplier", () => {
  it("edits a supplier", async () => {
    const supplier = await createSupplier();
    const body = { id: supplier.id, ...validBody() };
    expect((await put(body)).statusCode).toBe(200);
    const found = (await list({ criterion: body.name })).json();
    expect(found.list[0]).toMatchObject({ id: supplier.id, name: body.name, rnc: body.rnc });
  });

  it("validates, answers 404 for an unknown id and 409 for a taken name", async () => {
    const supplier = await createSupplier();
    const other = await createSupplier();
    expect((await put({ ...validBody(), id: "abc" })).statusCode).toBe(400);
    expect((await put({ ...validBody(), id: supplier.id, telephone: "1" })).json().errors.telephone).toBe(
      "Teléfono incorrecto",
    );
    const unknown = await put({ ...validBody(), id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Suplidor no encontrado");
    const duplicate = await put({ ...validBody(), id: supplier.id, name: other.name });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors.name).toBe("Ya existe un suplidor con este nombre");
  });
});

describe("GET /api/v1/Supplier/list", () => {
  it("searches and pages", async () => {
    const tag = unique("sp");
    for (let i = 0; i < 3; i++) await createSupplier({ name: `Suplidor ${tag} ${i}` });
    const page1 = (await list({ criterion: tag.toUpperCase(), amount: "2", skip: "1" })).json();
    const page2 = (await list({ criterion: tag, amount: "2", skip: "2" })).json();
    expect(page1.amount).toBe(3);
    expect(page1.list).toHaveLength(2);
    expect(page2.list).toHaveLength(1);
    expect((await list({ amount: "101" })).statusCode).toBe(400);
  });

  it("ignores accents in the search", async () => {
    const tag = unique("sp").toLowerCase();
    const supplier = await createSupplier({ name: `Transportes Ñamé Bávaro ${tag}` });
    const found = (await list({ criterion: `name bavaro ${tag}` })).json();
    expect(found.list.map((row: { id: number }) => row.id)).toEqual([supplier.id]);
  });

  it("counts the drivers of a supplier", async () => {
    // createUser with role Driver makes a supplier with one driver.
    const user = await createUser({ role: "Driver" });
    const { db } = await testDatabase();
    const [row] = await db
      .select({ name: suppliers.name })
      .from(drivers)
      .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
      .where(eq(drivers.userId, user.id));
    const found = (await list({ criterion: row?.name ?? "?" })).json();
    expect(found.list[0].amountDrivers).toBe(1);
  });
});

describe("status and listName", () => {
  it("inactivates and reactivates; listName shows only active suppliers", async () => {
    const supplier = await createSupplier();
    const setStatus = (status: string, id = supplier.id) =>
      app.inject({ method: "PUT", url: `${URL}/status`, headers: admin.headers, payload: { id, status } });
    const names = async () =>
      (await app.inject({ method: "GET", url: `${URL}/listName`, headers: admin.headers })).json() as {
        id: number;
      }[];
    expect((await names()).some((s) => s.id === supplier.id)).toBe(true);
    expect((await setStatus("inactive")).statusCode).toBe(200);
    expect((await names()).some((s) => s.id === supplier.id)).toBe(false);
    expect((await list({ criterion: supplier.name })).json().list[0].status).toBe("inactive");
    expect((await setStatus("active")).statusCode).toBe(200);
    expect((await names()).find((s) => s.id === supplier.id)).toEqual({
      id: supplier.id,
      name: supplier.name,
    });
    expect((await setStatus("x")).statusCode).toBe(400);
    const unknown = await setStatus("active", 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Suplidor no encontrado");
  });
});

describe("access", () => {
  const calls = [
    { method: "POST", url: URL, payload: {} },
    { method: "PUT", url: URL, payload: {} },
    { method: "GET", url: `${URL}/list` },
    { method: "PUT", url: `${URL}/status`, payload: {} },
    { method: "GET", url: `${URL}/listName` },
  ] as const;

  it("401 without a session, 403 for Collaborator and Driver, 200 for admins", async () => {
    const collaborator = await signedInAs(app, "Collaborator");
    const driver = await signedInAs(app, "Driver");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    for (const call of calls) {
      expect((await app.inject({ ...call })).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await app.inject({ ...call, headers: collaborator.headers })).statusCode).toBe(403);
      expect((await app.inject({ ...call, headers: driver.headers })).statusCode).toBe(403);
    }
    for (const session of [admin, superAdmin]) {
      expect((await list({}, session.headers)).statusCode).toBe(200);
      expect(
        (await app.inject({ method: "GET", url: `${URL}/listName`, headers: session.headers })).statusCode,
      ).toBe(200);
    }
  });
});
