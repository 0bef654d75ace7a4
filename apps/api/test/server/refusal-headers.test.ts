import { API, apiPath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { forbidden } from "../../src/lib/http-error.js";
import { HSTS_VALUE } from "../../src/plugins/security-headers.js";
import { createUser, signedInAs, testConfig, testDatabase } from "../helpers/test-app.js";

const ORIGIN = "https://web.empresa.do";

/**
 * Issue 21 finding 4: the security headers (decision 0025) and the CORS headers of an allowed
 * origin are on every answer, refusals and errors included: a web client on another origin must
 * see its 401 to refresh its token.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ CORS_ORIGINS: ORIGIN }),
    database: await testDatabase(),
    logger: false,
  });
  // Two routes of the app's own, only to make an unexpected error and an error thrown in a hook.
  app.get("/api/v1/test/boom", { config: { access: "public" } }, async () => {
    throw new Error("boom");
  });
  app.get(
    "/api/v1/test/hook",
    {
      config: { access: "public" },
      preHandler: async () => {
        throw forbidden();
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(() => app.close());

function expectHeaders(res: { headers: Record<string, unknown> }, label: string) {
  expect(String(res.headers["content-security-policy"]), label).toContain("default-src 'self'");
  expect(res.headers["x-content-type-options"], label).toBe("nosniff");
  expect(res.headers["x-frame-options"], label).toBe("DENY");
  expect(res.headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(res.headers["access-control-allow-origin"], label).toBe(ORIGIN);
  expect(res.headers["access-control-allow-credentials"], label).toBe("true");
  expect(String(res.headers["access-control-expose-headers"]), label).toContain("retry-after");
}

describe("headers on refusals and errors (issue 21 finding 4)", () => {
  it("401 without a token and with a bad one", async () => {
    for (const authorization of [undefined, "Bearer nope"]) {
      const res = await app.inject({
        url: API.employee.list.path,
        headers: { origin: ORIGIN, gmt: "0", ...(authorization && { authorization }) },
      });
      expect(res.statusCode).toBe(401);
      expectHeaders(res, `401 ${authorization}`);
    }
  });

  it("403 for a role not allowed, and from a hook", async () => {
    const { headers } = await signedInAs(app, "Collaborator");
    const res = await app.inject({ url: API.employee.list.path, headers: { ...headers, origin: ORIGIN } });
    expect(res.statusCode).toBe(403);
    expectHeaders(res, "403");
    const hook = await app.inject({ url: "/api/v1/test/hook", headers: { origin: ORIGIN } });
    expect(hook.statusCode).toBe(403);
    expectHeaders(hook, "403 hook");
  });

  it("404, 400 (validation and bad GMT), 429 and 500", async () => {
    const missing = await app.inject({ url: "/api/v1/Nope", headers: { origin: ORIGIN } });
    expect(missing.statusCode).toBe(404);
    expectHeaders(missing, "404");
    // A malformed URL, answered by Fastify before any hook.
    const badUrl = await app.inject({ url: "/api/v1/Employee/%E0%A4%A", headers: { origin: ORIGIN } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers["x-content-type-options"]).toBe("nosniff");
    expect(badUrl.headers["x-frame-options"]).toBe("DENY");
    expect(String(badUrl.headers["content-security-policy"])).toContain("default-src 'none'");
    expect(badUrl.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(badUrl.json().message).toBe("La dirección solicitada no es válida");
    const longParam = await app.inject({
      url: apiPath(API.profileImage.get, { userId: "1".repeat(300) }),
      headers: { origin: ORIGIN },
    });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.headers["x-content-type-options"]).toBe("nosniff");
    expect(longParam.headers["access-control-allow-origin"]).toBe(ORIGIN);
    const badGmt = await app.inject({ url: "/health", headers: { origin: ORIGIN, gmt: "nope" } });
    expect(badGmt.statusCode).toBe(400);
    expectHeaders(badGmt, "400 GMT");
    const invalid = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      headers: { origin: ORIGIN },
      payload: { email: "no es correo" },
    });
    expect(invalid.statusCode).toBe(400);
    expectHeaders(invalid, "400 validation");
    const user = await createUser();
    let limited: Awaited<ReturnType<typeof app.inject>> | undefined;
    for (let i = 0; i < 12 && limited?.statusCode !== 429; i++) {
      limited = await app.inject({
        method: "POST",
        url: API.auth.signIn.path,
        headers: { origin: ORIGIN },
        payload: { email: user.email, password: "Equivocada1" },
        remoteAddress: "198.51.100.21",
      });
    }
    expect(limited?.statusCode).toBe(429);
    if (limited) expectHeaders(limited, "429");
    const boom = await app.inject({ url: "/api/v1/test/boom", headers: { origin: ORIGIN } });
    expect(boom.statusCode).toBe(500);
    expectHeaders(boom, "500");
  });

  it("HSTS on every answer that came over HTTPS, refusals and Fastify's own URL errors included", async () => {
    const proxied = await buildApp({
      config: testConfig({ CORS_ORIGINS: ORIGIN, TRUST_PROXY: "1" }),
      database: await testDatabase(),
      logger: false,
    });
    proxied.get("/api/v1/test/boom", { config: { access: "public" } }, async () => {
      throw new Error("boom");
    });
    await proxied.ready();
    try {
      const { headers } = await signedInAs(proxied, "Collaborator");
      const overHttps = { origin: ORIGIN, "x-forwarded-proto": "https" };
      const answers = {
        401: await proxied.inject({ url: API.employee.list.path, headers: overHttps }),
        403: await proxied.inject({ url: API.employee.list.path, headers: { ...headers, ...overHttps } }),
        404: await proxied.inject({ url: "/api/v1/Nope", headers: overHttps }),
        500: await proxied.inject({ url: "/api/v1/test/boom", headers: overHttps }),
        // Answered by Fastify before any hook (frameworkErrors).
        400: await proxied.inject({ url: "/api/v1/Employee/%E0%A4%A", headers: overHttps }),
        414: await proxied.inject({
          url: apiPath(API.profileImage.get, { userId: "1".repeat(300) }),
          headers: overHttps,
        }),
      };
      for (const [status, res] of Object.entries(answers)) {
        expect(res.statusCode, status).toBe(Number(status));
        expect(res.headers["strict-transport-security"], status).toBe(HSTS_VALUE);
        expect(res.headers["x-content-type-options"], status).toBe("nosniff");
        expect(res.headers["access-control-allow-origin"], status).toBe(ORIGIN);
      }
      // Over plain HTTP, none: it would promise what the server does not do.
      const plain = await proxied.inject({
        url: "/api/v1/Employee/%E0%A4%A",
        headers: { "x-forwarded-proto": "http" },
      });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it("with a list of proxy addresses, the URL errors trust X-Forwarded-Proto as Fastify does: only from them", async () => {
    const overHttps = { "x-forwarded-proto": "https" };
    for (const [trustProxy, hsts] of [
      ["10.0.0.0/8, 127.0.0.1", HSTS_VALUE],
      ["10.0.0.0/8", undefined],
    ] as const) {
      const proxied = await buildApp({
        config: testConfig({ TRUST_PROXY: trustProxy }),
        database: await testDatabase(),
        logger: false,
      });
      try {
        // inject's peer is 127.0.0.1.
        for (const url of [API.employee.list.path, "/api/v1/Employee/%E0%A4%A"]) {
          const res = await proxied.inject({ url, headers: overHttps });
          expect(res.headers["strict-transport-security"], `${trustProxy} ${url}`).toBe(hsts);
        }
      } finally {
        await proxied.close();
      }
    }
  });
});
