import { type AddressInfo, createServer, type Socket } from "node:net";
import { API } from "@treiber/contract/api-paths";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/db/schema.js";
import { FORGET_PASSWORD_MESSAGE } from "../../src/modules/auth/auth-service.js";
import {
  buildTestApp,
  createUser,
  signedInAs,
  signIn,
  TEST_PASSWORD,
  testConfig,
  testDatabase,
  uniqueEmail,
} from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** The newest mail to `email`, waiting for it a few seconds: reset codes are mailed after the answer. */
async function mailTo(email: string) {
  for (let i = 0; i < 100; i++) {
    const mail = await lastMailTo(email);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

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
      app.inject({ method: "PUT", url: API.auth.changePassword.path, headers: session.headers, payload });

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
      url: API.auth.changePassword.path,
      payload: { currentPassword: "a", newPassword: "NuevaClave9" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("forgetPassword and changePasswordForget", () => {
  it("answers the same for known and unknown e-mails, and mails a code only to a known one", async () => {
    const user = await createUser();
    const unknown = uniqueEmail();
    const other = await app.inject({
      method: "POST",
      url: API.auth.forgetPassword.path,
      payload: { email: unknown },
    });
    const known = await app.inject({
      method: "POST",
      url: API.auth.forgetPassword.path,
      payload: { email: user.email },
    });
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.json()).toEqual(other.json());
    expect(await mailTo(user.email)).toBeDefined();
    expect(await lastMailTo(unknown)).toBeUndefined();
  });

  it("resets with the mailed code once; a wrong code fails and counts", async () => {
    const user = await createUser();
    await app.inject({ method: "POST", url: API.auth.forgetPassword.path, payload: { email: user.email } });
    const mail = await mailTo(user.email);
    const code = /(\d{8})/.exec(mail?.body ?? "")?.[1];
    expect(code).toMatch(/^\d{8}$/);
    const reset = (payload: object) =>
      app.inject({ method: "PUT", url: API.auth.changePasswordForget.path, payload });

    const wrongCode = code === "00000000" ? "11111111" : "00000000";
    const wrong = await reset({ email: user.email, code: wrongCode, newPassword: "Recuperada1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: "El código es inválido o expiró" });
    expect(
      (await reset({ email: user.email, code: "12ab", newPassword: "Recuperada1" })).json().errors.code,
    ).toBe("El código debe tener 8 dígitos");
    expect(
      (await reset({ email: user.email, code: "123456", newPassword: "Recuperada1" })).json().errors.code,
    ).toBe("El código debe tener 8 dígitos");

    expect((await reset({ email: user.email, code, newPassword: "Recuperada1" })).statusCode).toBe(200);
    await expect(signIn(app, user.email, "Recuperada1")).resolves.toMatchObject({ userId: user.id });
    expect((await reset({ email: user.email, code, newPassword: "OtraClave22" })).statusCode).toBe(400);
  });

  it("locks the code after five wrong attempts", async () => {
    const user = await createUser();
    await app.inject({ method: "POST", url: API.auth.forgetPassword.path, payload: { email: user.email } });
    const code = /(\d{8})/.exec((await mailTo(user.email))?.body ?? "")?.[1] as string;
    const wrongCode = code === "99999999" ? "88888888" : "99999999";
    for (let i = 0; i < 5; i++) {
      await app.inject({
        method: "PUT",
        url: API.auth.changePasswordForget.path,
        payload: { email: user.email, code: wrongCode, newPassword: "Recuperada1" },
      });
    }
    const right = await app.inject({
      method: "PUT",
      url: API.auth.changePasswordForget.path,
      payload: { email: user.email, code, newPassword: "Recuperada1" },
    });
    expect(right.statusCode).toBe(400);
  });
});

describe("PUT /api/v1/Auth/RegeneratePassword", () => {
  it("gives a temporary password once, mails it, and forces a change at next sign-in", async () => {
    const admin = await signedInAs(app, "SuperAdmin");
    const user = await createUser();
    const old = await signIn(app, user.email);
    const response = await app.inject({
      method: "PUT",
      url: `${API.auth.regeneratePassword.path}?userId=${user.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const { temporaryPassword } = response.json();
    expect(temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12}$/);
    expect((await lastMailTo(user.email))?.body).toContain(temporaryPassword);
    const signInResponse = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: user.email, password: temporaryPassword },
    });
    expect(signInResponse.json().mustChangePassword).toBe(true);
    const refreshOld = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
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
        url: `${API.auth.regeneratePassword.path}${query}`,
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
      url: API.auth.signIn.path,
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(first.json().mustChangePassword).toBe(true);
    await app.inject({
      method: "PUT",
      url: API.auth.changePassword.path,
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

describe("password reset brute force (decision 0022)", () => {
  const forget = (target: FastifyInstance, email: string, ip = "127.0.0.1") =>
    target.inject({
      method: "POST",
      url: API.auth.forgetPassword.path,
      payload: { email },
      remoteAddress: ip,
    });

  it("limits codes per e-mail (known or not, alike) and per IP with a Spanish 429", async () => {
    const limited = await buildTestApp();
    try {
      const user = await createUser();
      const unknown = uniqueEmail();
      for (const email of [user.email, unknown]) {
        for (let i = 0; i < 3; i++)
          expect((await forget(limited, email, `30.0.0.${i}`)).statusCode).toBe(200);
        const refused = await forget(limited, email, "30.0.0.9");
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe(
          "Demasiadas solicitudes de código. Espere unos minutos antes de pedir otro.",
        );
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      }
      for (let i = 0; i < 10; i++)
        expect((await forget(limited, uniqueEmail(), "31.0.0.1")).statusCode).toBe(200);
      expect((await forget(limited, uniqueEmail(), "31.0.0.1")).statusCode).toBe(429);
      expect((await forget(limited, uniqueEmail(), "31.0.0.2")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("caps wrong codes per user across codes: a new code does not buy new guesses", async () => {
    const user = await createUser();
    const reset = (code: string) =>
      app.inject({
        method: "PUT",
        url: API.auth.changePasswordForget.path,
        payload: { email: user.email, code, newPassword: "Recuperada1" },
      });
    const newCode = async () => {
      const before = (await lastMailTo(user.email))?.id ?? 0;
      await forget(app, user.email);
      for (let i = 0; i < 100; i++) {
        const mail = await lastMailTo(user.email);
        if (mail && mail.id > before) return /(\d{8})/.exec(mail.body)?.[1] as string;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("no code mailed");
    };
    for (let round = 0; round < 2; round++) {
      const code = await newCode();
      const wrong = code === "12345678" ? "87654321" : "12345678";
      for (let i = 0; i < 5; i++) expect((await reset(wrong)).statusCode).toBe(400);
    }
    const code = await newCode();
    const refused = await reset(code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Demasiados códigos incorrectos. Espere antes de intentarlo de nuevo.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    await expect(signIn(app, user.email, "Recuperada1")).rejects.toThrow("401");
  });

  it("answers forgetPassword without waiting for the mail (a hung SMTP server)", {
    timeout: 10_000,
  }, async () => {
    const sockets = new Set<Socket>();
    const smtp = createServer((socket) => {
      sockets.add(socket); // accepts and never greets
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.address() as AddressInfo;
    const slow = await buildTestApp({ config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }) });
    try {
      const user = await createUser();
      const response = await forget(slow, user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(FORGET_PASSWORD_MESSAGE);
      expect((await mailTo(user.email))?.sentAt).toBeNull();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => smtp.close(resolve));
      await slow.close();
    }
  });
});

describe("changePassword ends the other sessions and throttles wrong current passwords", () => {
  it("keeps the calling session, revokes the others", async () => {
    const user = await createUser();
    const current = await signIn(app, user.email);
    const other = await signIn(app, user.email);
    const change = await app.inject({
      method: "PUT",
      url: API.auth.changePassword.path,
      headers: current.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: "Cambiada123" },
    });
    expect(change.statusCode).toBe(200);
    const refresh = (refreshToken: string) =>
      app.inject({ method: "POST", url: API.auth.refreshToken.path, payload: { refreshToken } });
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    const renewed = await refresh(current.refreshToken);
    expect(renewed.statusCode).toBe(200);
    const profile = await app.inject({
      method: "GET",
      url: API.employee.profile.path,
      headers: { authorization: `Bearer ${renewed.json().token}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it("answers 429 after five wrong current passwords, even with the right one", async () => {
    const user = await createUser();
    const session = await signIn(app, user.email);
    const change = (currentPassword: string) =>
      app.inject({
        method: "PUT",
        url: API.auth.changePassword.path,
        headers: session.headers,
        payload: { currentPassword, newPassword: "Cambiada123" },
      });
    for (let i = 0; i < 5; i++) expect((await change("NoEsEsta1")).statusCode).toBe(400);
    const refused = await change(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Demasiados intentos con una contraseña actual incorrecta. Espere unos minutos.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("mustChangePassword is enforced by the server", () => {
  it("allows only changePassword, the own profile and signing out until the password is changed", async () => {
    const user = await createUser({ mustChangePassword: true });
    const session = await signIn(app, user.email);
    const call = (method: "GET" | "PUT", url: string, payload?: object) =>
      app.inject({ method, url, headers: session.headers, ...(payload && { payload }) });

    const blocked = await call("GET", API.employee.myRoutes.path);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe("Debe cambiar su contraseña temporal antes de continuar.");
    expect((await call("GET", API.employee.profile.path)).statusCode).toBe(200);

    // A refreshed token is as restricted.
    const renewed = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
      payload: { refreshToken: session.refreshToken },
    });
    expect(
      (
        await app.inject({
          method: "GET",
          url: API.employee.myRoutes.path,
          headers: { authorization: `Bearer ${renewed.json().token}` },
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (
        await call("PUT", API.auth.changePassword.path, {
          currentPassword: TEST_PASSWORD,
          newPassword: "Cambiada123",
        })
      ).statusCode,
    ).toBe(200);
    // The same token works everywhere once the password is changed.
    expect((await call("GET", API.employee.myRoutes.path)).statusCode).toBe(200);
  });

  it("keeps an admin with a temporary password out of the back office calls", async () => {
    const admin = await createUser({ role: "Admin", mustChangePassword: true });
    const session = await signIn(app, admin.email);
    const list = await app.inject({ method: "GET", url: API.user.list.path, headers: session.headers });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe("Debe cambiar su contraseña temporal antes de continuar.");
    const driver = await createUser({ role: "Driver", mustChangePassword: true });
    const driverSession = await signIn(app, driver.email);
    expect(
      (await app.inject({ method: "GET", url: API.driver.profile.path, headers: driverSession.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: "GET",
          url: API.intermediateRoute.today.path,
          headers: driverSession.headers,
        })
      ).json().message,
    ).toBe("Debe cambiar su contraseña temporal antes de continuar.");
  });
});

describe("Admins and their peers (decision 0022)", () => {
  const regenerate = (headers: object, userId: number) =>
    app.inject({
      method: "PUT",
      url: API.auth.regeneratePassword.path,
      headers: headers as Record<string, string>,
      payload: { userId },
    });

  it("an Admin regenerates a collaborator's password only by mail; a SuperAdmin also reads it", async () => {
    const admin = await signedInAs(app, "Admin");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    const user = await createUser();
    const byAdmin = await regenerate(admin.headers, user.id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().temporaryPassword).toBeUndefined();
    expect(byAdmin.json().message).toBe("Contraseña regenerada y enviada por correo al usuario.");
    expect((await lastMailTo(user.email))?.body).toMatch(/Su contraseña temporal es \S{12}\./);
    const bySuperAdmin = await regenerate(superAdmin.headers, user.id);
    expect(bySuperAdmin.json().temporaryPassword).toMatch(/^\S{12}$/);
  });

  it("only a SuperAdmin regenerates another Admin's password", async () => {
    const admin = await signedInAs(app, "Admin");
    const peer = await createUser({ role: "Admin" });
    const denied = await regenerate(admin.headers, peer.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(
      "Solo un SuperAdmin puede regenerar la contraseña de un Admin o SuperAdmin",
    );
    await expect(signIn(app, peer.email)).resolves.toMatchObject({ userId: peer.id });
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await regenerate(superAdmin.headers, peer.id)).statusCode).toBe(200);
  });
});
