/**
 * Counts failed sign-ins per account and per IP in a sliding window. After too many failures
 * the key is locked until the window passes. In memory: each API instance counts its own
 * (documented; a Redis-backed store can replace it behind the same interface).
 */
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

export function createSignInThrottle(
  options: { maxPerAccount?: number; maxPerIp?: number; windowMs?: number; now?: () => number } = {},
) {
  const maxPerAccount = options.maxPerAccount ?? 5;
  const maxPerIp = options.maxPerIp ?? 30;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const list = (failures.get(key) ?? []).filter((at) => at > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };

  return {
    /** Seconds until the caller may try again, or 0 when allowed. */
    retryAfter(email: string, ip: string): number {
      const account = recent(`a:${email}`);
      const byIp = recent(`i:${ip}`);
      const blocking = [
        account.length >= maxPerAccount ? account[account.length - maxPerAccount] : undefined,
        byIp.length >= maxPerIp ? byIp[byIp.length - maxPerIp] : undefined,
      ].filter((at): at is number => at !== undefined);
      if (!blocking.length) return 0;
      return Math.max(1, Math.ceil((Math.max(...blocking) + windowMs - now()) / 1000));
    },
    fail(email: string, ip: string) {
      for (const key of [`a:${email}`, `i:${ip}`]) {
        const list = recent(key);
        list.push(now());
        failures.set(key, list);
      }
      if (failures.size > 100_000) failures.clear();
    },
    succeed(email: string) {
      failures.delete(`a:${email}`);
    },
  };
}
