import { isPeak, minutesOfDay, PLANNING_DEFAULTS, scheduleStops } from "@treiber/contract";
import { SeededRandom } from "@treiber/contract/seeded-random";
import { LocalProjection } from "../local-projection.js";
import type { GeoPoint, TripPlan } from "../types.js";

/** A route to drive: its plan (what the engine knows) and the road (what the bus really drives). */
export type SimulatedRoute = {
  plan: TripPlan;
  projection: LocalProjection;
  /** The road in flat metres from the first stop to the workplace, with metres along it. */
  roadX: Float64Array;
  roadY: Float64Array;
  roadCum: Float64Array;
  /** Metres along the road of each stop. */
  roadStops: number[];
};

export type RouteGeometry = {
  /** The flat metres are around this point. */
  origin: GeoPoint;
  /** Road points in metres (x east, y north), from the first stop to the workplace (the last point). */
  road: readonly (readonly [number, number])[];
  /** Which road point each stop is, in order. */
  stopVertices: readonly number[];
  /** Rider ids per stop. */
  riders: readonly (readonly number[])[];
  /** The shift's `HH:mm` (inbound: arrival at the workplace). */
  shiftTime: string;
  /** Midnight of the trip's day, epoch ms (the plan's times are counted from it). */
  dayStart: number;
  seats: number | null;
};

/** The default day of simulated trips (a Monday). */
export const SIMULATED_DAY = Date.UTC(2026, 10, 2);

/**
 * The plan of an inbound route over a given road: planned times from the contract's travel model
 * (`scheduleStops`, the shift's default speed for its hour, circuity and service time), as the
 * planner writes them.
 */
export function routeFromGeometry(geometry: RouteGeometry): SimulatedRoute {
  const projection = new LocalProjection(geometry.origin);
  const n = geometry.road.length;
  const { roadX, roadY, roadCum } = roadOf(geometry.road);
  const geo = (i: number) => projection.toGeo(roadX[i]!, roadY[i]!);
  const stopPoints = geometry.stopVertices.map(geo);
  const workplace = geo(n - 1);
  const shift = minutesOfDay(geometry.shiftTime);
  const speedKmh = isPeak(shift) ? PLANNING_DEFAULTS.peakSpeedKmh : PLANNING_DEFAULTS.offPeakSpeedKmh;
  const schedule = scheduleStops(stopPoints, {
    direction: "inbound",
    shiftTime: geometry.shiftTime,
    workplace,
    speedKmh,
    circuity: PLANNING_DEFAULTS.circuity,
    serviceMinutes: PLANNING_DEFAULTS.serviceMinutes,
    maxRideMinutes: PLANNING_DEFAULTS.maxRideMinutes,
  });
  const minute = 60_000;
  const stops = stopPoints.map((point, index) => ({
    ...point,
    plannedAt: geometry.dayStart + (schedule.stops[index]?.at ?? shift) * minute,
    riderIds: geometry.riders[index] ?? [],
  }));
  const plan: TripPlan = {
    direction: "inbound",
    plannedDepartureAt: stops[0]?.plannedAt ?? geometry.dayStart + shift * minute,
    stops,
    workplace: { ...workplace, plannedAt: geometry.dayStart + shift * minute },
    seats: geometry.seats,
    speedKmh,
    circuity: PLANNING_DEFAULTS.circuity,
    serviceMinutes: PLANNING_DEFAULTS.serviceMinutes,
  };
  return {
    plan,
    projection,
    roadX,
    roadY,
    roadCum,
    roadStops: geometry.stopVertices.map((vertex) => roadCum[vertex]!),
  };
}

/**
 * How the simulator draws a route's streets: `staircase` (each leg a staircase of 1–3 steps on a
 * turned grid: long straight runs, up to a third of a leg sideways), `streets` (city blocks of
 * 80–250 m zig-zagging along the leg, now and then a one-block jog round a block, and corners off by
 * a few metres: what a bus drives on a route that has no trace yet) or `straight` (the straight
 * legs between the stops, as `npm run simulate` drives them).
 */
export type RoadStyle = "staircase" | "streets" | "straight";

export type GenerateRouteOptions = {
  /** The streets (default `staircase`). */
  road?: RoadStyle;
  /** Stops per route, inclusive range (default 4–8). */
  stops?: readonly [number, number];
  /** km from the neighbourhood to the workplace (default 5–12). */
  haulKm?: readonly [number, number];
  shiftTime?: string;
  dayStart?: number;
  /** Where routes are drawn around (default Santo Domingo), and how far they spread (km). */
  center?: GeoPoint;
  spreadKm?: number;
};

/**
 * A random inbound route: a few stops 0.4–1.5 km apart in a neighbourhood, then the haul to the
 * workplace, on a street grid at a random angle (each leg a staircase of 1–3 steps, so road km are
 * 1–1.41 × straight km, as in a city).
 */
export function generateRoute(seed: number, options: GenerateRouteOptions = {}): SimulatedRoute {
  const random = new SeededRandom(seed);
  const [minStops, maxStops] = options.stops ?? [4, 8];
  const [minHaul, maxHaul] = options.haulKm ?? [5, 12];
  const center = options.center ?? { latitude: 18.47, longitude: -69.93 };
  const spread = (options.spreadKm ?? 20) / 111;
  const origin = {
    latitude: center.latitude + random.between(-spread, spread),
    longitude: center.longitude + random.between(-spread, spread),
  };
  const angle = random.between(0, Math.PI / 2);
  const count = random.int(minStops, maxStops);
  // Points in grid coordinates (u, v); the workplace at (0, 0).
  const haul = random.between(minHaul, maxHaul) * 1000;
  const heading = random.between(0, 2 * Math.PI);
  const points: [number, number][] = [[haul * Math.cos(heading), haul * Math.sin(heading)]];
  for (let k = 1; k < count; k++) {
    const [u, v] = points[k - 1] as [number, number];
    const toWork = Math.atan2(-v, -u);
    const direction = toWork + random.between(-1.8, 1.8);
    const step = random.between(400, 1500);
    points.push([u + step * Math.cos(direction), v + step * Math.sin(direction)]);
  }
  points.push([0, 0]);
  const { road, stopVertices } = drawRoad(options.road, points, count, angle, random);
  let rider = 1;
  const riders = stopVertices.map(() => Array.from({ length: random.int(1, 4) }, () => rider++));
  const total = rider - 1;
  return routeFromGeometry({
    origin,
    road,
    stopVertices,
    riders,
    shiftTime: options.shiftTime ?? "08:00",
    dayStart: options.dayStart ?? SIMULATED_DAY,
    seats: total + random.int(0, 4),
  });
}

function roadOf(road: readonly (readonly [number, number])[]) {
  const roadX = Float64Array.from(road, (p) => p[0]);
  const roadY = Float64Array.from(road, (p) => p[1]);
  const roadCum = new Float64Array(road.length);
  for (let i = 1; i < road.length; i++) {
    roadCum[i] = roadCum[i - 1]! + Math.hypot(roadX[i]! - roadX[i - 1]!, roadY[i]! - roadY[i - 1]!);
  }
  return { roadX, roadY, roadCum };
}

/**
 * City streets through points given in grid coordinates (u, v), on a grid turned by `angle`: each leg
 * a staircase of 1–3 steps (road km 1–1.41 × straight km). Returns the road in metres (x, y) and
 * which road point each of the first `stops` points is.
 */
function cityRoad(
  points: readonly (readonly [number, number])[],
  stops: number,
  angle: number,
  random: SeededRandom,
): { road: [number, number][]; stopVertices: number[] } {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const road: [number, number][] = [];
  const stopVertices: number[] = [];
  const toXY = (u: number, v: number): [number, number] => [u * cos - v * sin, u * sin + v * cos];
  for (let k = 0; k < points.length; k++) {
    const [u, v] = points[k] as [number, number];
    if (k < stops) stopVertices.push(road.length);
    road.push(toXY(u, v));
    const next = points[k + 1];
    if (!next) break;
    const steps = random.int(1, 3);
    const du = (next[0] - u) / steps;
    const dv = (next[1] - v) / steps;
    const uFirst = random.chance(0.5);
    let cu = u;
    let cv = v;
    for (let s = 0; s < steps; s++) {
      if (uFirst) {
        cu += du;
        road.push(toXY(cu, cv));
        cv += dv;
      } else {
        cv += dv;
        road.push(toXY(cu, cv));
        cu += du;
      }
      if (s < steps - 1) road.push(toXY(cu, cv));
    }
  }
  return { road, stopVertices };
}

/** The road of `style` through points in grid coordinates (u, v), on a grid turned by `angle`. */
function drawRoad(
  style: RoadStyle | undefined,
  points: readonly (readonly [number, number])[],
  stops: number,
  angle: number,
  random: SeededRandom,
): { road: [number, number][]; stopVertices: number[] } {
  if (style === "streets") return streetsRoad(points, stops, angle, random);
  if (style !== "straight") return cityRoad(points, stops, angle, random);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return {
    road: points.map(([u, v]): [number, number] => [u * cos - v * sin, u * sin + v * cos]),
    stopVertices: points.slice(0, stops).map((_, index) => index),
  };
}

/**
 * City blocks through points given in grid coordinates (u, v), on a grid turned by `angle`: each
 * leg zig-zags block by block (80–250 m, one or two at a time), taking the axis it is furthest
 * behind on, so it stays near the straight leg (road km 1–1.41 × straight km, like a city); one
 * run in eight first jogs a block (60–120 m) the wrong way round a block and comes back later;
 * corners are off by a few metres (σ 6 m). Stops stay exactly on their points.
 */
function streetsRoad(
  points: readonly (readonly [number, number])[],
  stops: number,
  angle: number,
  random: SeededRandom,
): { road: [number, number][]; stopVertices: number[] } {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const road: [number, number][] = [];
  const stopVertices: number[] = [];
  const toXY = (u: number, v: number): [number, number] => [u * cos - v * sin, u * sin + v * cos];
  const corner = (u: number, v: number): [number, number] =>
    toXY(u + random.gaussian() * 6, v + random.gaussian() * 6);
  for (let k = 0; k < points.length; k++) {
    const [u, v] = points[k] as [number, number];
    if (k < stops) stopVertices.push(road.length);
    road.push(toXY(u, v));
    const next = points[k + 1];
    if (!next) break;
    const totalU = Math.abs(next[0] - u);
    const totalV = Math.abs(next[1] - v);
    let cu = u;
    let cv = v;
    for (let guard = 0; guard < 500; guard++) {
      const du = next[0] - cu;
      const dv = next[1] - cv;
      if (Math.abs(du) < 1 && Math.abs(dv) < 1) break;
      // The axis furthest behind (as a share of the leg's), so the streets follow the leg.
      const behindU = totalU > 0 ? Math.abs(du) / totalU : 0;
      const behindV = totalV > 0 ? Math.abs(dv) / totalV : 0;
      const alongU =
        Math.abs(dv) < 1 || (Math.abs(du) >= 1 && behindU + random.between(-0.1, 0.1) >= behindV);
      const run = random.between(80, 250) * (random.chance(0.3) ? 2 : 1);
      if (random.chance(0.125) && Math.abs(alongU ? du : dv) > 600) {
        // Round a block: a short stretch the wrong way on the other axis (a one-way street).
        const jog = random.between(60, 120) * (random.chance(0.5) ? 1 : -1);
        if (alongU) cv += jog;
        else cu += jog;
        road.push(corner(cu, cv));
      }
      if (alongU) cu += Math.sign(du) * Math.min(Math.abs(du), run);
      else cv += Math.sign(dv) * Math.min(Math.abs(dv), run);
      const end = Math.abs(next[0] - cu) < 1 && Math.abs(next[1] - cv) < 1;
      if (!end) road.push(corner(cu, cv));
    }
  }
  return { road, stopVertices };
}

/**
 * A real inbound plan (its stops and workplace, times and riders as they are) with city streets
 * drawn through them, to drive with `simulateTrip`: what `npm run simulate` needs for a route's stops.
 */
export function routeFromPlan(
  plan: TripPlan,
  seed: number,
  options: { road?: RoadStyle } = {},
): SimulatedRoute {
  const first = plan.stops[0];
  if (plan.direction !== "inbound" || !plan.workplace || !first) {
    throw new Error("The simulator drives inbound routes with stops and a workplace");
  }
  const random = new SeededRandom(seed);
  const projection = new LocalProjection(first);
  const angle = random.between(0, Math.PI / 2);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const grid = [...plan.stops, plan.workplace].map((point): [number, number] => {
    const x = projection.x(point.longitude);
    const y = projection.y(point.latitude);
    return [x * cos + y * sin, -x * sin + y * cos];
  });
  const { road, stopVertices } = drawRoad(options.road, grid, plan.stops.length, angle, random);
  const { roadX, roadY, roadCum } = roadOf(road);
  return {
    plan,
    projection,
    roadX,
    roadY,
    roadCum,
    roadStops: stopVertices.map((vertex) => roadCum[vertex]!),
  };
}
