/**
 * The p-th percentile (0–100) of sorted samples by the nearest-rank method: the smallest sample with
 * at least p % of the samples at or below it (p50 of 1…10 is 5, p95 of 20 samples is the 19th).
 * NaN when there are none. Every benchmark reports its percentiles with this one definition.
 */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

/** The p-th percentile (0–100) of `values` in any order (nearest rank, see {@link percentileOfSorted}). */
export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}
