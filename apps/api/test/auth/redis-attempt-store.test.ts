import { type AddressInfo, createConnection, createServer, type Socket } from "node:net";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import {
  type AttemptClaim,
  type AttemptRecord,
  type AttemptStore,
  createMemoryAttemptStore,
  type Reservation,
} from "../../src/modules/auth/attempt-store.js";
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
      const claim = { key: "k", windowMs: 60_000, mode: "sliding" as const };
      await store.reserve([claim]);
      expect((await other.read("k"))?.count).toBe(1);

      await relay.cut();
      await store.reserve([claim]);
      await store.reserve([claim]);
      expect((await store.read("k"))?.count).toBe(2);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([store.close(), other.close()]);
    }
  });

  it("reserves as the memory store does: gates, all or none, release, fixed and sliding windows", async () => {
    let clock = 5_000_000;
    const now = () => clock;
    const prefix = `${unique("treiber-test:")}:`;
    const redis = await createRedisAttemptStore({ url: REDIS_URL.href, prefix, now });
    const memory = createMemoryAttemptStore(now);
    const delay = { free: 2, baseMs: 1000, capMs: 4000 };
    const pair: AttemptClaim = { key: "pair", windowMs: 60_000, mode: "sliding", gate: delay };
    const counted: AttemptClaim = { key: "ip", windowMs: 60_000, mode: "sliding" };
    const limit: AttemptClaim = { key: "limit", windowMs: 60_000, mode: "fixed", gate: { max: 2 } };
    // Redis times the windows by its own clock: compare waits in whole seconds, records without expiry.
    const seen: (Reservation | AttemptRecord | undefined)[] = [];
    const comparable = (items: typeof seen) =>
      items.map((item) =>
        item && "waitMs" in item
          ? { wait: Math.ceil(item.waitMs / 1000), before: item.before }
          : item && { count: item.count, lastAt: item.lastAt },
      );
    const script = async (store: AttemptStore) => {
      seen.length = 0;
      for (let i = 0; i < 4; i++) seen.push(await store.reserve([pair, counted]));
      clock += 1000;
      seen.push(await store.reserve([pair, counted]));
      await store.release("pair");
      seen.push(await store.reserve([pair, counted]));
      seen.push(await store.reserve([limit, counted]), await store.reserve([limit]));
      // Refused by the limit: the pair is not counted either.
      seen.push(await store.reserve([pair, limit]), await store.read("pair"), await store.read("ip"));
      await store.clear("pair");
      seen.push(await store.reserve([pair]));
      return comparable(seen);
    };
    try {
      const start = clock;
      const fromMemory = await script(memory);
      clock = start;
      const fromRedis = await script(redis);
      expect(fromRedis).toEqual(fromMemory);
      expect(fromMemory).toEqual([
        { wait: 0, before: [0, 0] },
        { wait: 0, before: [1, 1] },
        { wait: 1, before: [2, 2] },
        { wait: 1, before: [2, 2] },
        { wait: 0, before: [2, 2] },
        // Given back: the count, not the time of the last attempt.
        { wait: 1, before: [2, 3] },
        { wait: 0, before: [0, 3] },
        { wait: 0, before: [1] },
        { wait: 60, before: [2, 2] },
        { count: 2, lastAt: start + 1000 },
        { count: 4, lastAt: start + 1000 },
        { wait: 0, before: [0] },
      ]);

      const burst = await Promise.all(Array.from({ length: 30 }, () => redis.reserve([limit, counted])));
      expect(burst.every((answer) => answer.waitMs > 0)).toBe(true);
      const other = { ...limit, key: "other" };
      const fresh = await Promise.all(Array.from({ length: 30 }, () => redis.reserve([other])));
      expect(fresh.filter((answer) => answer.waitMs === 0)).toHaveLength(2);
    } finally {
      await Promise.all([redis.close(), memory.close()]);
      const cleaner = new Redis(REDIS_URL.href);
      const keys = await cleaner.keys(`${prefix}*`);
      if (keys.length > 0) await cleaner.del(...keys);
      cleaner.disconnect();
    }
  });
});
