import type { TripSheetPoint } from "@treiber/contract";

/** Squared distance from `p` to the segment `a`–`b`, longitudes scaled by cos(latitude) (local plane). */
function segmentDistance2(p: TripSheetPoint, a: TripSheetPoint, b: TripSheetPoint, scale: number) {
  const ax = a[1] * scale;
  const ay = a[0];
  const dx = b[1] * scale - ax;
  const dy = b[0] - ay;
  const px = p[1] * scale - ax;
  const py = p[0] - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
  const ex = px - t * dx;
  const ey = py - t * dy;
  return ex * ex + ey * ey;
}

/**
 * A trace of at most `max` points (`max` ≥ 2) that keeps its shape: Douglas–Peucker ranks every
 * point by the deviation at which it would be kept (capped by its parent's, so the ranking is
 * nested), and the `max` highest-ranked points are kept in their order. The first and last points
 * always stay; a trace of `max` points or fewer is returned as is.
 */
export function simplifyTrace(points: TripSheetPoint[], max: number): TripSheetPoint[] {
  const n = points.length;
  if (n <= max) return points;
  const first = points[0] as TripSheetPoint;
  const scale = Math.cos((first[0] * Math.PI) / 180);
  const rank = new Float64Array(n);
  rank[0] = Number.POSITIVE_INFINITY;
  rank[n - 1] = Number.POSITIVE_INFINITY;
  const stack: [from: number, to: number, cap: number][] = [[0, n - 1, Number.POSITIVE_INFINITY]];
  for (let span = stack.pop(); span; span = stack.pop()) {
    const [from, to, cap] = span;
    let farthest = -1;
    let distance = -1;
    const a = points[from] as TripSheetPoint;
    const b = points[to] as TripSheetPoint;
    for (let i = from + 1; i < to; i++) {
      const d = segmentDistance2(points[i] as TripSheetPoint, a, b, scale);
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    const ranked = Math.min(distance, cap);
    rank[farthest] = ranked;
    stack.push([from, farthest, ranked], [farthest, to, ranked]);
  }
  const threshold = Float64Array.from(rank).sort().reverse()[max - 1] as number;
  let above = 0;
  for (const value of rank) if (value > threshold) above++;
  let ties = max - above;
  const kept: TripSheetPoint[] = [];
  for (let i = 0; i < n; i++) {
    const value = rank[i] as number;
    if (value > threshold || (value === threshold && ties-- > 0)) kept.push(points[i] as TripSheetPoint);
  }
  return kept;
}
