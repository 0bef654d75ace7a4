export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 2_000;

/**
 * Wait before retry number `attempts` (1 = first retry): 1 s, then 2 s at most, with "equal jitter"
 * (between half and all of it) so phones coming back online do not retry in step. A phone in a dead
 * zone learns that the signal is back only by trying (`navigator.onLine` stays true), so it tries
 * often: a small request every 1–2 s costs little; a longer wait is what the driver sees (0046).
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}
