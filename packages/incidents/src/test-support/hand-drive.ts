import type { TripPlan } from "../types.js";
import { type HandTrip, handPlan } from "./hand-trip.js";

// A straight road 6 km east; stops every 1.5 km; the workplace at its end. No noise: the rule tests
// pin the rules' semantics (the noisy simulated trips are in simulated-trips.test.ts).
export const road = [
  [0, 0],
  [6000, 0],
] as const;
export const stopsAt = (riders: number[][] = [[], [], [], []]) =>
  [0, 1500, 3000, 4500].map((x, k) => ({ at: [x, 0] as const, riderIds: riders[k] ?? [] }));
/** Planned an hour apart: nothing is late unless a test makes it so. */
export const relaxed = (riders?: number[][], seats: number | null = null): TripPlan =>
  handPlan(road, stopsAt(riders), { minutesApart: 60, seats });

export const SECOND = 1000;

type Received = { now?: number };

/**
 * Drives from x0 to x1 (y fixed) at `speed` m/s, a position every `every` s from `from` (received
 * when taken, or all at `now`); returns the last time.
 */
export function drive(
  trip: HandTrip,
  x0: number,
  x1: number,
  from: number,
  options: { y?: number; speed?: number; every?: number } & Received = {},
) {
  const { y = 0, speed = 7, every = 10 } = options;
  const direction = Math.sign(x1 - x0);
  let t = from;
  for (let x = x0; direction * (x1 - x) >= 0; x += direction * speed * every) {
    trip.position(x, y, t, options.now ?? t);
    t += every * SECOND;
  }
  return t - every * SECOND;
}

/** Stays at (x, y) for `seconds`, a position every 10 s from `from`; returns the last time. */
export function stay(
  trip: HandTrip,
  x: number,
  y: number,
  from: number,
  seconds: number,
  options: Received = {},
) {
  let t = from;
  for (; t <= from + seconds * SECOND; t += 10 * SECOND) trip.position(x, y, t, options.now ?? t);
  return t - 10 * SECOND;
}
