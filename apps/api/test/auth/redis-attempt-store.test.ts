import { type AddressInfo, createConnection, createServer, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { createRedisAttemptStore } from "../../src/modules/auth/redis-attempt-store.js";
import { unique } from "../helpers/test-app.js";

const REDIS_URL = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");

/** A TCP relay to Redis that the test can cut, as a network failure would. */
async function relayToRedis() {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(Number(REDIS_URL.port || 6379), REDIS_URL.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

describe("Redis attempt store", () => {
  it("shares counts between stores and keeps counting in memory while Redis is unreachable", async () => {
    const relay = await relayToRedis();
    const errors: unknown[] = [];
    const prefix = `${unique("treiber-test:")}:`;
    const store = await createRedisAttemptStore({ url: relay.url, prefix, onError: (e) => errors.push(e) });
    const other = await createRedisAttemptStore({ url: REDIS_URL.href, prefix });
    try {
      await store.record("k", 60_000, "sliding");
      expect((await other.read("k"))?.count).toBe(1);

      await relay.cut();
      await store.record("k", 60_000, "sliding");
      await store.record("k", 60_000, "sliding");
      expect((await store.read("k"))?.count).toBe(2);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([store.close(), other.close()]);
    }
  });
});
