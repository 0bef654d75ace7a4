/** One counted key: how many attempts, when the last one was, when the count is forgotten. */
export type AttemptRecord = { count: number; lastAt: number; expiresAt: number };

/**
 * Where the auth throttles keep their counters: in memory (one instance) or in Redis (shared by
 * every instance, see `redis-attempt-store.ts`). A `sliding` key is forgotten `windowMs` after its
 * last attempt; a `fixed` one `windowMs` after its first.
 */
export interface AttemptStore {
  record(key: string, windowMs: number, mode: "sliding" | "fixed"): Promise<AttemptRecord>;
  read(key: string): Promise<AttemptRecord | undefined>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

const MAX_KEYS = 100_000;

export function createMemoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const records = new Map<string, AttemptRecord>();
  const live = (key: string) => {
    const record = records.get(key);
    if (record && record.expiresAt <= now()) {
      records.delete(key);
      return undefined;
    }
    return record;
  };
  const prune = () => {
    if (records.size < MAX_KEYS) return;
    for (const [key, record] of records) if (record.expiresAt <= now()) records.delete(key);
    if (records.size >= MAX_KEYS) records.clear();
  };
  return {
    async record(key, windowMs, mode) {
      const at = now();
      const previous = live(key);
      if (!previous) prune();
      const record = {
        count: (previous?.count ?? 0) + 1,
        lastAt: at,
        expiresAt: mode === "fixed" && previous ? previous.expiresAt : at + windowMs,
      };
      records.set(key, record);
      return { ...record };
    },
    async read(key) {
      const record = live(key);
      return record && { ...record };
    },
    async clear(key) {
      records.delete(key);
    },
    async close() {
      records.clear();
    },
  };
}

/** Seconds (at least 1) until `untilMs`, or 0 when it has passed. */
export const secondsUntil = (untilMs: number, now: number) =>
  untilMs > now ? Math.max(1, Math.ceil((untilMs - now) / 1000)) : 0;

/**
 * At most `max` attempts per key in a fixed window. `retryAfter` answers the seconds to wait
 * (0: allowed); `hit` counts one attempt.
 */
export function createAttemptLimit(
  store: AttemptStore,
  options: { prefix: string; max: number; windowMs: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const key = (id: string) => `${options.prefix}:${id}`;
  return {
    async retryAfter(id: string): Promise<number> {
      const record = await store.read(key(id));
      return record && record.count >= options.max ? secondsUntil(record.expiresAt, now()) : 0;
    },
    hit: (id: string) => store.record(key(id), options.windowMs, "fixed"),
    clear: (id: string) => store.clear(key(id)),
  };
}
export type AttemptLimit = ReturnType<typeof createAttemptLimit>;
