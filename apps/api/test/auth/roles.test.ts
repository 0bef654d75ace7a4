import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { users } from "../../src/db/schema.js";
import { createSuperAdmin } from "../../src/modules/auth/create-super-admin.js";
import { openIsolatedDatabase } from "../helpers/isolated-database.js";
import {
  buildTestApp,
  createUser,
  signedInAs,
  signIn,
  testConfig,
  testDatabase,
} from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const setRole = (headers: object, payload: object) =>
  app.inject({
    method: "POST",
    url: API.auth.roleUser.path,
    headers: headers as Record<string, string>,
    payload,
  });

async function roleOf(id: number) {
  const { db } = await testDatabase();
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}

describe("POST /api/v1/Auth/roleUser", () => {
  it("an Admin moves a user between Collaborator and Admin", async () => {
    const admin = await signedInAs(app, "Admin");
    const user = await createUser();
    expect((await setRole(admin.headers, { userId: user.id, role: "Admin" })).statusCode).toBe(200);
    expect(await roleOf(user.id)).toBe("Admin");
    const session = await signIn(app, user.email);
    expect(
      (await app.inject({ method: "GET", url: API.auth.roles.path, headers: session.headers })).statusCode,
    ).toBe(200);
  });

  it("only a SuperAdmin changes an Admin's role", async () => {
    const admin = await signedInAs(app, "Admin");
    const peer = await createUser({ role: "Admin" });
    const denied = await setRole(admin.headers, { userId: peer.id, role: "Collaborator" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("Solo un SuperAdmin puede cambiar el rol de un Admin");
    expect(await roleOf(peer.id)).toBe("Admin");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await setRole(superAdmin.headers, { userId: peer.id, role: "Collaborator" })).statusCode).toBe(
      200,
    );
    expect(await roleOf(peer.id)).toBe("Collaborator");
  });

  it("only a SuperAdmin grants or removes SuperAdmin", async () => {
    const admin = await signedInAs(app, "Admin");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    const user = await createUser();
    const other = await createUser({ role: "SuperAdmin" });
    const grant = await setRole(admin.headers, { userId: user.id, role: "SuperAdmin" });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe("Solo un SuperAdmin puede otorgar o quitar el rol SuperAdmin");
    expect((await setRole(admin.headers, { userId: other.id, role: "Admin" })).statusCode).toBe(403);
    expect(await roleOf(other.id)).toBe("SuperAdmin");
    expect((await setRole(superAdmin.headers, { userId: user.id, role: "SuperAdmin" })).statusCode).toBe(200);
    expect(await roleOf(user.id)).toBe("SuperAdmin");
  });

  it("refuses moving a driver to an employee role and back", async () => {
    const superAdmin = await signedInAs(app, "SuperAdmin");
    const driver = await createUser({ role: "Driver" });
    const collaborator = await createUser();
    expect((await setRole(superAdmin.headers, { userId: driver.id, role: "Collaborator" })).statusCode).toBe(
      409,
    );
    expect((await setRole(superAdmin.headers, { userId: collaborator.id, role: "Driver" })).statusCode).toBe(
      409,
    );
  });

  it("validates input and refuses collaborators and drivers", async () => {
    const admin = await signedInAs(app, "Admin");
    const bad = await setRole(admin.headers, { userId: "x", role: "Rey" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ userId: "Identificador inválido", role: "Rol inválido" });
    expect((await setRole(admin.headers, { userId: 999_999_999, role: "Admin" })).statusCode).toBe(404);
    const driver = await signedInAs(app, "Driver");
    expect((await setRole(driver.headers, { userId: driver.userId, role: "Admin" })).statusCode).toBe(403);
  });

  it("nobody changes their own role, as nobody deactivates themselves", async () => {
    const superAdmin = await signedInAs(app, "SuperAdmin");
    const demote = await setRole(superAdmin.headers, { userId: superAdmin.userId, role: "Admin" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe("No puede cambiar su propio rol");
    expect(demote.json().errors).toEqual({ role: "No puede cambiar su propio rol" });
    expect(await roleOf(superAdmin.userId)).toBe("SuperAdmin");
    const keep = await setRole(superAdmin.headers, { userId: superAdmin.userId, role: "SuperAdmin" });
    expect(keep.statusCode).toBe(200);

    const admin = await signedInAs(app, "Admin");
    const down = await setRole(admin.headers, { userId: admin.userId, role: "Collaborator" });
    expect(down.statusCode).toBe(409);
    expect(down.json().message).toBe("No puede cambiar su propio rol");
    expect(await roleOf(admin.userId)).toBe("Admin");
    const up = await setRole(admin.headers, { userId: admin.userId, role: "SuperAdmin" });
    expect(up.statusCode).toBe(403);
    expect(await roleOf(admin.userId)).toBe("Admin");

    // Another SuperAdmin still changes it.
    const other = await signedInAs(app, "SuperAdmin");
    expect((await setRole(other.headers, { userId: superAdmin.userId, role: "Admin" })).statusCode).toBe(200);
    expect(await roleOf(superAdmin.userId)).toBe("Admin");
  });

  it("a sole SuperAdmin cannot demote itself; two demoting each other at once leave one", async () => {
    const database = await openIsolatedDatabase();
    const isolated = await buildApp({ config: testConfig(), database, logger: false });
    const roleUser = (session: { headers: Record<string, string> }, userId: number) =>
      isolated.inject({
        method: "POST",
        url: API.auth.roleUser.path,
        headers: session.headers,
        payload: { userId, role: "Admin" },
      });
    try {
      await createSuperAdmin(database.db, { email: "unico@treiber.app", password: "Unico12345" });
      const first = await signIn(isolated, "unico@treiber.app", "Unico12345");
      const alone = await roleUser(first, first.userId);
      expect(alone.statusCode).toBe(409);
      expect(alone.json().message).toBe("No puede cambiar su propio rol");

      await createSuperAdmin(database.db, { email: "segundo@treiber.app", password: "Segundo123" });
      const second = await signIn(isolated, "segundo@treiber.app", "Segundo123");
      const answers = await Promise.all([roleUser(first, second.userId), roleUser(second, first.userId)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([401, 403, 409]).toContain(codes[1]);
      const superAdmins = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, "SuperAdmin"));
      expect(superAdmins).toHaveLength(1);
    } finally {
      await isolated.close();
      await database.dispose();
    }
  });
});
