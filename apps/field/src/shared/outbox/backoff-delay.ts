export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5_000;

/**
 * Wait before retry number `attempts` (1 = first retry): exponential (1 s, 2 s, 4 s, then every 5 s: a returning signal is used within seconds)
 * with "equal jitter" (between half and all of it), so phones coming back online do not retry in step.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}
