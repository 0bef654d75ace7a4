import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema.js";
import { createDriver, createEmployee } from "../helpers/people-factories.js";
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
const setStatus = (payload: object, headers: Headers = admin.headers) =>
  app.inject({ method: "PUT", url: API.user.status.path, payload, headers });

describe("GET /api/v1/User/list", () => {
  it("searches by e-mail and by name of the employee or driver", async () => {
    const tag = unique("us");
    const byMail = await createUser({ email: `${tag}@prueba.do` });
    const byEmployee = await createEmployee({}, { name: `N${tag}` });
    const byDriver = await createDriver({}, { lastname: `L${tag}` });
    await signIn(app, byMail.email);
    const res = await get(`${API.user.list.path}?criterion=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(3);
    const list = res.json().list as { id: number; lastSignInDate: string | null; name: string }[];
    expect(list.map((u) => u.id).sort()).toEqual([byMail.id, byEmployee.user.id, byDriver.user.id].sort());
    expect(list.find((u) => u.id === byMail.id)?.lastSignInDate).toBeTruthy();
    expect(list.find((u) => u.id === byEmployee.user.id)?.name).toBe(`N${tag}`);
    const paged = await get(`${API.user.list.path}?criterion=${tag}&amount=2&skip=2`);
    expect(paged.json().list).toHaveLength(1);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual([
      "createdDate",
      "email",
      "id",
      "lastSignInDate",
      "lastname",
      "name",
      "role",
      "status",
    ]);
    expect((await get(API.user.list.path, (await signedInAs(app, "Collaborator")).headers)).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: "GET", url: API.user.list.path })).statusCode).toBe(401);
  });
});

describe("PUT /api/v1/User/status", () => {
  it("deactivates and reactivates; sign-in refused while inactive", async () => {
    const user = await createUser();
    expect((await setStatus({ id: user.id, status: "inactive" })).statusCode).toBe(200);
    const signInRes = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: user.email, password: user.password },
    });
    expect(signInRes.statusCode).toBe(401);
    expect((await setStatus({ id: user.id, status: "active" })).statusCode).toBe(200);
    expect((await signIn(app, user.email)).token).toBeTruthy();
  });

  it("only a SuperAdmin changes another Admin's status", async () => {
    const peer = await createUser({ role: "Admin" });
    const denied = await setStatus({ id: peer.id, status: "inactive" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("Solo un SuperAdmin puede cambiar el estado de un Admin");
    const employeeStatus = await app.inject({
      method: "PUT",
      url: API.employee.status.path,
      headers: admin.headers,
      payload: { id: (await createEmployee({ role: "Admin" })).employee.id, status: "inactive" },
    });
    expect(employeeStatus.statusCode).toBe(403);
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await setStatus({ id: peer.id, status: "inactive" }, superAdmin.headers)).statusCode).toBe(200);
  });

  it("only a SuperAdmin changes a SuperAdmin's status; nobody deactivates themselves", async () => {
    const target = await createUser({ role: "SuperAdmin" });
    const denied = await setStatus({ id: target.id, status: "inactive" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("Solo un SuperAdmin puede cambiar el estado de un SuperAdmin");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await setStatus({ id: target.id, status: "inactive" }, superAdmin.headers)).statusCode).toBe(200);
    const self = await setStatus({ id: superAdmin.userId, status: "inactive" }, superAdmin.headers);
    expect(self.statusCode).toBe(409);
    const { db } = await testDatabase();
    const [row] = await db.select().from(users).where(eq(users.id, superAdmin.userId));
    expect(row?.status).toBe("active");
    expect((await setStatus({ id: admin.userId, status: "inactive" })).statusCode).toBe(409);
  });

  it("400 and 404", async () => {
    const bad = await setStatus({ id: "x", status: "active" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBe("Identificador inválido");
    const missing = await setStatus({ id: 999_999_999, status: "active" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Usuario no encontrado");
  });
});
