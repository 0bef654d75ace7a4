/**
 * How fast one driver may send queued positions (`recordedAt`, the Treiber App's outbox replaying
 * after an outage): a token bucket per driver, generous enough for an hour of positions replayed
 * as fast as a phone sends them one after another, tight enough to stop a flood (issue 21).
 * Per instance, in memory: behind a load balancer each instance grants its own bucket.
 */
export type QueuedPositionLimitOptions = {
  /** Positions a driver may send at once (default 1,200: 20 minutes at one per second). */
  burst?: number;
  /** Positions per second the bucket refills (default 20, beyond a phone's sequential replay). */
  perSecond?: number;
  now?: () => number;
};

export type QueuedPositionLimit = {
  /** Takes one position of the user's bucket: 0 when allowed, else the seconds to wait. */
  take(userId: number): number;
};

const MAX_TRACKED = 50_000;

export function createQueuedPositionLimit(options: QueuedPositionLimitOptions = {}): QueuedPositionLimit {
  const burst = options.burst ?? 1_200;
  const perSecond = options.perSecond ?? 20;
  const now = options.now ?? Date.now;
  const buckets = new Map<number, { tokens: number; at: number }>();
  return {
    take(userId) {
      const at = now();
      const bucket = buckets.get(userId) ?? { tokens: burst, at };
      const tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
      if (tokens < 1) {
        buckets.set(userId, { tokens, at });
        return Math.max(1, Math.ceil((1 - tokens) / perSecond));
      }
      if (!buckets.has(userId) && buckets.size >= MAX_TRACKED) buckets.clear();
      buckets.set(userId, { tokens: tokens - 1, at });
      return 0;
    },
  };
}
