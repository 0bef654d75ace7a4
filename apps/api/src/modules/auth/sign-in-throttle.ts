import {
  type AttemptStore,
  createMemoryAttemptStore,
  type DelayPolicy,
  delayAfter,
  waitSeconds,
} from "./attempt-store.js";

export { type DelayPolicy, delayAfter } from "./attempt-store.js";

export type SignInThrottleOptions = {
  store?: AttemptStore;
  /** The clock of the default in-memory store (a given store has its own). */
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

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/**
 * Progressive delay instead of lockouts (decision 0022). Attempts are counted per account and IP
 * pair, per account and per IP. The pair answers 429 until its delay has passed since its last
 * attempt; the account does the same for IPs the account has not signed in from lately (so an
 * attacker elsewhere never keeps its owner out); the IP only slows its attempts down, so a correct
 * password is never refused because of other people behind the same address.
 *
 * Each attempt is reserved (counted on the three keys at once) before the password is checked
 * (decision 0036), so guesses sent at once are counted one by one. A failure keeps its reservation;
 * a success clears the pair and gives back its count on the account and the IP; an attempt that
 * could not check the password (an error) gives back all three.
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

  return {
    /**
     * Reserves one attempt: `retryAfter` seconds to answer 429 with (nothing counted), or 0 and the
     * attempt counted, to be held `holdMs` before the password is checked.
     */
    async reserve(email: string, address: string): Promise<{ retryAfter: number; holdMs: number }> {
      const key = keys(email, address);
      // Only the owner's successes make an IP known, so reading it apart from the count is safe.
      const known = await store.read(key.known);
      const { waitMs, before } = await store.reserve([
        { key: key.pair, windowMs, mode: "sliding", gate: pair },
        { key: key.account, windowMs, mode: "sliding", ...(!known && { gate: account }) },
        { key: key.ip, windowMs, mode: "sliding" },
      ]);
      if (waitMs > 0) return { retryAfter: waitSeconds(waitMs), holdMs: 0 };
      return { retryAfter: 0, holdMs: delayAfter(before[2] ?? 0, ip) };
    },
    /** The reserved attempt signed in: the pair starts over, the account and the IP do not count it. */
    async succeed(email: string, address: string) {
      const key = keys(email, address);
      await Promise.all([
        store.clear(key.pair),
        store.release(key.account),
        store.release(key.ip),
        store.reserve([{ key: key.known, windowMs: knownIpMs, mode: "sliding" }]),
      ]);
    },
    /** The reserved attempt checked no password (an error): it counts nowhere. */
    async release(email: string, address: string) {
      const key = keys(email, address);
      await Promise.all([store.release(key.pair), store.release(key.account), store.release(key.ip)]);
    },
    store,
  };
}
