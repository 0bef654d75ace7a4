import { z } from "zod";
import { type TravelModel, type TravelPoint, travel } from "./travel-model.js";

/**
 * Road legs (issue 36, decision 0069): with a routing server (ROUTING_URL) a proposal's times and
 * km come from the road network, not from straight km × circuity. The proposal's `params` carry the
 * legs it was timed with, so the page's figures and planned times after a move stay the server's;
 * a leg that is not among them (a stop moved where no route went) is timed by the model.
 */

export const TRAVEL_BASES = ["roads", "model"] as const;
export type TravelBasis = (typeof TRAVEL_BASES)[number];

/** Road legs between points: `points` as [lat, lon], each leg [from index, to index, seconds, metres]. */
export const roadLegsSchema = z.object({
  points: z.array(z.tuple([z.number(), z.number()])),
  legs: z.array(z.tuple([z.number().int(), z.number().int(), z.number(), z.number()])),
});
export type RoadLegs = z.infer<typeof roadLegsSchema>;

/** Decimals a point is rounded to when legs are matched (1e-5° ≈ 1 m). */
const KEY_DECIMALS = 5;

/** A point's key for matching legs: its coordinates rounded to about a metre. */
export const roadPointKey = (point: TravelPoint) =>
  `${point.latitude.toFixed(KEY_DECIMALS)},${point.longitude.toFixed(KEY_DECIMALS)}`;

const lookups = new WeakMap<RoadLegs, Map<string, { km: number; minutes: number }>>();

function lookup(roads: RoadLegs) {
  let map = lookups.get(roads);
  if (map) return map;
  map = new Map();
  const keys = roads.points.map(([latitude, longitude]) => roadPointKey({ latitude, longitude }));
  for (const [from, to, seconds, meters] of roads.legs) {
    const a = keys[from];
    const b = keys[to];
    if (a !== undefined && b !== undefined)
      map.set(`${a}>${b}`, { km: meters / 1000, minutes: seconds / 60 });
  }
  lookups.set(roads, map);
  return map;
}

/** Road km and minutes of one leg: the road leg when `roads` has it, else the travel model's. */
export function planLeg(
  a: TravelPoint,
  b: TravelPoint,
  params: TravelModel & { roads?: RoadLegs | undefined },
): { km: number; minutes: number } {
  if (params.roads) {
    const leg = lookup(params.roads).get(`${roadPointKey(a)}>${roadPointKey(b)}`);
    if (leg) return leg;
  }
  return travel(a, b, params);
}
