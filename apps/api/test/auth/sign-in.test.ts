import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { buildTestApp, createUser, TEST_PASSWORD, uniqueEmail } from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const signIn = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/v1/Auth/SignIn", payload: payload as object, headers });

describe("POST /api/v1/Auth/SignIn", () => {
  it.each(["SuperAdmin", "Admin", "Collaborator", "Driver"] as const)("signs in a %s", async (role) => {
    const user = await createUser({ role });
    const response = await signIn({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ roles: [role], userId: user.id, mustChangePassword: false });
    expect(body.token.split(".")).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    expect(body.user.name).toBe(role === "Driver" ? "Juan" : "María");
    expect(body.user.jobTitle).toBe(role === "Driver" ? "Chofer" : "Analista");
  });

  it("answers wrong password, unknown e-mail and inactive user alike", async () => {
    const user = await createUser();
    const inactive = await createUser({ status: "inactive" });
    const answers = await Promise.all([
      signIn({ email: user.email, password: "Equivocada1" }),
      signIn({ email: uniqueEmail(), password: TEST_PASSWORD }),
      signIn({ email: inactive.email, password: TEST_PASSWORD }),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, message: "Correo o contraseña incorrectos" });
    }
  });

  it("validates the body with Spanish messages per field", async () => {
    const missing = await signIn({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      email: "Este campo es requerido",
      password: "Este campo es requerido",
    });

    const wrongTypes = await signIn({ email: 42, password: ["x"] });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json().errors)).toEqual(["email", "password"]);

    const badEmail = await signIn({ email: "no-es-correo", password: "x" });
    expect(badEmail.json().errors.email).toBe("Correo electrónico inválido");

    const notJson = await app.inject({
      method: "POST",
      url: "/api/v1/Auth/SignIn",
      payload: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe("El cuerpo de la solicitud no es JSON válido");
  });

  it("refuses huge bodies with 413", async () => {
    const response = await signIn({ email: "a@b.do", password: "x".repeat(2_000_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, message: "La solicitud es demasiado grande" });
  });

  it("throttles an account after repeated failures (429 + Retry-After), even with the right password", async () => {
    const throttled = await buildTestApp({
      throttle: createSignInThrottle({ maxPerAccount: 3, maxPerIp: 1000 }),
    });
    const user = await createUser();
    const attempt = (password: string) =>
      throttled.inject({
        method: "POST",
        url: "/api/v1/Auth/SignIn",
        payload: { email: user.email, password },
      });
    for (let i = 0; i < 3; i++) expect((await attempt("Equivocada1")).statusCode).toBe(401);
    const locked = await attempt(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Demasiados intentos/);
    await throttled.close();
  });
});
