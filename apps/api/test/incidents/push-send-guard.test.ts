import { createServer, type Server } from "node:net";
import { riderAlertText } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../src/db/schema.js";
import type { ResolvedAddress, ResolveHost } from "../../src/modules/push/push-destination.js";
import { createPushRepository } from "../../src/modules/push/push-repository.js";
import { createPushSender } from "../../src/modules/push/push-sender.js";
import { phoneKeys, startLocalPushService } from "../helpers/local-push-service.js";
import { buildTestApp, signedInAs, testConfig, testDatabase, unique } from "../helpers/test-app.js";

const alert = {
  kind: "DEPARTED" as const,
  intermediateRouteId: 1,
  routeName: "Ruta 1",
  minutes: null,
  text: riderAlertText("DEPARTED", null),
  at: "2026-03-02T11:00:00.000Z",
};

/** A TCP server on 127.0.0.1 that only counts who connects: an SSRF must never reach it. */
async function startConnectionRecorder() {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    port: address.port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A resolver answering from a table (what a rebinding DNS would say), recording what it was asked. */
function resolverOf(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`${hostname}: ENOTFOUND`), { code: "ENOTFOUND" });
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { resolve, asked };
}

/**
 * Issue 32: a rider's push endpoint can never make the server call inside the network. The
 * subscription goes through the real HTTP route (its name looks public); the send resolves it with
 * a resolver the test controls and must not connect to a private address, whatever port is named.
 */
describe("Web Push sends only to public addresses, the ones checked", () => {
  let app: FastifyInstance;
  let recorder: Awaited<ReturnType<typeof startConnectionRecorder>>;
  beforeAll(async () => {
    app = await buildTestApp();
    recorder = await startConnectionRecorder();
  });
  afterAll(async () => {
    await recorder.close();
    await app.close();
  });

  const rowsOf = async (userId: number) => {
    const { db } = await testDatabase();
    return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  };
  async function subscribed(endpoint: string) {
    const rider = await signedInAs(app, "Collaborator");
    const keys = phoneKeys();
    const response = await app.inject({
      method: "POST",
      url: API.push.subscribe.path,
      headers: rider.headers,
      payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { rider, keys };
  }
  async function senderWith(options: Partial<Parameters<typeof createPushSender>[0]> = {}) {
    const { db } = await testDatabase();
    const warnings: [object, string][] = [];
    const push = createPushSender({
      repository: createPushRepository(db),
      vapid: testConfig().vapid,
      log: { warn: (object, message) => warnings.push([object, message]) },
      timeoutMs: 2_000,
      ...options,
    });
    return { push, warnings };
  }

  it("a public-looking name that resolves to 127.0.0.1 (or to it among public ones) is never connected to", async () => {
    for (const addresses of [["127.0.0.1"], ["142.250.72.10", "127.0.0.1"], ["::ffff:127.0.0.1"]]) {
      const host = `${unique("push")}.example.com`;
      const endpoint = `https://${host}:${recorder.port}/send/${unique()}`;
      const { rider } = await subscribed(endpoint);
      const { resolve, asked } = resolverOf({ [host]: addresses });
      const { push, warnings } = await senderWith({ resolve });

      expect(await push.sendRiderAlert(rider.userId, alert)).toBe(0);
      expect(asked).toEqual([host]);
      expect(recorder.connections(), String(addresses)).toBe(0);
      // Dropped like a dead endpoint; the log says why and where, nothing about the rider or phone.
      expect(await rowsOf(rider.userId)).toEqual([]);
      expect(warnings).toEqual([
        [
          { reason: "private-address", host: `${host}:${recorder.port}` },
          "suscripción Web Push rechazada: no es un servicio push público",
        ],
      ]);
      expect(JSON.stringify(warnings)).not.toContain(endpoint.split("/send/")[1]);
      expect(JSON.stringify(warnings)).not.toContain(rider.user.email);
    }
  });

  it("rows stored before the rule (IP literals, localhost, internal names) are refused without a lookup", async () => {
    const { db } = await testDatabase();
    const rider = await signedInAs(app, "Collaborator");
    const keys = phoneKeys();
    const port = recorder.port;
    const endpoints = [
      `https://127.0.0.1:${port}/a`,
      `https://0x7f.1:${port}/b`,
      `https://2130706433:${port}/c`,
      `https://[::1]:${port}/d`,
      `https://localhost:${port}/e`,
      `https://localhost.:${port}/f`,
      `https://metadata.google.internal:${port}/g`,
      `https://kubernetes.default.svc:${port}/h`,
    ];
    await db.insert(pushSubscriptions).values(
      endpoints.map((endpoint) => ({
        userId: rider.userId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      })),
    );
    // The system resolver would answer 127.0.0.1 for several of them: it must never be asked.
    const { resolve, asked } = resolverOf({});
    const { push, warnings } = await senderWith({ resolve });

    expect(await push.sendRiderAlert(rider.userId, alert)).toBe(0);
    expect(asked).toEqual([]);
    expect(recorder.connections()).toBe(0);
    expect(await rowsOf(rider.userId)).toEqual([]);
    expect(warnings.map(([facts]) => (facts as { reason: string }).reason).sort()).toEqual(
      [
        "ip-address",
        "ip-address",
        "ip-address",
        "ip-address",
        "not-a-domain",
        "not-a-domain",
        "internal-name",
        "internal-name",
      ].sort(),
    );
  });

  it("a name that does not resolve is skipped and kept (it may be temporary)", async () => {
    const endpoint = `https://${unique("push")}.example.com/send/${unique()}`;
    const { rider } = await subscribed(endpoint);
    const { push, warnings } = await senderWith({ resolve: resolverOf({}).resolve });
    expect(await push.sendRiderAlert(rider.userId, alert)).toBe(0);
    expect((await rowsOf(rider.userId)).map((row) => row.endpoint)).toEqual([endpoint]);
    expect(warnings.map(([facts]) => facts)).toEqual([
      { reason: "unresolved", host: new URL(endpoint).host },
    ]);
  });

  it("connects to the checked address itself, with the name kept for SNI and Host; never follows a redirect", async () => {
    // An allowed name (as PUSH_ALLOWED_PRIVATE_HOSTS would allow it) that only the test resolver
    // knows: the delivery can only arrive if the connection used that resolver's answer.
    const name = `${unique("pinned")}.example.com`;
    const phone = phoneKeys();
    const service = await startLocalPushService({
      vapidPublicKey: testConfig().vapid.publicKey,
      phones: { "/ana": phone },
      redirects: { "/moved": `https://127.0.0.1:${recorder.port}/elsewhere` },
      names: [name],
    });
    try {
      const { db } = await testDatabase();
      const rider = await signedInAs(app, "Collaborator");
      await db.insert(pushSubscriptions).values([
        {
          userId: rider.userId,
          endpoint: `https://${name}:${service.port}/ana`,
          p256dh: phone.p256dh,
          auth: phone.auth,
        },
        {
          userId: rider.userId,
          endpoint: `https://${name}:${service.port}/moved`,
          p256dh: phone.p256dh,
          auth: phone.auth,
        },
      ]);
      const { resolve, asked } = resolverOf({ [name]: ["127.0.0.1"] });
      const { push, warnings } = await senderWith({
        resolve,
        ca: service.ca,
        allowedPrivateHosts: testConfig({ PUSH_ALLOWED_PRIVATE_HOSTS: name }).pushAllowedPrivateHosts,
      });

      expect(await push.sendRiderAlert(rider.userId, alert)).toBe(1);
      expect(asked).toEqual([name, name]);
      expect(service.deliveries.map((d) => [d.path, d.host, d.servername, d.alert])).toEqual([
        ["/ana", `${name}:${service.port}`, name, alert],
      ]);
      // The 307 is a failed send: its Location is never called, the subscription stays.
      expect(service.refused).toEqual(["/moved: redirected"]);
      expect(recorder.connections()).toBe(0);
      expect(warnings.map(([facts]) => facts)).toEqual([{ status: 307, host: `${name}:${service.port}` }]);
      expect(await rowsOf(rider.userId)).toHaveLength(2);
    } finally {
      await service.close();
    }
  });

  it("without the allowance the same local push service is refused, not connected to", async () => {
    const name = `${unique("pinned")}.example.com`;
    const phone = phoneKeys();
    const service = await startLocalPushService({
      vapidPublicKey: testConfig().vapid.publicKey,
      phones: { "/ana": phone },
      names: [name],
    });
    try {
      const { rider } = await subscribed(`https://${name}:${service.port}/ana`);
      const { push } = await senderWith({
        resolve: resolverOf({ [name]: ["127.0.0.1"] }).resolve,
        ca: service.ca,
      });
      expect(await push.sendRiderAlert(rider.userId, alert)).toBe(0);
      expect(service.connections()).toBe(0);
      expect(service.deliveries).toEqual([]);
      expect(await rowsOf(rider.userId)).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
