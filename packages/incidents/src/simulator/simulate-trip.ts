import type { EvidencePosition, IncidentType, TripEvent, TripPlan } from "../types.js";
import { Random } from "./random.js";
import type { SimulatedRoute } from "./simulated-route.js";

export const FAULTS = ["late", "detour", "skip", "dwell", "gps-gap", "not-started", "over-capacity"] as const;
export type Fault = (typeof FAULTS)[number];

/** The incident each injected fault must raise. */
export const FAULT_INCIDENT: Readonly<Record<Fault, IncidentType>> = {
  late: "LATE",
  detour: "OFF_ROUTE",
  skip: "SKIPPED_STOP",
  dwell: "LONG_DWELL",
  "gps-gap": "NO_GPS",
  "not-started": "NOT_STARTED",
  "over-capacity": "OVER_CAPACITY",
};

/** One event as the server receives it. */
export type Delivery = { event: TripEvent; receivedAt: number };

export type FaultTruth = {
  fault: Fault;
  type: IncidentType;
  stopIndex: number | null;
  /** When the rule's condition first held on the true (noise-free) trip; null: it never did. */
  conditionAt: number | null;
};

export type SimulatedTrip = {
  plan: TripPlan;
  /** What the server receives, in the order it receives it. */
  deliveries: Delivery[];
  truth: FaultTruth[];
  startedAt: number;
  endedAt: number;
  /** The positions the phone took (with noise), in time order: a recorded trace. */
  positions: EvidencePosition[];
  /**
   * When the bus had certainly been more than 10 min late at a stop or the workplace it had not
   * reached yet (whatever the cause: a jam, a late start, a long dwell); null: never.
   */
  lateAt: number | null;
  /** When the bus truly reached each stop (index 0: the start); missing: never reached. */
  stopArrivals: number[];
};

export type SimulateOptions = {
  seed: number;
  faults?: readonly Fault[];
  /** GPS noise: standard deviation per axis, metres (default 15). */
  noiseMeters?: number;
  /** Seconds between positions, drawn in this range (default 5–10). */
  intervalSeconds?: readonly [number, number];
  /** Deliver some positions swapped, twice, or again much later (bad input). */
  disorder?: boolean;
  /** How far out the `detour` fault goes, metres, drawn in this range (default 600–900). */
  detourMeters?: readonly [number, number];
  /** Seconds stopped at each stop while its riders board, drawn in this range (default 30–120). */
  stopSeconds?: readonly [number, number];
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The rules' defaults the truth is measured with (OFF_ROUTE, SKIPPED_STOP, LATE, NO_GPS...). */
const TRUTH = {
  lateMs: 10 * MINUTE,
  offMeters: 300,
  offMs: 60 * SECOND,
  offPositions: 3,
  skipMeters: 200,
  longDwellMs: 10 * MINUTE,
  noGpsMs: 2 * MINUTE,
  notStartedMs: 10 * MINUTE,
};

type Detour = { start: number; end: number; points: [number, number][]; cum: number[] };

/**
 * Drives one trip along its route at city speeds (a cruise speed 10–30 % above the shift's, ±25 %
 * per 300 m, red lights), dwelling 30–120 s at each stop while its riders board (5 % do not show),
 * and sends a position every 5–10 s with Gaussian noise. Faults change the trip: `late` a traffic
 * jam (5–8 min of road at a fifth of the speed), `detour` 600–900 m (`detourMeters`) off the road and back,
 * `skip` a stop driven through, `dwell` 13–18 min stopped away from the stops, `gps-gap` 3.5–5 min
 * without positions (then sent late, or lost), `not-started` a start 18–25 min late,
 * `over-capacity` one seat fewer than riders who board. Same seed, same trip.
 */
export function simulateTrip(route: SimulatedRoute, options: SimulateOptions): SimulatedTrip {
  const random = new Random(options.seed);
  const faults = new Set(options.faults ?? []);
  const noise = options.noiseMeters ?? 15;
  const [minInterval, maxInterval] = options.intervalSeconds ?? [5, 10];
  const [minStop, maxStop] = options.stopSeconds ?? [30, 120];
  const { roadX, roadY, roadCum, roadStops, projection } = route;
  const plan = route.plan;
  const length = roadCum[roadCum.length - 1] ?? 0;
  const stops = plan.stops;
  const cruise = (plan.speedKmh / 3.6) * random.between(0.95, 1.1);
  const chunk = 300;
  const chunkFactors = Array.from({ length: Math.ceil(length / chunk) + 2 }, () =>
    random.between(0.75, 1.25),
  );
  const nearStop = (s: number, meters: number) =>
    roadStops.some((stop) => Math.abs(stop - s) < meters) || length - s < meters;
  const lights: { at: number; seconds: number }[] = [];
  for (let s = random.between(600, 1800); s < length; s += random.between(600, 1800)) {
    const seconds = random.between(20, 60);
    if (random.chance(0.5) && !nearStop(s, 250)) lights.push({ at: s, seconds });
  }

  // Faults, drawn up front (the same draws whatever is injected, so a fault's clean twin matches).
  const delayed = random.between(18, 25) * MINUTE;
  const onTime = random.between(-2, 2) * MINUTE;
  const jamStart = random.between(0.2, 0.5) * length;
  const jamLength = cruise * random.between(5, 8) * 60;
  const skipStop = stops.length > 1 ? random.int(1, stops.length - 1) : -1;
  const dwellMinutes = random.between(13, 18);
  let dwellAt = -1;
  for (let attempt = 0; attempt < 20 && dwellAt < 0; attempt++) {
    const s = random.between(0.25, 0.75) * length;
    if (!nearStop(s, 400)) dwellAt = s;
  }
  const detour = planDetour(route, random, options.detourMeters ?? [600, 900]);
  const gapFraction = random.between(0.3, 0.6);
  const gapMinutes = random.between(3.5, 5);
  const gapReplayed = random.chance(0.5);

  const startedAt = (plan.plannedDepartureAt ?? 0) + (faults.has("not-started") ? delayed : onTime);
  const deliveries: Delivery[] = [{ event: { kind: "start", at: startedAt }, receivedAt: startedAt }];
  const positions: EvidencePosition[] = [];
  const boardings: { at: number; riderId: number }[] = [];
  const truePositions: { at: number; x: number; y: number; detour: boolean }[] = [];
  const arrivals: number[] = [startedAt];
  let skipPassedAt: number | null = null;
  let dwellStartedAt: number | null = null;

  const board = (stop: number, from: number, seconds: number) => {
    for (const riderId of stops[stop]?.riderIds ?? []) {
      if (random.chance(0.05)) continue;
      boardings.push({ at: from + random.between(5, Math.max(6, seconds - 5)) * SECOND, riderId });
    }
  };

  let t = startedAt;
  let s = 0;
  let x = roadX[0] ?? 0;
  let y = roadY[0] ?? 0;
  let pausedUntil = startedAt + random.between(minStop, maxStop) * SECOND;
  board(0, startedAt, (pausedUntil - startedAt) / SECOND);
  let nextSample = t + random.between(minInterval, maxInterval) * SECOND;
  let nextLight = 0;
  let nextStop = 1;
  let onDetour: number | null = null;
  let arrivedAt: number | null = null;
  let endAt = Number.POSITIVE_INFINITY;
  while (t < endAt) {
    t += SECOND;
    if (t >= pausedUntil && arrivedAt === null) {
      let v = cruise * (chunkFactors[Math.floor(s / chunk)] ?? 1);
      if (faults.has("late") && s >= jamStart && s < jamStart + jamLength) v *= 0.2;
      if (onDetour !== null && detour) {
        onDetour += v;
        const total = detour.cum[detour.cum.length - 1] ?? 0;
        if (onDetour >= total) {
          onDetour = null;
          s = detour.end;
          [x, y] = pointAt(roadX, roadY, roadCum, s);
        } else {
          [x, y] = pointOnLine(detour.points, detour.cum, onDetour);
        }
      } else {
        const before = s;
        s = Math.min(length, s + v);
        if (faults.has("detour") && detour && before < detour.start && s >= detour.start) {
          s = detour.start;
          onDetour = 0;
        }
        const stopAt = roadStops[nextStop];
        if (stopAt !== undefined && before < stopAt && s >= stopAt) {
          s = stopAt;
          arrivals[nextStop] = t;
          if (!(faults.has("skip") && nextStop === skipStop)) {
            const seconds = random.between(minStop, maxStop);
            pausedUntil = t + seconds * SECOND;
            board(nextStop, t, seconds);
          }
          nextStop++;
        }
        const light = lights[nextLight];
        if (light && before < light.at && s >= light.at) {
          pausedUntil = Math.max(pausedUntil, t + light.seconds * SECOND);
          nextLight++;
        }
        if (
          faults.has("dwell") &&
          dwellAt >= 0 &&
          dwellStartedAt === null &&
          before < dwellAt &&
          s >= dwellAt
        ) {
          dwellStartedAt = t;
          pausedUntil = t + dwellMinutes * MINUTE;
        }
        if (skipPassedAt === null && skipStop >= 0) {
          const mark = (roadStops[skipStop] ?? 0) + TRUTH.skipMeters;
          if (before < mark && s >= mark) skipPassedAt = t;
        }
        if (onDetour === null) [x, y] = pointAt(roadX, roadY, roadCum, s);
        if (s >= length) {
          arrivedAt = t;
          endAt = t + random.between(30, 60) * SECOND;
        }
      }
    }
    if (t >= nextSample) {
      truePositions.push({ at: t, x, y, detour: onDetour !== null });
      const geo = projection.toGeo(x + random.gaussian() * noise, y + random.gaussian() * noise);
      positions.push({ latitude: geo.latitude, longitude: geo.longitude, at: t });
      nextSample = t + random.between(minInterval, maxInterval) * SECOND;
    }
    if (t - startedAt > 6 * 60 * MINUTE) break;
  }
  const endedAt = Number.isFinite(endAt) ? endAt : t;

  for (const position of positions) {
    deliveries.push({ event: { kind: "position", ...position }, receivedAt: position.at + SECOND });
  }
  const seats = faults.has("over-capacity") ? Math.max(0, boardings.length - 1) : plan.seats;
  for (const boarding of boardings) {
    deliveries.push({ event: { kind: "boarding", ...boarding }, receivedAt: boarding.at + SECOND });
  }
  deliveries.push({ event: { kind: "end", at: endedAt }, receivedAt: endedAt });

  // The phone without signal: what it took in the gap arrives when the gap ends, or is lost.
  const gapStart = startedAt + gapFraction * ((arrivedAt ?? endedAt) - startedAt);
  const gapEnd = Math.min(gapStart + gapMinutes * MINUTE, (arrivedAt ?? endedAt) - MINUTE);
  let lastBeforeGap: number | null = null;
  if (faults.has("gps-gap") && gapEnd > gapStart) {
    for (let i = deliveries.length - 1; i >= 0; i--) {
      const delivery = deliveries[i] as Delivery;
      if (delivery.receivedAt < gapStart || delivery.receivedAt >= gapEnd) continue;
      if (delivery.event.kind === "position" && !gapReplayed) deliveries.splice(i, 1);
      else delivery.receivedAt = gapEnd;
    }
    for (const delivery of deliveries) {
      if (delivery.event.kind === "position" && delivery.receivedAt < gapStart) {
        lastBeforeGap = Math.max(lastBeforeGap ?? 0, delivery.receivedAt);
      }
    }
  }
  if (options.disorder) disorder(deliveries, random);
  deliveries.sort((a, b) => a.receivedAt - b.receivedAt);

  const lateAt = lateConditionAt(plan, arrivals, arrivedAt);
  const truth: FaultTruth[] = [];
  for (const fault of faults) {
    const type = FAULT_INCIDENT[fault];
    let conditionAt: number | null = null;
    let stopIndex: number | null = null;
    if (fault === "late") conditionAt = lateAt;
    if (fault === "detour") conditionAt = offRouteConditionAt(route, truePositions);
    if (fault === "skip") {
      stopIndex = skipStop >= 0 ? skipStop : null;
      conditionAt = skipStop >= 0 ? skipPassedAt : null;
    }
    if (fault === "dwell" && dwellStartedAt !== null) conditionAt = dwellStartedAt + TRUTH.longDwellMs;
    if (fault === "gps-gap" && lastBeforeGap !== null) conditionAt = lastBeforeGap + TRUTH.noGpsMs;
    if (fault === "not-started" && plan.plannedDepartureAt !== null) {
      conditionAt = plan.plannedDepartureAt + TRUTH.notStartedMs;
    }
    if (fault === "over-capacity" && seats !== null) {
      conditionAt = [...boardings].sort((a, b) => a.at - b.at)[seats]?.at ?? null;
    }
    truth.push({ fault, type, stopIndex, conditionAt });
  }
  return {
    plan: { ...plan, seats },
    deliveries,
    truth,
    startedAt,
    endedAt,
    positions,
    lateAt,
    stopArrivals: arrivals,
  };
}

/** Bad input: ~5 % of positions swapped with the next, ~3 % sent twice, ~1 % sent again 20 min later. */
function disorder(deliveries: Delivery[], random: Random): void {
  const extra: Delivery[] = [];
  const positions = deliveries.filter((delivery) => delivery.event.kind === "position");
  positions.sort((a, b) => a.receivedAt - b.receivedAt);
  for (let i = 0; i < positions.length; i++) {
    const delivery = positions[i] as Delivery;
    const next = positions[i + 1];
    if (next && random.chance(0.05)) {
      const swap = delivery.receivedAt;
      delivery.receivedAt = next.receivedAt;
      next.receivedAt = swap;
      i++;
    }
    if (random.chance(0.03)) extra.push({ event: delivery.event, receivedAt: delivery.receivedAt + 1500 });
    if (random.chance(0.01))
      extra.push({ event: delivery.event, receivedAt: delivery.receivedAt + 20 * MINUTE });
  }
  deliveries.push(...extra);
}

/** When the bus had certainly been > 10 min late at a stop or the workplace it had not reached. */
function lateConditionAt(plan: TripPlan, arrivals: number[], arrivedAt: number | null): number | null {
  const targets = plan.stops.map((stop, k) => ({ planned: stop.plannedAt, actual: arrivals[k] }));
  if (plan.workplace?.plannedAt != null)
    targets.push({ planned: plan.workplace.plannedAt, actual: arrivedAt ?? undefined });
  let first: number | null = null;
  for (const { planned, actual } of targets) {
    const limit = planned + TRUTH.lateMs;
    if (actual === undefined || actual > limit) first = first === null ? limit : Math.min(first, limit);
  }
  return first;
}

/** The sample at which the true positions had been > 300 m from the road for 60 s and 3 positions. */
function offRouteConditionAt(
  route: SimulatedRoute,
  samples: readonly { at: number; x: number; y: number; detour: boolean }[],
): number | null {
  let since: number | null = null;
  let count = 0;
  for (const sample of samples) {
    const off = sample.detour && distanceToRoad(route, sample.x, sample.y) > TRUTH.offMeters;
    if (!off) {
      since = null;
      count = 0;
      continue;
    }
    since ??= sample.at;
    count++;
    if (count >= TRUTH.offPositions && sample.at - since >= TRUTH.offMs) return sample.at;
  }
  return null;
}

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

/**
 * A detour between two road points 700–1,000 m apart (away from the stops): `out` metres (600–900 by
 * default) out to one side, along, and back; of 30 tries, the one whose far side is farthest from
 * the whole road. Null when none gets 400 m away (or two thirds of `out`, for shorter detours): the
 * fault then has no condition.
 */
function planDetour(
  route: SimulatedRoute,
  random: Random,
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
      const [p1, p2] = [points[1]!, points[2]!];
      const score = Math.min(
        distanceToRoad(route, p1[0], p1[1]),
        distanceToRoad(route, (p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2),
        distanceToRoad(route, p2[0], p2[1]),
      );
      if (score > bestScore) {
        bestScore = score;
        best = { start, end, points, cum: [0, out, out + chord, 2 * out + chord] };
      }
    }
  }
  return best;
}

function pointAt(xs: Float64Array, ys: Float64Array, cum: Float64Array, s: number): [number, number] {
  let i = 0;
  while (i + 2 < cum.length && cum[i + 1]! < s) i++;
  const len = cum[i + 1]! - cum[i]!;
  const t = len > 0 ? Math.min(1, Math.max(0, (s - cum[i]!) / len)) : 0;
  return [xs[i]! + t * (xs[i + 1]! - xs[i]!), ys[i]! + t * (ys[i + 1]! - ys[i]!)];
}

function pointOnLine(points: [number, number][], cum: number[], s: number): [number, number] {
  let i = 0;
  while (i + 2 < cum.length && cum[i + 1]! < s) i++;
  const [ax, ay] = points[i]!;
  const [bx, by] = points[i + 1]!;
  const len = cum[i + 1]! - cum[i]!;
  const t = len > 0 ? Math.min(1, Math.max(0, (s - cum[i]!) / len)) : 0;
  return [ax + t * (bx - ax), ay + t * (by - ay)];
}
