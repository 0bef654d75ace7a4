import type { HubConnection } from "@microsoft/signalr";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openConfiguredRedis } from "../../src/bootstrap.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import type { AttemptStore } from "../../src/modules/auth/attempt-store.js";
import type { RealtimeBus } from "../../src/realtime/realtime-bus.js";
import { buildTestApp, signedInAs, signIn, testConfig, unique } from "../helpers/test-app.js";
import { createTrip, officialClient, startApp } from "./hub-test-kit.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Issue 21, finding 6: two deployments sharing one Redis. Each opens Redis as the server does
 * (`openConfiguredRedis`) with its own REDIS_PREFIX: deployment A runs two instances, B one. A's
 * admin sees the positions of A's drivers on either instance, never B's.
 */
describe("REDIS_PREFIX: one Redis, two deployments", () => {
  const prefixA = unique("treiber-test-a");
  const prefixB = unique("treiber-test-b");
  const opened: { realtime: RealtimeBus; attempts: AttemptStore }[] = [];
  const apps: FastifyInstance[] = [];
  const connections: HubConnection[] = [];
  let a1: { app: FastifyInstance; baseUrl: string };
  let a2: { app: FastifyInstance; baseUrl: string };
  let b: { app: FastifyInstance; baseUrl: string };

  const instance = async (prefix: string) => {
    const redis = await openConfiguredRedis(testConfig({ REDIS_URL, REDIS_PREFIX: prefix }), () => {});
    if (!redis) throw new Error("no Redis");
    opened.push(redis);
    const started = await startApp({ realtime: redis.realtime });
    apps.push(started.app);
    return started;
  };

  beforeAll(async () => {
    a1 = await instance(prefixA);
    a2 = await instance(prefixA);
    b = await instance(prefixB);
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.stop()));
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(opened.flatMap(({ realtime, attempts }) => [realtime.close(), attempts.close()]));
    const redis = new Redis(REDIS_URL);
    for (const prefix of [prefixA, prefixB]) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it("the default prefix is the PostgreSQL database's name (treiber embedded); a bad one is refused", () => {
    const base = { JWT_SECRET: "x".repeat(40), DATA_DIR: "/tmp/treiber-test-data" };
    expect(loadConfig(base).redisPrefix).toBe("treiber");
    expect(
      loadConfig({ ...base, DATABASE_URL: "postgres://app@db.internal:5432/treiber_norte" }).redisPrefix,
    ).toBe("treiber_norte");
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://db.internal" }).redisPrefix).toBe("treiber");
    expect(loadConfig({ ...base, REDIS_PREFIX: "sur" }).redisPrefix).toBe("sur");
    expect(() => loadConfig({ ...base, REDIS_PREFIX: "con espacio" })).toThrow(ConfigError);
  });

  it("an admin of deployment A gets A's GPS events from both its instances and none of B's", async () => {
    const admin = officialClient(a1.baseUrl, (await signedInAs(a1.app, "Admin")).token);
    const received: unknown[] = [];
    let wake: (() => void) | undefined;
    admin.on("ReceivedDriverGeolocation", (payload: unknown) => {
      received.push(payload);
      wake?.();
    });
    await admin.start();
    connections.push(admin);

    const tripOfB = await createTrip();
    const tripOfA = await createTrip();
    const driverOfB = officialClient(b.baseUrl, (await signIn(b.app, tripOfB.driver.user.email)).token);
    const driverOfA = officialClient(a2.baseUrl, (await signIn(a2.app, tripOfA.driver.user.email)).token);
    await Promise.all([driverOfB.start(), driverOfA.start()]);
    connections.push(driverOfB, driverOfA);

    // B's position is published (the invocation completes after its PUBLISH) before A's: had A's
    // instances heard B's channel, B's event would reach the admin first.
    await driverOfB.invoke("SendGeolocation", tripOfB.trip.id, 18.5, -69.9);
    await driverOfA.invoke("SendGeolocation", tripOfA.trip.id, 18.45, -69.95);
    while (received.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    expect(received[0]).toMatchObject({
      intermediateRouteId: tripOfA.trip.id,
      latitude: 18.45,
      longitude: -69.95,
    });
    expect(
      received.filter((p) => (p as { intermediateRouteId: number }).intermediateRouteId === tripOfB.trip.id),
    ).toEqual([]);
  });

  it("each deployment's attempt counters live under its own prefix", async () => {
    const attempts = opened[0]?.attempts;
    if (!attempts) throw new Error("no attempt store");
    const app = await buildTestApp({ attempts });
    apps.push(app);
    const response = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: `${unique("nadie")}@prueba.do`, password: "incorrecta-1" },
    });
    expect(response.statusCode).toBe(401);
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${prefixA}:attempts:*`)).length).toBeGreaterThan(0);
      expect(await redis.keys(`${prefixB}:*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it("A's Redis connections killed: they reconnect by themselves and deliver again, nothing crashes", async () => {
    const admin = officialClient(a1.baseUrl, (await signedInAs(a1.app, "Admin")).token);
    let received = 0;
    admin.on("ReceiveNotification", () => {
      received++;
    });
    await admin.start();
    connections.push(admin);
    const redis = new Redis(REDIS_URL);
    try {
      const list = String(await redis.client("LIST"));
      const ids = list
        .split("\n")
        .filter((line) => line.includes(` name=${prefixA}:realtime:`))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1] ?? "");
      // Two instances, a publisher and a subscriber each.
      expect(ids).toHaveLength(4);
      for (const id of ids) await redis.client("KILL", "ID", id);
    } finally {
      redis.disconnect();
    }
    // Published from the other instance until it arrives (what is published while the subscriber
    // is away is lost: clients refetch after a reconnect).
    while (received === 0) {
      await a2.app.realtime.publish({
        audience: { kind: "admins" },
        target: "ReceiveNotification",
        args: [JSON.stringify({ title: "Aviso", message: "Después de reconectar" })],
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(received).toBeGreaterThan(0);
    // Both instances of A listen again (nothing left half done for the teardown).
    const check = new Redis(REDIS_URL);
    try {
      const count = async () =>
        Number(((await check.pubsub("NUMSUB", `${prefixA}:realtime`)) as unknown[])[1]);
      while ((await count()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      check.disconnect();
    }
  });
});
