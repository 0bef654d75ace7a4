import { useEffect, useReducer } from "react";

/** setTimeout's longest delay (about 24.8 days). */
const MAX_DELAY = 2 ** 31 - 1;

/** The earliest of the cut-offs (ISO) still ahead of `now` (ms), or null. */
export function nextCutoff(cutoffs: readonly string[], now: number): number | null {
  let next: number | null = null;
  for (const cutoff of cutoffs) {
    const at = Date.parse(cutoff);
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}

/**
 * The phone's time (ms) for «Mis viajes», read again when the next cut-off still ahead comes: a
 * screen left open re-renders then and stops offering that booking's changes (decision 0064).
 */
export function useCutoffClock(cutoffs: readonly string[], now: () => number): number {
  const [ticks, tick] = useReducer((count: number) => count + 1, 0);
  const at = now();
  const next = nextCutoff(cutoffs, at);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ticks` re-arms a timer that fired early.
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(tick, Math.min(Math.max(0, next - now()), MAX_DELAY));
    return () => clearTimeout(timer);
  }, [next, ticks]);
  return at;
}
