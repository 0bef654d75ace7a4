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

  it("anonymous calls get 401; a driver subscribes too (told of their routes' changes, decision 0067)", async () => {
    for (const call of [publicKey, subscribe, unsubscribe]) {
      const response = await app.inject({ method: call.method, url: call.path, payload: subscription() });
      expect(response.statusCode, call.path).toBe(401);
    }
    const driver = await signedInAs(app, "Driver");
    const body = subscription();
    for (const call of [publicKey, subscribe]) {
      const response = await app.inject({
        method: call.method,
        url: call.path,
        headers: driver.headers,
        payload: body,
      });
      expect(response.statusCode, call.path).toBe(200);
    }
    expect((await rowsOf(body.endpoint)).map((row) => row.userId)).toEqual([driver.userId]);
    const off = await app.inject({
      method: unsubscribe.method,
      url: unsubscribe.path,
      headers: driver.headers,
      payload: { endpoint: body.endpoint },
    });
    expect(off.statusCode).toBe(200);
    expect(await rowsOf(body.endpoint)).toEqual([]);
  });

  it("gives the collaborator the server's VAPID public key", async () => {
    const rider = await signedInAs(app, "Collaborator");
    const response = await app.inject({ method: "GET", url: publicKey.path, headers: rider.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: testConfig().vapid.publicKey });
    expect(response.json().publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it("stores a subscription for its user; another user posting its endpoint gets 409 and takes nothing over", async () => {
    const ana = await signedInAs(app, "Collaborator");
    const beto = await signedInAs(app, "Collaborator");
    const body = subscription();
    const post = (session: typeof ana, payload: object) =>
      app.inject({ method: "POST", url: subscribe.path, headers: session.headers, payload });

    const first = await post(ana, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: PUSH_MESSAGES.subscribed });
    // Ana again, with new keys: still hers, keys refreshed.
    const renewed = { ...body, keys: { p256dh: phoneKeys().p256dh, auth: phoneKeys().auth } };
    expect(await post(ana, renewed).then((r) => r.statusCode)).toBe(200);
    expect((await rowsOf(body.endpoint)).map((r) => [r.userId, r.p256dh, r.auth])).toEqual([
      [ana.userId, renewed.keys.p256dh, renewed.keys.auth],
    ]);

    // Issue 32: Beto posting Ana's endpoint (with his keys) would read her alerts: refused.
    const takeOver = await post(beto, body);
    expect(takeOver.statusCode).toBe(409);
    expect(takeOver.json()).toEqual({ statusCode: 409, message: PUSH_MESSAGES.taken });
    expect((await rowsOf(body.endpoint)).map((r) => [r.userId, r.p256dh, r.auth])).toEqual([
      [ana.userId, renewed.keys.p256dh, renewed.keys.auth],
    ]);
    // Both at once: exactly one of them owns it, the other gets 409.
    const race = subscription();
    const answers = await Promise.all([post(ana, race), post(beto, race)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? ana : beto;
    expect((await rowsOf(race.endpoint)).map((r) => r.userId)).toEqual([winner.userId]);
  });

  it("the owner's DELETE deletes it; another user's DELETE answers as for an unknown endpoint and touches nothing", async () => {
    const ana = await signedInAs(app, "Collaborator");
    const beto = await signedInAs(app, "Collaborator");
    const body = subscription();
    const remove = (session: typeof ana, endpoint: string) =>
      app.inject({
        method: "DELETE",
        url: unsubscribe.path,
        headers: session.headers,
        payload: { endpoint },
      });
    const posted = await app.inject({
      method: "POST",
      url: subscribe.path,
      headers: ana.headers,
      payload: body,
    });
    expect(posted.statusCode).toBe(200);

    // Beto cannot turn off Ana's phone; he is told what an endpoint nobody has gets (200).
    const unknown = await remove(beto, `https://push.example.com/send/${unique()}`);
    const notHis = await remove(beto, body.endpoint);
    expect([notHis.statusCode, notHis.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect((await rowsOf(body.endpoint)).map((r) => r.userId)).toEqual([ana.userId]);

    const off = await remove(ana, body.endpoint);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: PUSH_MESSAGES.unsubscribed });
    expect(await rowsOf(body.endpoint)).toEqual([]);
    // Gone from the server, the phone can still turn its alerts off (a 410 or the newest-five rule).
    expect((await remove(ana, body.endpoint)).statusCode).toBe(200);
    // Once free, the endpoint may be subscribed by whoever holds the phone next.
    const again = await app.inject({
      method: "POST",
      url: subscribe.path,
      headers: beto.headers,
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect((await rowsOf(body.endpoint)).map((r) => r.userId)).toEqual([beto.userId]);
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

  it("refuses endpoints that are not a public https push service, and malformed keys (400, in Spanish)", async () => {
    const rider = await signedInAs(app, "Collaborator");
    const good = subscription();
    const bad: [object, string][] = [
      [{ ...good, endpoint: "http://push.example.com/x" }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: "https://user:pw@push.example.com/x" }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: "no es una url" }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: `https://push.example.com/${"x".repeat(2100)}` }, PUSH_MESSAGES.endpoint],
      [{ endpoint: good.endpoint }, PUSH_MESSAGES.keys],
      [{ ...good, keys: { ...good.keys, p256dh: "corta" } }, PUSH_MESSAGES.keys],
      [{ ...good, keys: { ...good.keys, auth: "no/base64+url!!!!!!!!!!" } }, PUSH_MESSAGES.keys],
      // Issue 32: every way of naming a host inside the network.
      ...[
        "https://127.0.0.1/x",
        "https://0x7f.0.0.1/x",
        "https://0x7f.1/",
        "https://0x0.0/",
        "https://0177.0.0.1/x",
        "https://127.1/x",
        "https://2130706433/x",
        "https://10.0.0.5:8443/x",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::1]/x",
        "https://[::ffff:127.0.0.1]/x",
        "https://[fd00::1]/x",
        "https://%31%32%37.0.0.1/x",
        "https://localhost/x",
        "https://localhost./",
        "https://push.example.com./x",
        "https://metadata/x",
        "https://metadata.google.internal/",
        "https://kubernetes.default.svc/",
        "https://kubernetes.default.svc.cluster.local/",
        "https://printer.local/x",
        "https://app.localhost/x",
        "https://router.home.arpa/x",
        "https://nas.lan/x",
        "https://intranet.corp/x",
        "https://push.example.com\\@127.0.0.1/x",
      ].map((endpoint): [object, string] => [{ ...good, endpoint }, PUSH_MESSAGES.endpoint]),
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

describe("PUSH_ALLOWED_PRIVATE_HOSTS (tests only)", () => {
  const base = {
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    DATA_DIR: "/tmp/treiber-test-data",
  };

  it("is empty unless set; read once, lower case, IPv6 without brackets", () => {
    expect(loadConfig(base).pushAllowedPrivateHosts).toEqual([]);
    expect(
      loadConfig({ ...base, PUSH_ALLOWED_PRIVATE_HOSTS: " 127.0.0.1, [::1] ,Push.Local-Service.test" })
        .pushAllowedPrivateHosts,
    ).toEqual(["127.0.0.1", "::1", "push.local-service.test"]);
  });

  it("refuses what is not a host, and any value in production", () => {
    expect(() => loadConfig({ ...base, PUSH_ALLOWED_PRIVATE_HOSTS: "https://127.0.0.1/" })).toThrow(
      /PUSH_ALLOWED_PRIVATE_HOSTS/,
    );
    expect(() =>
      loadConfig({ ...base, PUSH_ALLOWED_PRIVATE_HOSTS: "127.0.0.1", NODE_ENV: "production" }),
    ).toThrow(/PUSH_ALLOWED_PRIVATE_HOSTS: no se permite con NODE_ENV=production/);
    expect(loadConfig({ ...base, NODE_ENV: "production" }).pushAllowedPrivateHosts).toEqual([]);
  });
});
