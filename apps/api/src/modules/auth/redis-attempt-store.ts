import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { type AttemptClaim, type AttemptStore, createMemoryAttemptStore } from "./attempt-store.js";

// Checks every key's gate and, when none refuses, counts the attempt on every key: one script, so
// Redis runs it whole between any two other commands (decision 0036). ARGV[1] is the time; then 6
// per key: window, mode, gate ('none' | 'max' | 'delay'), then max, or free, base and cap.
// Answers {wait in ms (0: counted), count found on each key…}.
const RESERVE = `
local now = tonumber(ARGV[1])
local wait = 0
local before = {}
for i, key in ipairs(KEYS) do
  local a = 1 + (i - 1) * 6
  local n = tonumber(redis.call('HGET', key, 'n') or '0')
  before[i] = n
  local gate = ARGV[a + 3]
  local until_ms = 0
  if gate == 'max' and n >= tonumber(ARGV[a + 4]) then
    until_ms = now + redis.call('PTTL', key)
  elseif gate == 'delay' and n >= tonumber(ARGV[a + 4]) then
    local last = tonumber(redis.call('HGET', key, 'last') or '0')
    local free, base, cap = tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5]), tonumber(ARGV[a + 6])
    until_ms = last + math.min(base * 2 ^ (n - free), cap)
  end
  if until_ms - now > wait then wait = math.ceil(until_ms - now) end
end
if wait == 0 then
  for i, key in ipairs(KEYS) do
    local a = 1 + (i - 1) * 6
    local n = redis.call('HINCRBY', key, 'n', 1)
    redis.call('HSET', key, 'last', ARGV[1])
    if ARGV[a + 2] == 'sliding' or n == 1 then redis.call('PEXPIRE', key, ARGV[a + 1]) end
  end
end
table.insert(before, 1, wait)
return before
`;

// Gives back one reserved attempt; the key goes when nothing is left on it.
const RELEASE = `
if redis.call('EXISTS', KEYS[1]) == 1 and redis.call('HINCRBY', KEYS[1], 'n', -1) <= 0 then
  redis.call('DEL', KEYS[1])
end
return 0
`;

type Script = (...keysAndArgs: (string | number)[]) => Promise<number[]>;

const gateArgs = ({ gate }: AttemptClaim): (string | number)[] =>
  !gate
    ? ["none", 0, 0, 0]
    : "max" in gate
      ? ["max", gate.max, 0, 0]
      : ["delay", gate.free, gate.baseMs, gate.capMs];

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
  redis.defineCommand("treiberReserveAttempt", { lua: RESERVE });
  redis.defineCommand("treiberReleaseAttempt", { numberOfKeys: 1, lua: RELEASE });
  const commands = redis as unknown as { treiberReserveAttempt: Script; treiberReleaseAttempt: Script };
  // Its number of keys comes first (one per claim).
  const reserveScript = commands.treiberReserveAttempt.bind(redis);
  const releaseScript = commands.treiberReleaseAttempt.bind(redis);
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
    reserve: (claims) =>
      orFallback(
        async () => {
          const args = claims.flatMap((claim) => [claim.windowMs, claim.mode, ...gateArgs(claim)]);
          const [waitMs = 0, ...before] = await reserveScript(
            claims.length,
            ...claims.map((claim) => redisKey(claim.key)),
            now(),
            ...args,
          );
          return { waitMs, before };
        },
        () => fallback.reserve(claims),
      ),
    release: (key) =>
      orFallback(
        async () => {
          await Promise.all([releaseScript(redisKey(key)), fallback.release(key)]);
        },
        () => fallback.release(key),
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
