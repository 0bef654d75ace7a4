import { roadPointKey, type TravelPoint } from "@treiber/contract";

/** Seconds and metres of driving from one point to another on the road network. */
export type RoadLeg = { seconds: number; meters: number };

/**
 * The road legs already asked for (issue 36, decision 0069), per (from, to) with the coordinates
 * rounded to about a metre: a bounded LRU in memory (a Map keeps insertion order; a hit moves the
 * leg to the end, the oldest go first when it is full).
 */
export function createRoadCache(maxLegs = 200_000) {
  const legs = new Map<string, RoadLeg>();
  const key = (from: TravelPoint, to: TravelPoint) => `${roadPointKey(from)}>${roadPointKey(to)}`;
  return {
    get(from: TravelPoint, to: TravelPoint): RoadLeg | undefined {
      const k = key(from, to);
      const leg = legs.get(k);
      if (!leg) return undefined;
      legs.delete(k);
      legs.set(k, leg);
      return leg;
    },
    set(from: TravelPoint, to: TravelPoint, leg: RoadLeg) {
      const k = key(from, to);
      legs.delete(k);
      legs.set(k, leg);
      while (legs.size > maxLegs) {
        const oldest = legs.keys().next().value;
        if (oldest === undefined) break;
        legs.delete(oldest);
      }
    },
    get size() {
      return legs.size;
    },
  };
}
export type RoadCache = ReturnType<typeof createRoadCache>;
