/** One counted key: how many attempts, when the last one was, when the count is forgotten. */
export type AttemptRecord = { count: number; lastAt: number; expiresAt: number };

/** After `free` attempts, each further one waits `baseMs`·2^(attempts − free) since the last, at most `capMs`. */
export type DelayPolicy = { free: number; baseMs: number; capMs: number };

/** What lets one more attempt in: fewer than `max` in the window, or the progressive delay elapsed. */
export type AttemptGate = { max: number } | DelayPolicy;

/**
 * One key an attempt counts on. A `sliding` key is forgotten `windowMs` after its last attempt; a
 * `fixed` one `windowMs` after its first. Without a gate the key only counts.
 */
export type AttemptClaim = { key: string; windowMs: number; mode: "sliding" | "fixed"; gate?: AttemptGate };

/** `waitMs` > 0: refused, nothing counted. Otherwise every key counted one; `before` are the counts it found. */
export type Reservation = { waitMs: number; before: number[] };

/**
 * Where the auth throttles keep their counters: in memory (one instance) or in Redis (shared by
 * every instance, see `redis-attempt-store.ts`). `reserve` checks the gates and counts the attempt
 * on every key in one atomic step, before the secret is checked (decision 0036): attempts sent at
 * once are counted one by one, so no more than a gate lets in are ever checked.
 */
export interface AttemptStore {
  reserve(claims: AttemptClaim[]): Promise<Reservation>;
  /** Gives back one reserved attempt (one that checked no secret, or that a success should not count). */
  release(key: string): Promise<void>;
  read(key: string): Promise<AttemptRecord | undefined>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export const delayAfter = (attempts: number, policy: DelayPolicy) =>
  attempts < policy.free ? 0 : Math.min(policy.baseMs * 2 ** (attempts - policy.free), policy.capMs);

/** Milliseconds `record` makes the next attempt wait under `gate` (0: it may go on). */
export function gateWaitMs(record: AttemptRecord | undefined, gate: AttemptGate | undefined, now: number) {
  if (!record || !gate) return 0;
  const until =
    "max" in gate
      ? record.count >= gate.max
        ? record.expiresAt
        : 0
      : record.lastAt + delayAfter(record.count, gate);
  return Math.max(0, until - now);
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
    // No await inside: the check and the count run in one turn of the event loop, so they are atomic.
    async reserve(claims) {
      const at = now();
      const found = claims.map((claim) => live(claim.key));
      const waitMs = Math.max(0, ...claims.map((claim, i) => gateWaitMs(found[i], claim.gate, at)));
      const before = found.map((record) => record?.count ?? 0);
      if (waitMs > 0) return { waitMs, before };
      claims.forEach((claim, i) => {
        const previous = found[i];
        if (!previous) prune();
        records.set(claim.key, {
          count: (previous?.count ?? 0) + 1,
          lastAt: at,
          expiresAt: claim.mode === "fixed" && previous ? previous.expiresAt : at + claim.windowMs,
        });
      });
      return { waitMs: 0, before };
    },
    async release(key) {
      const record = live(key);
      if (!record) return;
      if (record.count <= 1) records.delete(key);
      else record.count -= 1;
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

/** Seconds (at least 1) to wait `ms` milliseconds, or 0. */
export const waitSeconds = (ms: number) => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

/**
 * At most `max` attempts per key in a fixed window. `reserve` counts one attempt before the
 * secret is checked and answers the seconds to wait when the window is full (0: go on, counted).
 */
export function createAttemptLimit(
  store: AttemptStore,
  options: { prefix: string; max: number; windowMs: number },
) {
  const claim = (id: string): AttemptClaim => ({
    key: `${options.prefix}:${id}`,
    windowMs: options.windowMs,
    mode: "fixed",
    gate: { max: options.max },
  });
  return {
    claim,
    async reserve(id: string): Promise<number> {
      return waitSeconds((await store.reserve([claim(id)])).waitMs);
    },
    release: (id: string) => store.release(claim(id).key),
    clear: (id: string) => store.clear(claim(id).key),
  };
}
export type AttemptLimit = ReturnType<typeof createAttemptLimit>;
