import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PUSH_MESSAGES } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { pushSubscriptions } from "../../src/db/schema.js";
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from "../../src/modules/push/push-repository.js";
import { phoneKeys } from "../helpers/local-push-service.js";
import { buildTestApp, signedInAs, testConfig, testDatabase, unique } from "../helpers/test-app.js";

const { publicKey, subscribe, unsubscribe } = API.push;

describe("Push: the riders' Web Push subscriptions", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const subscription = (endpoint = `https://push.example.com/send/${unique()}`) => {
    const keys = phoneKeys();
    return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  };
  const rowsOf = async (endpoint: string) => {
    const { db } = await testDatabase();
    return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  };

  it("anonymous calls get 401; a driver 403 (never told about a bus as a rider)", async () => {
    for (const call of [publicKey, subscribe, unsubscribe]) {
      const response = await app.inject({ method: call.method, url: call.path, payload: subscription() });
      expect(response.statusCode, call.path).toBe(401);
    }
    const driver = await signedInAs(app, "Driver");
    for (const call of [publicKey, subscribe, unsubscribe]) {
      const response = await app.inject({
        method: call.method,
        url: call.path,
        headers: driver.headers,
        payload: subscription(),
      });
      expect(response.statusCode, call.path).toBe(403);
    }
  });

  it("gives the collaborator the server's VAPID public key", async () => {
    const rider = await signedInAs(app, "Collaborator");
    const response = await app.inject({ method: "GET", url: publicKey.path, headers: rider.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: testConfig().vapid.publicKey });
    expect(response.json().publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it("stores a subscription, moves an endpoint to whoever subscribes it last, deletes only one's own", async () => {
    const ana = await signedInAs(app, "Collaborator");
    const beto = await signedInAs(app, "Collaborator");
    const body = subscription();
    const post = (session: typeof ana, payload: object) =>
      app.inject({ method: "POST", url: subscribe.path, headers: session.headers, payload });
    const remove = (session: typeof ana, endpoint: string) =>
      app.inject({
        method: "DELETE",
        url: unsubscribe.path,
        headers: session.headers,
        payload: { endpoint },
      });

    const first = await post(ana, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: PUSH_MESSAGES.subscribed });
    expect(await post(ana, body).then((r) => r.statusCode)).toBe(200);
    expect((await rowsOf(body.endpoint)).map((r) => [r.userId, r.p256dh, r.auth])).toEqual([
      [ana.userId, body.keys.p256dh, body.keys.auth],
    ]);

    // Beto signs in on the same phone: the endpoint is his now.
    expect((await post(beto, body)).statusCode).toBe(200);
    expect((await rowsOf(body.endpoint)).map((r) => r.userId)).toEqual([beto.userId]);
    // Ana cannot turn off Beto's phone; Beto can.
    expect((await remove(ana, body.endpoint)).statusCode).toBe(200);
    expect(await rowsOf(body.endpoint)).toHaveLength(1);
    const off = await remove(beto, body.endpoint);
    expect(off.json()).toEqual({ message: PUSH_MESSAGES.unsubscribed });
    expect(await rowsOf(body.endpoint)).toEqual([]);
  });

  it(`keeps a user's newest ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} subscriptions (one account cannot fan out sends)`, async () => {
    const carla = await signedInAs(app, "Collaborator");
    const bodies = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER + 2 }, () => subscription());
    for (const body of bodies) {
      const response = await app.inject({
        method: "POST",
        url: subscribe.path,
        headers: carla.headers,
        payload: body,
      });
      expect(response.statusCode).toBe(200);
    }
    const { db } = await testDatabase();
    const kept = await db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, carla.userId));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      bodies
        .slice(-MAX_PUSH_SUBSCRIPTIONS_PER_USER)
        .map((body) => body.endpoint)
        .sort(),
    );
  });

  it("refuses endpoints that are not an https push service, and malformed keys (400, in Spanish)", async () => {
    const rider = await signedInAs(app, "Collaborator");
    const good = subscription();
    const bad: [object, string][] = [
      [{ ...good, endpoint: "http://push.example.com/x" }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: "https://localhost/x" }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: "https://127.0.0.1/x" }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: "https://[::1]/x" }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: "https://user:pw@push.example.com/x" }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: "no es una url" }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: `https://push.example.com/${"x".repeat(2100)}` }, PUSH_MESSAGES.endpoint],
      [{ endpoint: good.endpoint }, PUSH_MESSAGES.keys],
      [{ ...good, keys: { ...good.keys, p256dh: "corta" } }, PUSH_MESSAGES.keys],
      [{ ...good, keys: { ...good.keys, auth: "no/base64+url!!!!!!!!!!" } }, PUSH_MESSAGES.keys],
    ];
    for (const [payload, message] of bad) {
      const response = await app.inject({
        method: "POST",
        url: subscribe.path,
        headers: rider.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await rowsOf(good.endpoint)).toEqual([]);
  });
});

describe("VAPID keys", () => {
  const base = { JWT_SECRET: "test-secret-test-secret-test-secret-0123456789" };

  it("are generated once into DATA_DIR (mode 0600) and read back on the next start", () => {
    const dir = mkdtempSync(join(tmpdir(), "treiber-vapid-"));
    const first = loadConfig({ ...base, DATA_DIR: dir }).vapid;
    const file = join(dir, "vapid-keys.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe("mailto:no-reply@treiber.app");
    expect(loadConfig({ ...base, DATA_DIR: dir }).vapid).toEqual(first);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
  });

  it("come from VAPID_* when set, validated", () => {
    const dir = mkdtempSync(join(tmpdir(), "treiber-vapid-"));
    const keys = loadConfig({ ...base, DATA_DIR: dir }).vapid;
    const other = mkdtempSync(join(tmpdir(), "treiber-vapid-"));
    const env = {
      ...base,
      DATA_DIR: other,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "https://treiber.example.com",
    };
    expect(loadConfig(env).vapid).toEqual({ ...keys, subject: "https://treiber.example.com" });
    expect(() => statSync(join(other, "vapid-keys.json"))).toThrow();
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: undefined })).toThrow(
      /VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: "abc" })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: "soporte" })).toThrow(/VAPID_SUBJECT/);
  });
});
