import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, signedInAs, unique } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const URL = API.destination.create.path;
const validBody = () => ({
  name: unique("Zona Franca "),
  description: "Parque industrial",
  address: "Autopista Duarte km 20",
  latitude: 18.55,
  longitude: -70.01,
});
const create = (payload: object = validBody()) =>
  app.inject({ method: "POST", url: URL, headers: admin.headers, payload });
const put = (payload: object) => app.inject({ method: "PUT", url: URL, headers: admin.headers, payload });
const get = (
  path: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = admin.headers,
) => app.inject({ method: "GET", url: `${URL}${path}`, headers, query });

async function createId(body: object = validBody()) {
  const response = await create(body);
  expect(response.statusCode).toBe(200);
  return response.json().id as number;
}

describe("POST /api/v1/Destination", () => {
  it("creates a destination seen by list, listName and ForList", async () => {
    const body = validBody();
    const id = await createId(body);
    expect((await get("/list", { criterion: body.name })).json()).toEqual({
      amount: 1,
      list: [{ id, ...body, createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }],
    });
    expect((await get("/listName", { criterion: body.name.toUpperCase() })).json()).toEqual([
      { id, name: body.name },
    ]);
    const all = (await get("/ForList")).json() as { id: number }[];
    expect(all.find((d) => d.id === id)).toEqual({
      id,
      name: body.name,
      description: body.description,
      latitude: body.latitude,
      longitude: body.longitude,
    });
  });

  it("accepts only a name, rejects bad input in Spanish", async () => {
    expect((await create({ name: unique("D ") })).statusCode).toBe(200);
    const missing = await create({ description: "x" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.name).toBe("Este campo es requerido");
    expect((await create({ name: ["x"] })).statusCode).toBe(400);
    expect((await create({ name: "x".repeat(121) })).json().errors.name).toBe("Máximo 120 caracteres");
    expect(
      (await create({ name: unique("D "), description: "x".repeat(501) })).json().errors.description,
    ).toBe("Máximo 500 caracteres");
    expect((await create({ name: unique("D "), longitude: 200 })).json().errors.longitude).toBe(
      "La longitud debe estar entre -180 y 180",
    );
  });

  it("answers a duplicate name with 409 on the field", async () => {
    const body = validBody();
    await createId(body);
    const duplicate = await create({ name: ` ${body.name.toUpperCase()} ` });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ name: "Ya existe un destino con este nombre" });
  });
});

describe("PUT /api/v1/Destination", () => {
  it("edits a destination", async () => {
    const id = await createId();
    const body = {
      id,
      name: unique("Editado "),
      description: null,
      address: "Otra",
      latitude: null,
      longitude: null,
    };
    expect((await put(body)).statusCode).toBe(200);
    expect((await get("/list", { criterion: body.name })).json().list[0]).toMatchObject(body);
  });

  it("validates, answers 404 for an unknown id and 409 for a taken name", async () => {
    const id = await createId();
    const other = validBody();
    await createId(other);
    expect((await put({ name: unique("D ") })).statusCode).toBe(400);
    expect((await put({ id, name: "" })).json().errors.name).toBe("Este campo es requerido");
    const unknown = await put({ id: 2_000_000_000, name: unique("D ") });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Destino no encontrado");
    const duplicate = await put({ id, name: other.name });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors.name).toBe("Ya existe un destino con este nombre");
  });
});

describe("lists", () => {
  it("pages the list and caps listName at 20 names", async () => {
    const tag = unique("ds");
    for (let i = 0; i < 22; i++) await createId({ name: `Destino ${tag} ${String(i).padStart(2, "0")}` });
    const page1 = (await get("/list", { criterion: tag, amount: "10", skip: "1" })).json();
    const page3 = (await get("/list", { criterion: tag, amount: "10", skip: "3" })).json();
    expect(page1.amount).toBe(22);
    expect(page1.list).toHaveLength(10);
    expect(page3.list).toHaveLength(2);
    const names = (await get("/listName", { criterion: tag })).json() as { name: string }[];
    expect(names).toHaveLength(20);
    expect(names[0]?.name).toBe(`Destino ${tag} 00`);
    expect((await get("/list", { skip: "-1" })).statusCode).toBe(400);
  });
});

describe("access", () => {
  const calls = [
    { method: "POST", url: URL, payload: {} },
    { method: "PUT", url: URL, payload: {} },
    { method: "GET", url: `${URL}/list` },
    { method: "GET", url: `${URL}/listName` },
    { method: "GET", url: `${URL}/ForList` },
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
      for (const path of ["/list", "/listName", "/ForList"]) {
        expect((await get(path, {}, session.headers)).statusCode).toBe(200);
      }
    }
  });
});
