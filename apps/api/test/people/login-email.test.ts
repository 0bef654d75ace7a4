/**
 * Issue 32: the sign-in e-mail changes on the person's page only (PUT Employee, PUT driver). A new
 * one ends every session of the person (refresh tokens and access tokens) and tells the old
 * address; the same one, in other case, changes nothing.
 */
import { API } from "@treiber/contract/api-paths";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../src/db/schema.js";
import { createDriver, createEmployee } from "../helpers/people-factories.js";
import {
  buildTestApp,
  createBranchOffice,
  createSupplier,
  type SignedIn,
  signedInAs,
  signIn,
  testDatabase,
  unique,
  uniqueEmail,
  uniqueIdentityCard,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const put = (url: string, payload: object, session: SignedIn = admin) =>
  app.inject({ method: "PUT", url, payload, headers: session.headers });
const refresh = (refreshToken: string) =>
  app.inject({ method: "POST", url: API.auth.refreshToken.path, payload: { refreshToken } });
const get = (url: string, session: SignedIn) => app.inject({ method: "GET", url, headers: session.headers });

async function employeeBody(id: number, email?: string) {
  const office = await createBranchOffice();
  return {
    id,
    name: "María",
    lastname: "Santana",
    codeEmployee: unique("E"),
    department: "Finanzas",
    jobTitle: "Analista",
    telephone: "(829) 555-0101",
    branchOfficeId: office.id,
    ...(email !== undefined && { email }),
  };
}

async function driverBody(id: number, email?: string) {
  const supplier = await createSupplier();
  return {
    id,
    name: "Juan",
    lastname: "Pérez",
    identityCard: uniqueIdentityCard(),
    telephone: "(809) 555-1234",
    licenseNumber: "LIC-1",
    supplierId: supplier.id,
    vehiclePlate: "A123456",
    vehicleModel: "Toyota Hiace",
    vehicleCapacity: 15,
    ...(email !== undefined && { email }),
  };
}

async function mailsTo(email: string) {
  const { db } = await testDatabase();
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}

async function emailOf(userId: number) {
  const { db } = await testDatabase();
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

describe("PUT Employee with a new e-mail", () => {
  it("ends the collaborator's sessions, mails the old address, and the new address signs in", async () => {
    const { user, employee } = await createEmployee();
    const [phone, desktop] = [await signIn(app, user.email), await signIn(app, user.email)];
    expect((await get(API.employee.profile.path, phone)).statusCode).toBe(200);
    const newEmail = uniqueEmail();

    const response = await put(
      API.employee.update.path,
      await employeeBody(employee.id, newEmail.toUpperCase()),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await emailOf(user.id)).toBe(newEmail);

    for (const session of [phone, desktop]) {
      expect((await get(API.employee.profile.path, session)).statusCode).toBe(401);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    }
    const [mail] = await mailsTo(user.email);
    expect(mail?.subject).toBe("Treiber: cambió su correo de inicio de sesión");
    expect(mail?.body).toContain(user.email);
    expect(mail?.body).toContain(newEmail);
    expect(await mailsTo(newEmail)).toHaveLength(0);

    const old = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    const again = await signIn(app, newEmail);
    expect((await get(API.employee.profile.path, again)).statusCode).toBe(200);
  });

  it("a reset code sent to the old address no longer works", async () => {
    const { user, employee } = await createEmployee();
    const asked = await app.inject({
      method: "POST",
      url: API.auth.forgetPassword.path,
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    let code: string | undefined;
    for (let i = 0; i < 200 && !code; i++) {
      const [mail] = await mailsTo(user.email);
      code = /\b(\d{8})\b/.exec(mail?.body ?? "")?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(code).toBeDefined();
    const newEmail = uniqueEmail();
    expect((await put(API.employee.update.path, await employeeBody(employee.id, newEmail))).statusCode).toBe(
      200,
    );
    const reset = await app.inject({
      method: "PUT",
      url: API.auth.changePasswordForget.path,
      payload: { email: newEmail, code, newPassword: "OtraClave123!" },
    });
    expect(reset.statusCode).toBe(400);
  });

  it("the same e-mail, in any case, or none at all, keeps the sessions and sends nothing", async () => {
    const { user, employee } = await createEmployee();
    const session = await signIn(app, user.email);
    for (const email of [user.email.toUpperCase(), user.email, undefined]) {
      const response = await put(API.employee.update.path, await employeeBody(employee.id, email));
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await get(API.employee.profile.path, session)).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("another account's e-mail is a 409 on the field, and nothing changes", async () => {
    const { user, employee } = await createEmployee();
    const other = await createEmployee();
    const session = await signIn(app, user.email);
    const body = await employeeBody(employee.id, other.user.email);
    const response = await put(API.employee.update.path, body);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ email: "Ya existe un usuario con este correo" });
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await get(API.employee.profile.path, session)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("only a SuperAdmin changes an administrator's e-mail; a bad e-mail is a 400", async () => {
    const boss = await createEmployee({ role: "Admin" });
    const denied = await put(API.employee.update.path, await employeeBody(boss.employee.id, uniqueEmail()));
    expect(denied.statusCode).toBe(403);
    expect(await emailOf(boss.user.id)).toBe(boss.user.email);
    const invalid = await put(API.employee.update.path, await employeeBody(boss.employee.id, "no-es-correo"));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({ email: "Correo electrónico inválido" });
  });
});

describe("PUT driver with a new e-mail", () => {
  it("ends the driver's sessions and mails the old address", async () => {
    const { user, driver } = await createDriver();
    const session = await signIn(app, user.email);
    expect((await get(API.driver.profile.path, session)).statusCode).toBe(200);
    const newEmail = uniqueEmail();

    const response = await put(API.driver.update.path, await driverBody(driver.id, newEmail));
    expect(response.statusCode, response.body).toBe(200);
    expect(await emailOf(user.id)).toBe(newEmail);
    expect((await get(API.driver.profile.path, session)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    const [mail] = await mailsTo(user.email);
    expect(mail?.body).toContain(newEmail);
    expect((await signIn(app, newEmail)).userId).toBe(user.id);
  });

  it("the same e-mail keeps the sessions; another account's is a 409", async () => {
    const { user, driver } = await createDriver();
    const other = await createDriver();
    const session = await signIn(app, user.email);
    const same = await put(API.driver.update.path, await driverBody(driver.id, user.email.toUpperCase()));
    expect(same.statusCode, same.body).toBe(200);
    const taken = await put(API.driver.update.path, await driverBody(driver.id, other.user.email));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: "Ya existe un usuario con este correo" });
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await get(API.driver.profile.path, session)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });
});
