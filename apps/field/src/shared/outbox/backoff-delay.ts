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

/**
 * A send that failed after this long hung (no byte came back: a dead zone) and gave up on its timeout
 * (the app's sends give up at 6 s, `FIELD_ACTION_TIMEOUT_MS`); a quicker failure broke.
 */
export const BACKOFF_HUNG_MS = 5_000;
/** The wait after a send that hung and then one that broke at once (the signal is coming back). */
export const RETRY_AFTER_HANG_MS = 200;
