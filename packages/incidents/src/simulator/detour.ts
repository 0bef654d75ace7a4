import type { SeededRandom } from "@treiber/contract/seeded-random";
import { distanceToRoad, pointAt } from "./road-geometry.js";
import type { SimulatedRoute } from "./simulated-route.js";

/** A detour off the road: from road metre `start` out, along and back to road metre `end`. */
export type Detour = { start: number; end: number; points: [number, number][]; cum: number[] };

/**
 * A detour between two road points 700–1,000 m apart (away from the stops): `out` metres (600–900 by
 * default) out to one side, along, and back; of 30 tries, the one whose far side is farthest from
 * the whole road. Null when none gets 400 m away (or two thirds of `out`, for shorter detours): the
 * fault then has no condition.
 */
export function planDetour(
  route: SimulatedRoute,
  random: SeededRandom,
  [minOut, maxOut]: readonly [number, number],
): Detour | null {
  const { roadX, roadY, roadCum } = route;
  const length = roadCum[roadCum.length - 1] ?? 0;
  const out = random.between(minOut, maxOut);
  const span = random.between(700, 1000);
  let best: Detour | null = null;
  let bestScore = Math.min(400, (2 * out) / 3);
  for (let attempt = 0; attempt < 30; attempt++) {
    const start = random.between(0.1, 0.85) * length;
    const end = start + span;
    if (end > length - 300 || route.roadStops.some((stop) => stop > start - 300 && stop < end + 300))
      continue;
    const [ax, ay] = pointAt(roadX, roadY, roadCum, start);
    const [bx, by] = pointAt(roadX, roadY, roadCum, end);
    const chord = Math.hypot(bx - ax, by - ay);
    if (chord < span / 2) continue;
    const nx = -(by - ay) / chord;
    const ny = (bx - ax) / chord;
    for (const side of [1, -1]) {
      const points: [number, number][] = [
        [ax, ay],
        [ax + side * out * nx, ay + side * out * ny],
        [bx + side * out * nx, by + side * out * ny],
        [bx, by],
      ];
      const score = farSideDistance(route, points);
      if (score > bestScore) {
        bestScore = score;
        best = { start, end, points, cum: [0, out, out + chord, 2 * out + chord] };
      }
    }
  }
  return best;
}

/** How far the detour's far side (its two corners and the middle between them) stays from the road. */
function farSideDistance(route: SimulatedRoute, points: [number, number][]): number {
  const [p1, p2] = [points[1]!, points[2]!];
  return Math.min(
    distanceToRoad(route, p1[0], p1[1]),
    distanceToRoad(route, (p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2),
    distanceToRoad(route, p2[0], p2[1]),
  );
}
