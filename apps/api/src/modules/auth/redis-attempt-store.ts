import { Redis } from "ioredis";
import type { AttemptStore } from "./attempt-store.js";

// Counts one attempt: count, time of the last, and the expiry (renewed on each attempt when sliding).
const RECORD = `
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
if ARGV[3] == 'sliding' or n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {n, redis.call('PTTL', KEYS[1])}
`;

/** The auth throttles' counters in Redis, so every instance behind a balancer shares them. */
export async function createRedisAttemptStore(options: {
  url: string;
  /** Key prefix of one deployment (tests use a unique one). */
  prefix?: string;
  now?: () => number;
  onError?: (error: unknown) => void;
}): Promise<AttemptStore> {
  const prefix = options.prefix ?? "treiber:attempts:";
  const now = options.now ?? Date.now;
  const redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  redis.on("error", options.onError ?? (() => {}));
  await redis.connect();
  return {
    async record(key, windowMs, mode) {
      const at = now();
      const [count, ttl] = (await redis.eval(RECORD, 1, prefix + key, at, windowMs, mode)) as [
        number,
        number,
      ];
      return { count, lastAt: at, expiresAt: at + Math.max(ttl, 0) };
    },
    async read(key) {
      const [[, values], [, ttl]] = (await redis
        .multi()
        .hmget(prefix + key, "n", "last")
        .pttl(prefix + key)
        .exec()) as [[unknown, (string | null)[]], [unknown, number]];
      const [count, last] = values;
      if (!count || ttl <= 0) return undefined;
      return { count: Number(count), lastAt: Number(last), expiresAt: now() + ttl };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
