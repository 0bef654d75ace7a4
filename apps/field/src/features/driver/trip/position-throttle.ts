/** At most one position every 5 s goes to the server (issue 10). */
export const POSITION_INTERVAL_MS = 5_000;

/**
 * Lets a position through when `intervalMs` have passed since the last one let through; the first
 * one always passes.
 */
export function createPositionThrottle(intervalMs = POSITION_INTERVAL_MS) {
  let last: number | null = null;
  return {
    shouldSend(now: number): boolean {
      if (last !== null && now - last < intervalMs) return false;
      last = now;
      return true;
    },
    reset() {
      last = null;
    },
  };
}
