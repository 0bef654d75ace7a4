import { API, type ApiEndpoint, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supplierUsers } from "../../src/db/schema.js";
import { createSupplierAccount, createSupplierUser } from "../helpers/supplier-portal-factories.js";
import {
  buildTestApp,
  createSupplier,
  createUser,
  type SignedIn,
  signedInAs,
  signIn,
  testDatabase,
  unique,
  uniqueEmail,
} from "../helpers/test-app.js";

/** Issue 37 (decision 0077): a supplier's users, created like drivers, sign in with the role Supplier. */

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const send = (method: "POST" | "PUT" | "GET", endpoint: ApiEndpoint, payload?: object, session = admin) =>
  app.inject({
    method,
    url: apiPath(endpoint),
    headers: { ...session.headers },
    ...(payload && { payload }),
  });

async function supplierInput(overrides: object = {}) {
  const supplier = await createSupplier();
  return {
    email: uniqueEmail(),
    password: "Suplidor12345",
    name: "Carmen",
    lastname: "Guzmán",
    supplierId: supplier.id,
    supplierName: supplier.name,
    ...overrides,
  };
}

describe("POST /api/v1/Auth/supplierSignup", () => {
  it("creates a user of the supplier who signs in as Supplier, named after its record and supplier", async () => {
    const { supplierName, ...input } = await supplierInput();
    const response = await send("POST", API.auth.supplierSignup, input);
    expect(response.statusCode, response.body).toBe(201);
    const { userId, id } = response.json();
    expect(response.json().temporaryPassword).toBeUndefined();
    const { db } = await testDatabase();
    const [row] = await db.select().from(supplierUsers).where(eq(supplierUsers.id, id));
    expect(row).toMatchObject({ userId, supplierId: input.supplierId, name: "Carmen", lastname: "Guzmán" });

    const session = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: input.email, password: input.password },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      roles: ["Supplier"],
      userId,
      mustChangePassword: false,
      user: { name: "Carmen", lastname: "Guzmán", jobTitle: supplierName },
    });

    // Refresh, change password and the users page work for a Supplier like for anyone.
    const refreshed = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
      payload: { refreshToken: session.json().refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().roles).toEqual(["Supplier"]);
    const own = await signIn(app, input.email, input.password);
    const changed = await send(
      "PUT",
      API.auth.changePassword,
      { currentPassword: input.password, newPassword: "Suplidor67890" },
      own,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await signIn(app, input.email, "Suplidor67890");

    const users = await app.inject({
      method: "GET",
      url: `${API.user.list.path}?criterion=${encodeURIComponent(input.email)}`,
      headers: { ...admin.headers },
    });
    expect(users.json().list).toEqual([
      expect.objectContaining({ id: userId, role: "Supplier", name: "Carmen", lastname: "Guzmán" }),
    ]);
    // Found by its name too, without accents like every search.
    const suffix = unique("x");
    const { supplierName: __, ...other } = await supplierInput({ name: `Ángel${suffix}` });
    const named = await send("POST", API.auth.supplierSignup, other);
    const byName = await app.inject({
      method: "GET",
      url: `${API.user.list.path}?criterion=angel${suffix}`,
      headers: { ...admin.headers },
    });
    expect(byName.json().list.map((user: { id: number }) => user.id)).toEqual([named.json().userId]);
  });

  it("without a password answers a temporary one the user must change", async () => {
    const { supplierName: _, password: __, ...input } = await supplierInput();
    const response = await send("POST", API.auth.supplierSignup, input);
    expect(response.statusCode).toBe(201);
    const temporary = response.json().temporaryPassword as string;
    expect(temporary.length).toBeGreaterThanOrEqual(10);
    const session = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: input.email, password: temporary },
    });
    expect(session.json()).toMatchObject({ roles: ["Supplier"], mustChangePassword: true });
  });

  it("answers in Spanish: unknown supplier 404, inactive supplier 409, e-mail taken 409, bad fields 400", async () => {
    const { supplierName: _, ...input } = await supplierInput();
    const unknown = await send("POST", API.auth.supplierSignup, { ...input, supplierId: 999_999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Suplidor no encontrado");

    const inactive = await createSupplier({ status: "inactive" });
    const refused = await send("POST", API.auth.supplierSignup, { ...input, supplierId: inactive.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ supplierId: "El suplidor está inactivo" });

    const taken = await createUser();
    const duplicate = await send("POST", API.auth.supplierSignup, { ...input, email: taken.email });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ email: "Ya existe un usuario con este correo" });

    const bad = await send("POST", API.auth.supplierSignup, { ...input, email: "no-es-correo", name: "" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["email", "name"]);
  });

  it("is for Admin and SuperAdmin: 403 for a Collaborator, a Driver and a Supplier", async () => {
    const { supplierName: _, ...input } = await supplierInput();
    for (const role of ["Collaborator", "Driver", "Supplier"] as const) {
      const session = await signedInAs(app, role);
      const response = await send(
        "POST",
        API.auth.supplierSignup,
        { ...input, email: uniqueEmail() },
        session,
      );
      expect(response.statusCode, role).toBe(403);
    }
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await send("POST", API.auth.supplierSignup, input, superAdmin)).statusCode).toBe(201);
  });
});

describe("a Supplier user's account", () => {
  it("cannot sign in, refresh or keep its session while its supplier is inactive; can again once reactivated", async () => {
    const supplier = await createSupplier();
    const session = await createSupplierUser(app, supplier.id);
    const list = () => send("GET", API.supplier.listName, undefined, session);
    expect((await list()).statusCode).toBe(200);

    const off = await send("PUT", API.supplier.status, { id: supplier.id, status: "inactive" });
    expect(off.statusCode, off.body).toBe(200);
    // The status change is told to the rights at once: the open session ends now.
    expect((await list()).statusCode).toBe(401);
    const signInAgain = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: session.user.email, password: session.user.password },
    });
    expect(signInAgain.statusCode).toBe(401);
    expect(signInAgain.json().message).toBe("Correo o contraseña incorrectos");
    const refreshed = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);

    await send("PUT", API.supplier.status, { id: supplier.id, status: "active" });
    const back = await signIn(app, session.user.email);
    expect((await send("GET", API.supplier.listName, undefined, back)).json()).toEqual([
      { id: supplier.id, name: supplier.name },
    ]);
  });

  it("keeps its role: a Supplier cannot become another role, nor anyone a Supplier", async () => {
    const supplierUser = await createSupplierAccount((await createSupplier()).id);
    const collaborator = await createUser();
    for (const [userId, role] of [
      [supplierUser.id, "Collaborator"],
      [supplierUser.id, "Admin"],
      [collaborator.id, "Supplier"],
    ] as const) {
      const response = await send("POST", API.auth.roleUser, { userId, role });
      expect(response.statusCode, `${userId} → ${role}`).toBe(409);
      expect(response.json().errors).toEqual({ role: "Cambio de rol no permitido" });
    }
  });

  it("lists the Supplier role among the roles (Auth/role)", async () => {
    const roles = (await send("GET", API.auth.roles)).json() as { name: string }[];
    expect(roles.map((role) => role.name)).toContain("Supplier");
  });
});
