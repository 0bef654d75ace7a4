import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/db/schema.js";
import {
  buildTestApp,
  createUser,
  signedInAs,
  signIn,
  TEST_PASSWORD,
  testDatabase,
  uniqueEmail,
} from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function lastMailTo(email: string) {
  const { db } = await testDatabase();
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

describe("PUT /api/v1/Auth/changePassword", () => {
  it("changes the password when the current one is right", async () => {
    const user = await createUser();
    const session = await signIn(app, user.email);
    const change = (payload: object) =>
      app.inject({ method: "PUT", url: "/api/v1/Auth/changePassword", headers: session.headers, payload });

    const wrong = await change({ currentPassword: "NoEsEsta1", newPassword: "NuevaClave9" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: "La contraseña actual es incorrecta" });

    const weak = await change({ currentPassword: TEST_PASSWORD, newPassword: "corta" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toBe("La contraseña debe tener al menos 8 caracteres");
    const noUpper = await change({ currentPassword: TEST_PASSWORD, newPassword: "sinmayuscula1" });
    expect(noUpper.json().errors.newPassword).toBe("La contraseña debe tener al menos una letra mayúscula");

    expect((await change({ currentPassword: TEST_PASSWORD, newPassword: "NuevaClave9" })).statusCode).toBe(
      200,
    );
    await expect(signIn(app, user.email)).rejects.toThrow("401");
    await expect(signIn(app, user.email, "NuevaClave9")).resolves.toMatchObject({ userId: user.id });
  });

  it("needs a session", async () => {
    const response = await app.inject({
      method: "PUT",
      url: "/api/v1/Auth/changePassword",
      payload: { currentPassword: "a", newPassword: "NuevaClave9" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("forgetPassword and changePasswordForget", () => {
  it("answers the same for known and unknown e-mails, and mails a code only to a known one", async () => {
    const user = await createUser();
    const unknown = uniqueEmail();
    const known = await app.inject({
      method: "POST",
      url: "/api/v1/Auth/forgetPassword",
      payload: { email: user.email },
    });
    const other = await app.inject({
      method: "POST",
      url: "/api/v1/Auth/forgetPassword",
      payload: { email: unknown },
    });
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.json()).toEqual(other.json());
    expect(await lastMailTo(user.email)).toBeDefined();
    expect(await lastMailTo(unknown)).toBeUndefined();
  });

  it("resets with the mailed code once; a wrong code fails and counts", async () => {
    const user = await createUser();
    await app.inject({ method: "POST", url: "/api/v1/Auth/forgetPassword", payload: { email: user.email } });
    const mail = await lastMailTo(user.email);
    const code = /(\d{6})/.exec(mail?.body ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const reset = (payload: object) =>
      app.inject({ method: "PUT", url: "/api/v1/Auth/changePasswordForget", payload });

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await reset({ email: user.email, code: wrongCode, newPassword: "Recuperada1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: "El código es inválido o expiró" });
    expect(
      (await reset({ email: user.email, code: "12ab", newPassword: "Recuperada1" })).json().errors.code,
    ).toBe("El código debe tener 6 dígitos");

    expect((await reset({ email: user.email, code, newPassword: "Recuperada1" })).statusCode).toBe(200);
    await expect(signIn(app, user.email, "Recuperada1")).resolves.toMatchObject({ userId: user.id });
    expect((await reset({ email: user.email, code, newPassword: "OtraClave22" })).statusCode).toBe(400);
  });

  it("locks the code after five wrong attempts", async () => {
    const user = await createUser();
    await app.inject({ method: "POST", url: "/api/v1/Auth/forgetPassword", payload: { email: user.email } });
    const code = /(\d{6})/.exec((await lastMailTo(user.email))?.body ?? "")?.[1] as string;
    const wrongCode = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 5; i++) {
      await app.inject({
        method: "PUT",
        url: "/api/v1/Auth/changePasswordForget",
        payload: { email: user.email, code: wrongCode, newPassword: "Recuperada1" },
      });
    }
    const right = await app.inject({
      method: "PUT",
      url: "/api/v1/Auth/changePasswordForget",
      payload: { email: user.email, code, newPassword: "Recuperada1" },
    });
    expect(right.statusCode).toBe(400);
  });
});

describe("PUT /api/v1/Auth/RegeneratePassword", () => {
  it("gives a temporary password once, mails it, and forces a change at next sign-in", async () => {
    const admin = await signedInAs(app, "Admin");
    const user = await createUser();
    const old = await signIn(app, user.email);
    const response = await app.inject({
      method: "PUT",
      url: `/api/v1/Auth/RegeneratePassword?userId=${user.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const { temporaryPassword } = response.json();
    expect(temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12}$/);
    expect((await lastMailTo(user.email))?.body).toContain(temporaryPassword);
    const signInResponse = await app.inject({
      method: "POST",
      url: "/api/v1/Auth/SignIn",
      payload: { email: user.email, password: temporaryPassword },
    });
    expect(signInResponse.json().mustChangePassword).toBe(true);
    const refreshOld = await app.inject({
      method: "POST",
      url: "/api/v1/Auth/refresh-token",
      payload: { refreshToken: old.refreshToken },
    });
    expect(refreshOld.statusCode).toBe(401);
  });

  it("accepts the userId in the body too; checks roles and ids", async () => {
    const admin = await signedInAs(app, "Admin");
    const superAdmin = await createUser({ role: "SuperAdmin" });
    const collaborator = await signedInAs(app, "Collaborator");
    const regenerate = (headers: object, payload?: object, query = "") =>
      app.inject({
        method: "PUT",
        url: `/api/v1/Auth/RegeneratePassword${query}`,
        headers: headers as Record<string, string>,
        ...(payload && { payload }),
      });

    expect((await regenerate(collaborator.headers, { userId: admin.userId })).statusCode).toBe(403);
    expect((await regenerate(admin.headers, { userId: collaborator.userId })).statusCode).toBe(200);
    // The regenerated password ended the collaborator's sessions: its token stops at once.
    expect((await regenerate(collaborator.headers, { userId: admin.userId })).statusCode).toBe(401);
    expect((await regenerate(admin.headers, { userId: superAdmin.id })).statusCode).toBe(403);
    expect((await regenerate(admin.headers, { userId: 999_999_999 })).statusCode).toBe(404);
    const missing = await regenerate(admin.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ userId: "Este campo es requerido" });
    expect((await regenerate(admin.headers, undefined, "?userId=abc")).statusCode).toBe(400);
  });
});

describe("mustChangePassword", () => {
  it("is reported at sign-in and cleared by changePassword", async () => {
    const user = await createUser({ mustChangePassword: true });
    const first = await app.inject({
      method: "POST",
      url: "/api/v1/Auth/SignIn",
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(first.json().mustChangePassword).toBe(true);
    await app.inject({
      method: "PUT",
      url: "/api/v1/Auth/changePassword",
      headers: { authorization: `Bearer ${first.json().token}` },
      payload: { currentPassword: TEST_PASSWORD, newPassword: "Cambiada123" },
    });
    const second = await signIn(app, user.email, "Cambiada123");
    const { db } = await testDatabase();
    const { users } = await import("../../src/db/schema.js");
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, second.userId)));
    expect(row?.mustChangePassword).toBe(false);
  });
});
