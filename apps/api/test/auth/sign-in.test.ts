import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryAttemptStore } from "../../src/modules/auth/attempt-store.js";
import { createRedisAttemptStore } from "../../src/modules/auth/redis-attempt-store.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import {
  buildTestApp,
  createUser,
  TEST_PASSWORD,
  testConfig,
  unique,
  uniqueEmail,
} from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const signIn = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: API.auth.signIn.path, payload: payload as object, headers });

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
      url: API.auth.signIn.path,
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
});

describe("sign-in throttle: progressive delay, never a lockout (decision 0022)", () => {
  const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

  /** An app whose throttle runs on a clock the test moves. */
  async function appWithClock() {
    const clock = { now: 1_000_000 };
    const now = () => clock.now;
    const throttled = await buildTestApp({
      throttle: createSignInThrottle({ now, store: createMemoryAttemptStore(now) }),
    });
    const attempt = (email: string, password: string, ip: string) =>
      throttled.inject({
        method: "POST",
        url: API.auth.signIn.path,
        payload: { email, password },
        remoteAddress: ip,
      });
    return { throttled, clock, attempt };
  }

  it("the guessing client waits a Retry-After that doubles; the owner still signs in from its usual IP", async () => {
    const { throttled, clock, attempt } = await appWithClock();
    try {
      const owner = await createUser({ role: "Admin" });
      expect((await attempt(owner.email, TEST_PASSWORD, "10.0.0.1")).statusCode).toBe(200);

      for (let i = 0; i < 5; i++)
        expect((await attempt(owner.email, "Equivocada1", "66.0.0.1")).statusCode).toBe(401);
      const waits: number[] = [];
      for (let round = 0; round < 3; round++) {
        const refused = await attempt(owner.email, TEST_PASSWORD, "66.0.0.1");
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe(
          `Demasiados intentos fallidos. Intente de nuevo en ${refused.headers["retry-after"]} ${round === 0 ? "segundo" : "segundos"}.`,
        );
        const wait = Number(refused.headers["retry-after"]);
        waits.push(wait);
        clock.now += wait * 1000;
        expect((await attempt(owner.email, "Equivocada1", "66.0.0.1")).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4]);

      // The owner, from where it signed in before, is not kept out by the attacker's failures.
      expect((await attempt(owner.email, TEST_PASSWORD, "10.0.0.1")).statusCode).toBe(200);
    } finally {
      await throttled.close();
    }
  });

  it("failures from many IPs delay the account only for IPs it never signed in from, and briefly", async () => {
    const { throttled, attempt } = await appWithClock();
    try {
      const owner = await createUser({ role: "Admin" });
      expect((await attempt(owner.email, TEST_PASSWORD, "10.0.0.2")).statusCode).toBe(200);
      for (let i = 0; i < 12; i++) await attempt(owner.email, "Equivocada1", `66.1.0.${i}`);
      const elsewhere = await attempt(owner.email, TEST_PASSWORD, "20.0.0.1");
      expect(elsewhere.statusCode).toBe(429);
      expect(Number(elsewhere.headers["retry-after"])).toBeLessThanOrEqual(300);
      expect((await attempt(owner.email, TEST_PASSWORD, "10.0.0.2")).statusCode).toBe(200);
    } finally {
      await throttled.close();
    }
  });

  it("never refuses a correct password because of other accounts' failures from the same IP", async () => {
    const throttled = await buildTestApp({
      throttle: createSignInThrottle({ ip: { free: 3, baseMs: 1, capMs: 5 } }),
    });
    try {
      // More than the 30 failures per IP that used to block every sign-in from it.
      for (let i = 0; i < 31; i++) {
        const response = await throttled.inject({
          method: "POST",
          url: API.auth.signIn.path,
          payload: { email: uniqueEmail(), password: "Equivocada1" },
          remoteAddress: "77.0.0.1",
        });
        expect(response.statusCode).toBe(401);
      }
      const user = await createUser();
      const right = await throttled.inject({
        method: "POST",
        url: API.auth.signIn.path,
        payload: { email: user.email, password: TEST_PASSWORD },
        remoteAddress: "77.0.0.1",
      });
      expect(right.statusCode).toBe(200);
    } finally {
      await throttled.close();
    }
  });

  it("behind a trusted proxy, each client is counted by its forwarded address (request.ip)", async () => {
    const proxied = await buildTestApp({ config: testConfig({ TRUST_PROXY: "1" }) });
    try {
      const user = await createUser();
      const attempt = (password: string, client: string) =>
        proxied.inject({
          method: "POST",
          url: API.auth.signIn.path,
          payload: { email: user.email, password },
          headers: { "x-forwarded-for": client },
        });
      for (let i = 0; i < 5; i++) await attempt("Equivocada1", "66.2.0.1");
      expect((await attempt(TEST_PASSWORD, "66.2.0.1")).statusCode).toBe(429);
      expect((await attempt(TEST_PASSWORD, "10.2.0.1")).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it("with Redis, every instance shares the counters", async () => {
    const prefix = `${unique("treiber-test:")}:`;
    const stores = await Promise.all([
      createRedisAttemptStore({ url: REDIS_URL, prefix }),
      createRedisAttemptStore({ url: REDIS_URL, prefix }),
    ]);
    const [one, two] = await Promise.all(stores.map((attempts) => buildTestApp({ attempts })));
    try {
      const user = await createUser();
      const attempt = (target: FastifyInstance, password: string) =>
        target.inject({
          method: "POST",
          url: API.auth.signIn.path,
          payload: { email: user.email, password },
        });
      for (let i = 0; i < 5; i++)
        expect((await attempt(one as FastifyInstance, "Equivocada1")).statusCode).toBe(401);
      const refused = await attempt(two as FastifyInstance, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await Promise.all([one?.close(), two?.close()]);
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
