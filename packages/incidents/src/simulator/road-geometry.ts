import type { SimulatedRoute } from "./simulated-route.js";

/** The point `s` metres along a polyline given by its points and cumulative lengths. */
export function pointAt(xs: Float64Array, ys: Float64Array, cum: Float64Array, s: number): [number, number] {
  let i = 0;
  while (i + 2 < cum.length && cum[i + 1]! < s) i++;
  const len = cum[i + 1]! - cum[i]!;
  const t = len > 0 ? Math.min(1, Math.max(0, (s - cum[i]!) / len)) : 0;
  return [xs[i]! + t * (xs[i + 1]! - xs[i]!), ys[i]! + t * (ys[i + 1]! - ys[i]!)];
}

/** The same along a short line of [x, y] points. */
export function pointOnLine(points: [number, number][], cum: number[], s: number): [number, number] {
  let i = 0;
  while (i + 2 < cum.length && cum[i + 1]! < s) i++;
  const [ax, ay] = points[i]!;
  const [bx, by] = points[i + 1]!;
  const len = cum[i + 1]! - cum[i]!;
  const t = len > 0 ? Math.min(1, Math.max(0, (s - cum[i]!) / len)) : 0;
  return [ax + t * (bx - ax), ay + t * (by - ay)];
}

/** Metres from (x, y) to the route's road. */
export function distanceToRoad(route: SimulatedRoute, x: number, y: number): number {
  const { roadX, roadY } = route;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < roadX.length; i++) {
    const ax = roadX[i]!;
    const ay = roadY[i]!;
    const dx = roadX[i + 1]! - ax;
    const dy = roadY[i + 1]! - ay;
    const l2 = dx * dx + dy * dy;
    const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}
