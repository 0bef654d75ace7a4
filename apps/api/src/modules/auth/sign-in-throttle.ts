import { type AttemptStore, createMemoryAttemptStore, secondsUntil } from "./attempt-store.js";

/** After `free` failures, each further attempt waits `baseMs`·2^(failures − free), at most `capMs`. */
export type DelayPolicy = { free: number; baseMs: number; capMs: number };

export type SignInThrottleOptions = {
  store?: AttemptStore;
  now?: () => number;
  /** One account from one IP: the client that is guessing (429 with Retry-After). */
  pair?: Partial<DelayPolicy>;
  /** One account from any IP it never signed in from (429 with Retry-After, shorter cap). */
  account?: Partial<DelayPolicy>;
  /** One IP across accounts: never refused, only held before the check (slow-down). */
  ip?: Partial<DelayPolicy>;
  /** How long failures are remembered after the last one. */
  windowMs?: number;
  /** How long an IP stays "known" for an account after a successful sign-in from it. */
  knownIpMs?: number;
};

const MINUTE = 60_000;
export const SIGN_IN_POLICY = {
  pair: { free: 5, baseMs: 1000, capMs: 15 * MINUTE },
  account: { free: 10, baseMs: 1000, capMs: 5 * MINUTE },
  ip: { free: 30, baseMs: 100, capMs: 3000 },
  windowMs: 60 * MINUTE,
  knownIpMs: 30 * 24 * 60 * MINUTE,
} as const;

export const delayAfter = (failures: number, policy: DelayPolicy) =>
  failures < policy.free ? 0 : Math.min(policy.baseMs * 2 ** (failures - policy.free), policy.capMs);

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/**
 * Progressive delay instead of lockouts (decision 0022). Failures are counted per account and IP
 * pair, per account and per IP. The pair answers 429 until its delay has passed since its last
 * failure; the account does the same for IPs the account has not signed in from lately (so an
 * attacker elsewhere never keeps its owner out); the IP only slows its attempts down, so a correct
 * password is never refused because of other people behind the same address.
 */
export function createSignInThrottle(options: SignInThrottleOptions = {}) {
  const now = options.now ?? Date.now;
  const store = options.store ?? createMemoryAttemptStore(now);
  const pair: DelayPolicy = { ...SIGN_IN_POLICY.pair, ...options.pair };
  const account: DelayPolicy = { ...SIGN_IN_POLICY.account, ...options.account };
  const ip: DelayPolicy = { ...SIGN_IN_POLICY.ip, ...options.ip };
  const windowMs = options.windowMs ?? SIGN_IN_POLICY.windowMs;
  const knownIpMs = options.knownIpMs ?? SIGN_IN_POLICY.knownIpMs;
  const keys = (email: string, address: string) => ({
    pair: `signin:pair:${email}|${address}`,
    account: `signin:account:${email}`,
    ip: `signin:ip:${address}`,
    known: `signin:known:${email}|${address}`,
  });
  const waitUntil = (record: { count: number; lastAt: number } | undefined, policy: DelayPolicy) =>
    record ? record.lastAt + delayAfter(record.count, policy) : 0;

  return {
    /** `retryAfter` seconds to answer 429 with (0: go on), after holding the attempt `holdMs`. */
    async check(email: string, address: string): Promise<{ retryAfter: number; holdMs: number }> {
      const key = keys(email, address);
      const [pairRecord, known, ipRecord] = await Promise.all([
        store.read(key.pair),
        store.read(key.known),
        store.read(key.ip),
      ]);
      const accountRecord = known ? undefined : await store.read(key.account);
      const until = Math.max(waitUntil(pairRecord, pair), waitUntil(accountRecord, account));
      return {
        retryAfter: secondsUntil(until, now()),
        holdMs: ipRecord ? delayAfter(ipRecord.count, ip) : 0,
      };
    },
    async fail(email: string, address: string) {
      const key = keys(email, address);
      await Promise.all([
        store.record(key.pair, windowMs, "sliding"),
        store.record(key.account, windowMs, "sliding"),
        store.record(key.ip, windowMs, "sliding"),
      ]);
    },
    async succeed(email: string, address: string) {
      const key = keys(email, address);
      await Promise.all([store.clear(key.pair), store.record(key.known, knownIpMs, "sliding")]);
    },
    store,
  };
}
