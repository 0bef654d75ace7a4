import { API } from "@treiber/contract/api-paths";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { mailOutbox, passwordResetCodes } from "../../src/db/schema.js";
import { type AttemptStore, createMemoryAttemptStore } from "../../src/modules/auth/attempt-store.js";
import { AUTH_LIMITS, createAuthLimits } from "../../src/modules/auth/auth-limits.js";
import { createRedisAttemptStore } from "../../src/modules/auth/redis-attempt-store.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import {
  buildTestApp,
  createUser,
  signIn,
  TEST_PASSWORD,
  testDatabase,
  unique,
} from "../helpers/test-app.js";

/**
 * Issue 21 finding 1: every attempt limit reserves its attempt before the secret is checked, so
 * 100 guesses sent at once are counted as 100 and at most the limit are checked (decision 0036).
 * Each burst runs with the counters in memory and in Redis, on the suite's database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL).
 */

const BURST = 100;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

type Counters = { open(now?: () => number): Promise<AttemptStore>; cleanUp(): Promise<void> };

function inMemory(): Counters {
  return { open: async (now) => createMemoryAttemptStore(now), cleanUp: async () => {} };
}

/** Redis counters under a key prefix of this test alone, deleted after it. */
function inRedis(): Counters {
  const prefix = `${unique("treiber-test:")}:`;
  return {
    open: (now) => createRedisAttemptStore({ url: REDIS_URL, prefix, ...(now && { now }) }),
    async cleanUp() {
      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** Runs `work` on an app whose throttles count in `counters`, on a clock stopped at `now` if given. */
async function withApp(
  counters: Counters,
  work: (app: FastifyInstance) => Promise<void>,
  now?: () => number,
) {
  const attempts = await counters.open(now);
  const app = await buildTestApp({
    attempts,
    ...(now && { throttle: createSignInThrottle({ now, store: attempts }) }),
  });
  try {
    await work(app);
  } finally {
    await app.close();
    await attempts.close();
    await counters.cleanUp();
  }
}

const isTooMany = (response: { statusCode: number }) => response.statusCode === 429;
const checked = (responses: { statusCode: number }[]) => responses.filter((r) => !isTooMany(r)).length;

/** The reset codes mailed to `email`, once at least `atLeast` have been written (they go after the answer). */
async function mailsTo(email: string, atLeast: number) {
  const { db } = await testDatabase();
  let mails = 0;
  for (let i = 0; i < 400; i++) {
    const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email));
    mails = row?.n ?? 0;
    if (mails >= atLeast) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return mails;
}

async function mailedCode(email: string) {
  const { db } = await testDatabase();
  for (let i = 0; i < 400; i++) {
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).limit(1);
    const code = /(\d{8})/.exec(mail?.body ?? "")?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no code mailed");
}

/** Eight digits other than `code`, different for each `i`. */
const wrongCode = (code: string, i: number) => {
  const guess = String((Number(code) + 1 + i) % 100_000_000).padStart(8, "0");
  return guess === code ? "00000000" : guess;
};

describe.each([
  ["in memory", inMemory],
  ["in Redis", inRedis],
])("bursts of %s counters: at most the limit is checked (issue 21, finding 1)", (_name, counters) => {
  it("sign-in from one IP: at most the pair's 5 free guesses are checked; the right password last is refused", async () => {
    await withApp(
      counters(),
      async (app) => {
        const user = await createUser({ role: "Admin" });
        const answers = await Promise.all(
          Array.from({ length: BURST }, (_, i) =>
            app.inject({
              method: "POST",
              url: API.auth.signIn.path,
              payload: { email: user.email, password: i === BURST - 1 ? TEST_PASSWORD : `Equivocada${i}` },
              remoteAddress: "66.21.0.1",
            }),
          ),
        );
        expect(checked(answers)).toBeLessThanOrEqual(5);
        const last = answers[BURST - 1];
        expect(last?.statusCode).toBe(429);
        expect(last?.headers["retry-after"]).toBe("1");
        expect(last?.json().message).toBe("Demasiados intentos fallidos. Intente de nuevo en 1 segundo.");
        for (const answer of answers.filter((r) => !isTooMany(r))) expect(answer.statusCode).toBe(401);
      },
      () => 1_000_000,
    );
  });

  it("sign-in from 100 IPs: at most the account's 10 free guesses are checked; the right password last is refused", async () => {
    await withApp(
      counters(),
      async (app) => {
        const user = await createUser({ role: "Admin" });
        const answers = await Promise.all(
          Array.from({ length: BURST }, (_, i) =>
            app.inject({
              method: "POST",
              url: API.auth.signIn.path,
              payload: { email: user.email, password: i === BURST - 1 ? TEST_PASSWORD : `Equivocada${i}` },
              remoteAddress: `66.21.1.${i}`,
            }),
          ),
        );
        expect(checked(answers)).toBeLessThanOrEqual(10);
        expect(answers[BURST - 1]?.statusCode).toBe(429);
      },
      () => 1_000_000,
    );
  });

  it("reset code: at most 5 guesses of the code are checked; the right code 26th changes nothing", async () => {
    await withApp(counters(), async (app) => {
      const user = await createUser();
      const asked = await app.inject({
        method: "POST",
        url: API.auth.forgetPassword.path,
        payload: { email: user.email },
      });
      expect(asked.statusCode).toBe(200);
      const code = await mailedCode(user.email);
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          app.inject({
            method: "PUT",
            url: API.auth.changePasswordForget.path,
            payload: {
              email: user.email,
              code: i === 25 ? code : wrongCode(code, i),
              newPassword: "Recuperada1",
            },
          }),
        ),
      );
      expect(answers[25]?.statusCode).not.toBe(200);
      // 10 wrong codes per e-mail an hour, of which 5 against this code.
      expect(checked(answers)).toBeLessThanOrEqual(10);
      const { db } = await testDatabase();
      const [stored] = await db
        .select({ attempts: passwordResetCodes.attempts })
        .from(passwordResetCodes)
        .where(eq(passwordResetCodes.userId, user.id));
      expect(stored?.attempts).toBeLessThanOrEqual(5);
      const refused = answers.find(isTooMany);
      expect(refused?.json().message).toBe(
        "Demasiados códigos incorrectos. Espere antes de intentarlo de nuevo.",
      );
      expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
      await expect(signIn(app, user.email, "Recuperada1")).rejects.toThrow("401");
      await expect(signIn(app, user.email)).resolves.toMatchObject({ userId: user.id });
    });
  });

  it("forgetPassword: at most 3 codes are mailed per e-mail, and 10 requests pass per IP", async () => {
    await withApp(counters(), async (app) => {
      const user = await createUser();
      const forget = (email: string, ip: string) =>
        app.inject({
          method: "POST",
          url: API.auth.forgetPassword.path,
          payload: { email },
          remoteAddress: ip,
        });
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) => forget(user.email, `66.21.2.${i}`)),
      );
      const accepted = checked(answers);
      // Every accepted request mails a code to this active user: wait for all of them.
      expect(await mailsTo(user.email, accepted)).toBeLessThanOrEqual(3);
      expect(accepted).toBeLessThanOrEqual(3);
      const refused = answers.find(isTooMany);
      expect(refused?.json().message).toBe(
        "Demasiadas solicitudes de código. Espere unos minutos antes de pedir otro.",
      );
      expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);

      const fromOneIp = await Promise.all(
        Array.from({ length: BURST }, () => forget(`${unique("u")}@prueba.do`, "66.21.3.1")),
      );
      expect(checked(fromOneIp)).toBeLessThanOrEqual(10);
    });
  });

  it("changePassword: at most 5 current passwords are checked; the right one inside the burst is refused", async () => {
    await withApp(counters(), async (app) => {
      const user = await createUser();
      const session = await signIn(app, user.email);
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          app.inject({
            method: "PUT",
            url: API.auth.changePassword.path,
            headers: session.headers,
            payload: {
              currentPassword: i === 50 ? TEST_PASSWORD : `NoEsEsta${i}A`,
              newPassword: "Cambiada123",
            },
          }),
        ),
      );
      expect(checked(answers)).toBeLessThanOrEqual(5);
      expect(answers[50]?.statusCode).toBe(429);
      expect(answers[50]?.json().message).toBe(
        "Demasiados intentos con una contraseña actual incorrecta. Espere unos minutos.",
      );
      expect(Number(answers[50]?.headers["retry-after"])).toBeGreaterThan(0);
      await expect(signIn(app, user.email, "Cambiada123")).rejects.toThrow("401");
      await expect(signIn(app, user.email)).resolves.toMatchObject({ userId: user.id });
    });
  });
});

describe("a reset code's own 5 attempts, counted in the database", () => {
  it("with the per e-mail limit out of the way, a burst still checks at most 5 guesses of one code", async () => {
    const attempts = createMemoryAttemptStore();
    const app = await buildTestApp({
      attempts,
      limits: createAuthLimits(attempts, {
        limits: { wrongResetCodes: { ...AUTH_LIMITS.wrongResetCodes, max: 10_000 } },
      }),
    });
    try {
      const user = await createUser();
      await app.inject({
        method: "POST",
        url: API.auth.forgetPassword.path,
        payload: { email: user.email },
      });
      const code = await mailedCode(user.email);
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          app.inject({
            method: "PUT",
            url: API.auth.changePasswordForget.path,
            payload: {
              email: user.email,
              code: i === 25 ? code : wrongCode(code, i),
              newPassword: "Recuperada1",
            },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(BURST).fill(400));
      const { db } = await testDatabase();
      const [stored] = await db
        .select({ attempts: passwordResetCodes.attempts })
        .from(passwordResetCodes)
        .where(eq(passwordResetCodes.userId, user.id));
      expect(stored?.attempts).toBe(5);
      await expect(signIn(app, user.email)).resolves.toMatchObject({ userId: user.id });
    } finally {
      await app.close();
    }
  });
});
