import type { SeededRandom } from "@treiber/contract/seeded-random";
import { type Detour, planDetour } from "./detour.js";
import type { SimulatedRoute } from "./simulated-route.js";

const MINUTE = 60_000;
/** The cruise speed changes every this many metres of road. */
export const CHUNK_METERS = 300;

/** The city the bus drives through: its cruise speed, how it varies along the road, the red lights. */
export type CityDraws = {
  /** m/s. */
  cruise: number;
  /** The cruise speed's factor on each `CHUNK_METERS` of road. */
  chunkFactors: number[];
  lights: { at: number; seconds: number }[];
};

/** Every fault's draws, made whatever is injected (so a fault's clean twin is the same trip). */
export type FaultDraws = {
  /** The start: `delayed` after the planned departure with `not-started`, else `onTime` (ms). */
  delayed: number;
  onTime: number;
  /** `late`: a jam from road metre `jamStart`, `jamLength` metres long. */
  jamStart: number;
  jamLength: number;
  /** `skip`: the stop driven through (−1: none, a route of one stop). */
  skipStop: number;
  /** `dwell`: minutes stopped at road metre `dwellAt` (−1: no place away from the stops). */
  dwellMinutes: number;
  dwellAt: number;
  detour: Detour | null;
  /** `gps-gap`: where in the trip it starts (a fraction), how long, and whether its positions come later. */
  gapFraction: number;
  gapMinutes: number;
  gapReplayed: boolean;
};

const roadLength = (route: SimulatedRoute) => route.roadCum[route.roadCum.length - 1] ?? 0;

/** Whether road metre `s` lies within `meters` of a stop or of the road's end. */
export function nearStop(route: SimulatedRoute, s: number, meters: number): boolean {
  return route.roadStops.some((stop) => Math.abs(stop - s) < meters) || roadLength(route) - s < meters;
}

/** A cruise speed 10–30 % above the shift's (±25 % per 300 m), and red lights every 600–1,800 m. */
export function drawCity(route: SimulatedRoute, random: SeededRandom): CityDraws {
  const length = roadLength(route);
  const cruise = (route.plan.speedKmh / 3.6) * random.between(0.95, 1.1);
  const chunkFactors = Array.from({ length: Math.ceil(length / CHUNK_METERS) + 2 }, () =>
    random.between(0.75, 1.25),
  );
  const lights: { at: number; seconds: number }[] = [];
  for (let s = random.between(600, 1800); s < length; s += random.between(600, 1800)) {
    const seconds = random.between(20, 60);
    if (random.chance(0.5) && !nearStop(route, s, 250)) lights.push({ at: s, seconds });
  }
  return { cruise, chunkFactors, lights };
}

export function drawFaults(
  route: SimulatedRoute,
  random: SeededRandom,
  cruise: number,
  detourMeters: readonly [number, number],
): FaultDraws {
  const length = roadLength(route);
  const stops = route.plan.stops;
  const delayed = random.between(18, 25) * MINUTE;
  const onTime = random.between(-2, 2) * MINUTE;
  const jamStart = random.between(0.2, 0.5) * length;
  const jamLength = cruise * random.between(5, 8) * 60;
  const skipStop = stops.length > 1 ? random.int(1, stops.length - 1) : -1;
  const dwellMinutes = random.between(13, 18);
  let dwellAt = -1;
  for (let attempt = 0; attempt < 20 && dwellAt < 0; attempt++) {
    const s = random.between(0.25, 0.75) * length;
    if (!nearStop(route, s, 400)) dwellAt = s;
  }
  const detour = planDetour(route, random, detourMeters);
  const gapFraction = random.between(0.3, 0.6);
  const gapMinutes = random.between(3.5, 5);
  const gapReplayed = random.chance(0.5);
  return {
    delayed,
    onTime,
    jamStart,
    jamLength,
    skipStop,
    dwellMinutes,
    dwellAt,
    detour,
    gapFraction,
    gapMinutes,
    gapReplayed,
  };
}
