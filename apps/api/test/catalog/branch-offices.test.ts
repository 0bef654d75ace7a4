import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees } from "../../src/db/schema.js";
import {
  buildTestApp,
  createBranchOffice,
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

const URL = API.branchOffice.create.path;
const validBody = () => ({
  name: unique("Sucursal "),
  address: "Av. Winston Churchill 25, Santo Domingo",
  telephone: "(809) 555-1234",
  latitude: 18.47,
  longitude: -69.93,
});

async function create(body: object = validBody()) {
  return app.inject({ method: "POST", url: URL, headers: admin.headers, payload: body });
}

async function list(query: Record<string, string>, headers: Record<string, string> = admin.headers) {
  return app.inject({ method: "GET", url: `${URL}/list`, headers, query });
}

describe("POST /api/v1/BranchOffice", () => {
  it("creates a branch office that the list shows", async () => {
    const body = validBody();
    const response = await create(body);
    expect(response.statusCode).toBe(200);
    const { id } = response.json();
    expect(id).toBeGreaterThan(0);

    const found = await list({ criterion: body.name });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      amount: 1,
      list: [
        {
          id,
          name: body.name,
          address: body.address,
          telephone: body.telephone,
          latitude: 18.47,
          longitude: -69.93,
          noShowWaitMinutes: 2,
          // Issue 38: no emergency contact yet, the default night window and delays.
          emergencyPhone: null,
          emergencyEmails: [],
          nightStart: "20:00",
          nightEnd: "06:00",
          safeArrivalAskMinutes: 20,
          safeArrivalWaitMinutes: 15,
          status: "active",
          createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          amountEmployees: 0,
        },
      ],
    });
  });

  it("accepts only the required fields", async () => {
    const response = await create({ name: unique("Sucursal "), address: "Calle 1" });
    expect(response.statusCode).toBe(200);
  });

  it("rejects missing, wrong-typed, too long and badly formatted values in Spanish", async () => {
    const missing = await create({ address: "Calle 1" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.name).toBe("Este campo es requerido");

    const blank = await create({ name: "   ", address: "Calle 1" });
    expect(blank.json().errors.name).toBe("Este campo es requerido");

    const wrongType = await create({ name: 12, address: "Calle 1" });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.name).toBeDefined();

    const tooLong = await create({ name: "x".repeat(121), address: "Calle 1" });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.name).toBe("Máximo 120 caracteres");

    const phone = await create({ ...validBody(), telephone: "8095551234" });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors.telephone).toBe("Teléfono incorrecto");

    const latitude = await create({ ...validBody(), latitude: 91 });
    expect(latitude.json().errors.latitude).toBe("La latitud debe estar entre -90 y 90");
  });

  it("refuses out-of-range coordinates with 400 and saves nothing (issue 13 item 8)", async () => {
    const body = { ...validBody(), latitude: 200, longitude: -181 };
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      latitude: "La latitud debe estar entre -90 y 90",
      longitude: "La longitud debe estar entre -180 y 180",
    });
    expect((await list({ criterion: body.name })).json().amount).toBe(0);
  });

  it("answers a duplicate name (any case) with 409 on the field", async () => {
    const body = validBody();
    expect((await create(body)).statusCode).toBe(200);
    const duplicate = await create({ ...validBody(), name: body.name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ name: "Ya existe una sucursal con este nombre" });
  });
});

describe("PUT /api/v1/BranchOffice", () => {
  it("edits every field", async () => {
    const office = await createBranchOffice();
    const body = {
      id: office.id,
      name: unique("Editada "),
      address: "Nueva dirección",
      telephone: "(829) 111-2222",
    };
    const response = await app.inject({ method: "PUT", url: URL, headers: admin.headers, payload: body });
    expect(response.statusCode).toBe(200);
    const found = (await list({ criterion: body.name })).json();
    expect(found.list[0]).toMatchObject({ ...body, latitude: null, longitude: null });
  });

  it("validates like create, answers 404 for an unknown id and 409 for a taken name", async () => {
    const office = await createBranchOffice();
    const other = await createBranchOffice();
    const put = (payload: object) => app.inject({ method: "PUT", url: URL, headers: admin.headers, payload });

    const noId = await put({ name: unique("S "), address: "Calle" });
    expect(noId.statusCode).toBe(400);
    const badPhone = await put({ id: office.id, name: unique("S "), address: "Calle", telephone: "809" });
    expect(badPhone.json().errors.telephone).toBe("Teléfono incorrecto");

    const unknown = await put({ id: 2_000_000_000, name: unique("S "), address: "Calle" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Sucursal no encontrada");

    const duplicate = await put({ id: office.id, name: other.name, address: "Calle" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors.name).toBe("Ya existe una sucursal con este nombre");
  });
});

describe("the wait before «Ausente» (noShowWaitMinutes, issue 35)", () => {
  const put = (body: object) =>
    app.inject({ method: "PUT", url: URL, headers: admin.headers, payload: body });
  const waitOf = async (name: string) => (await list({ criterion: name })).json().list[0].noShowWaitMinutes;

  it("is 2 when a new office does not say it (or sends null), else what it sends, 0 to 30", async () => {
    const plain = validBody();
    expect((await create(plain)).statusCode).toBe(200);
    expect(await waitOf(plain.name)).toBe(2);
    const nulled = validBody();
    expect((await create({ ...nulled, noShowWaitMinutes: null })).statusCode).toBe(200);
    expect(await waitOf(nulled.name)).toBe(2);
    for (const minutes of [0, 5, 30]) {
      const body = validBody();
      expect((await create({ ...body, noShowWaitMinutes: minutes })).statusCode).toBe(200);
      expect(await waitOf(body.name)).toBe(minutes);
    }
  });

  it("an update sets it; an update without it (the spec's shape) keeps what is stored", async () => {
    const body = validBody();
    const { id } = (await create({ ...body, noShowWaitMinutes: 7 })).json();
    expect((await put({ id, ...body, address: "Calle 2" })).statusCode).toBe(200);
    expect(await waitOf(body.name)).toBe(7);
    expect((await put({ id, ...body, noShowWaitMinutes: 0 })).statusCode).toBe(200);
    expect(await waitOf(body.name)).toBe(0);
    expect((await put({ id, ...body, noShowWaitMinutes: 12 })).statusCode).toBe(200);
    expect(await waitOf(body.name)).toBe(12);
  });

  it("refuses one outside 0–30, not whole or not a number, in Spanish, on create and update", async () => {
    const office = await createBranchOffice();
    for (const bad of [31, -1, 2.5, "cinco", 1000]) {
      const created = await create({ ...validBody(), noShowWaitMinutes: bad });
      expect(created.statusCode, String(bad)).toBe(400);
      expect(created.json().errors.noShowWaitMinutes).toBe(
        "La espera debe ser un número entero de minutos entre 0 y 30",
      );
      const updated = await put({
        id: office.id,
        name: office.name,
        address: "Calle",
        noShowWaitMinutes: bad,
      });
      expect(updated.statusCode).toBe(400);
      expect(updated.json().errors.noShowWaitMinutes).toBe(
        "La espera debe ser un número entero de minutos entre 0 y 30",
      );
    }
    expect(await waitOf(office.name)).toBe(2);
  });
});

describe("GET /api/v1/BranchOffice/list", () => {
  it("searches case-insensitively and pages with a 1-based skip", async () => {
    const tag = unique("pg");
    for (let i = 0; i < 3; i++) await createBranchOffice({ name: `Paginada ${tag} ${i}` });
    const page1 = (await list({ criterion: tag.toUpperCase(), amount: "2", skip: "1" })).json();
    const page2 = (await list({ criterion: tag, amount: "2", skip: "2" })).json();
    expect(page1.amount).toBe(3);
    expect(page1.list).toHaveLength(2);
    expect(page2.amount).toBe(3);
    expect(page2.list).toHaveLength(1);
    const names = [...page1.list, ...page2.list].map((o: { name: string }) => o.name).sort();
    expect(names).toEqual([0, 1, 2].map((i) => `Paginada ${tag} ${i}`));
  });

  it("treats LIKE wildcards in the criterion literally", async () => {
    const found = (await list({ criterion: `%${unique("z")}_` })).json();
    expect(found).toEqual({ amount: 0, list: [] });
  });

  it("filters by creation date in the caller's time zone", async () => {
    const tag = unique("dt");
    const old = await createBranchOffice({
      name: `Fechada ${tag} vieja`,
      createdAt: new Date("2024-03-10T02:00:00Z"),
    });
    await createBranchOffice({ name: `Fechada ${tag} nueva`, createdAt: new Date("2024-03-12T15:00:00Z") });
    // 2024-03-10T02:00Z is March 9 at 22:00 in UTC-4 (GMT header 4).
    const local = await list(
      { criterion: tag, sinceDate: "03/09/2024", untilDate: "03/09/2024" },
      {
        ...admin.headers,
        gmt: "4",
      },
    );
    expect(local.json().list.map((o: { id: number }) => o.id)).toEqual([old.id]);
    const utc = (await list({ criterion: tag, sinceDate: "03/09/2024", untilDate: "03/09/2024" })).json();
    expect(utc.amount).toBe(0);
    const both = (await list({ criterion: tag, sinceDate: "03/01/2024", untilDate: "03/31/2024" })).json();
    expect(both.amount).toBe(2);
    // A half range is refused, as on every dated list.
    const onlySince = await list({ criterion: tag, sinceDate: "03/12/2024" });
    expect(onlySince.statusCode).toBe(400);
    expect(onlySince.json().errors.untilDate).toBe("Indique ambas fechas");
  });

  it("rejects bad paging and dates", async () => {
    expect((await list({ skip: "0" })).statusCode).toBe(400);
    expect((await list({ amount: "abc" })).statusCode).toBe(400);
    const badDate = await list({ sinceDate: "2024-03-01", untilDate: "03/02/2024" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors.sinceDate).toBe("Fecha inválida (formato MM/DD/YYYY)");
    const reversed = await list({ sinceDate: "03/05/2024", untilDate: "03/01/2024" });
    expect(reversed.statusCode).toBe(400);
  });
});

describe("PUT /api/v1/BranchOffice/status and GET listName", () => {
  it("inactivates and reactivates; listName shows only active offices by name", async () => {
    const office = await createBranchOffice();
    const setStatus = (status: string, id = office.id) =>
      app.inject({ method: "PUT", url: `${URL}/status`, headers: admin.headers, payload: { id, status } });

    const names = async () =>
      (await app.inject({ method: "GET", url: `${URL}/listName`, headers: admin.headers })).json() as {
        id: number;
        name: string;
      }[];

    expect((await names()).some((o) => o.id === office.id)).toBe(true);
    expect((await setStatus("inactive")).statusCode).toBe(200);
    expect((await list({ criterion: office.name })).json().list[0].status).toBe("inactive");
    expect((await names()).some((o) => o.id === office.id)).toBe(false);
    expect((await setStatus("active")).statusCode).toBe(200);
    const all = await names();
    expect(all.find((o) => o.id === office.id)).toEqual({ id: office.id, name: office.name });
    const sorted = [...all].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    expect(all.map((o) => o.name)).toEqual(sorted.map((o) => o.name));

    const bad = await setStatus("deleted");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe("Estado inválido");
    const unknown = await setStatus("inactive", 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Sucursal no encontrada");
  });

  it("counts the employees of an office", async () => {
    const { db } = await testDatabase();
    const office = await createBranchOffice();
    const user = await createUser();
    await db.update(employees).set({ branchOfficeId: office.id }).where(eq(employees.userId, user.id));
    const found = (await list({ criterion: office.name })).json();
    expect(found.list[0].amountEmployees).toBe(1);
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

  it("needs a session (401) and an administrator role (403)", async () => {
    const collaborator = await signedInAs(app, "Collaborator");
    const driver = await signedInAs(app, "Driver");
    for (const call of calls) {
      expect((await app.inject({ ...call })).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await app.inject({ ...call, headers: collaborator.headers })).statusCode).toBe(403);
      expect((await app.inject({ ...call, headers: driver.headers })).statusCode).toBe(403);
    }
  });

  it("lets a SuperAdmin and an Admin in", async () => {
    const superAdmin = await signedInAs(app, "SuperAdmin");
    for (const session of [superAdmin, admin]) {
      expect((await list({}, session.headers)).statusCode).toBe(200);
      const names = await app.inject({ method: "GET", url: `${URL}/listName`, headers: session.headers });
      expect(names.statusCode).toBe(200);
    }
  });
});
