import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { type AttemptStore, createMemoryAttemptStore } from "./attempt-store.js";

// Counts one attempt: count, time of the last, and the expiry (renewed on each attempt when sliding).
const RECORD = `
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
if ARGV[3] == 'sliding' or n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {n, redis.call('PTTL', KEYS[1])}
`;

type RecordCommand = (key: string, at: number, windowMs: number, mode: string) => Promise<[number, number]>;

/**
 * The auth throttles' counters in Redis, so every instance behind a balancer shares them. Keys are
 * hashed (no e-mail or IP stored in Redis). When Redis fails, the instance counts in memory until
 * it answers again, so sign-ins keep working and stay throttled per instance.
 */
export async function createRedisAttemptStore(options: {
  url: string;
  /** Key prefix of one deployment (tests use a unique one). */
  prefix?: string;
  now?: () => number;
  onError?: (error: unknown) => void;
}): Promise<AttemptStore> {
  const prefix = options.prefix ?? "treiber:attempts:";
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => {});
  const fallback = createMemoryAttemptStore(now);
  // No offline queue: while Redis is unreachable a call fails at once and the memory store answers.
  const redis = new Redis(options.url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on("error", onError);
  redis.defineCommand("treiberRecordAttempt", { numberOfKeys: 1, lua: RECORD });
  const recordCommand = (
    redis as unknown as { treiberRecordAttempt: RecordCommand }
  ).treiberRecordAttempt.bind(redis);
  await redis.connect();
  const redisKey = (key: string) => prefix + createHash("sha256").update(key).digest("base64url");

  async function orFallback<T>(work: () => Promise<T>, instead: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      onError(error);
      return instead();
    }
  }

  return {
    record: (key, windowMs, mode) =>
      orFallback(
        async () => {
          const at = now();
          const [count, ttl] = await recordCommand(redisKey(key), at, windowMs, mode);
          return { count, lastAt: at, expiresAt: at + Math.max(ttl, 0) };
        },
        () => fallback.record(key, windowMs, mode),
      ),
    read: (key) =>
      orFallback(
        async () => {
          const results = await redis.multi().hmget(redisKey(key), "n", "last").pttl(redisKey(key)).exec();
          const [[hashError, values], [ttlError, ttl]] = results as [
            [Error | null, (string | null)[]],
            [Error | null, number],
          ];
          if (hashError || ttlError) throw hashError ?? ttlError;
          const [count, last] = values;
          if (!count || ttl <= 0) return fallback.read(key);
          return { count: Number(count), lastAt: Number(last), expiresAt: now() + ttl };
        },
        () => fallback.read(key),
      ),
    clear: (key) =>
      orFallback(
        async () => {
          await Promise.all([redis.del(redisKey(key)), fallback.clear(key)]);
        },
        () => fallback.clear(key),
      ),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
      await fallback.close();
    },
  };
}
