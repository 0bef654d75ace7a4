/**
 * The planning part of `npm run simulate` (issue 25 point 5): a route of the driver's "Hoy" (its
 * planned stops, riders per stop and destination) driven by the trip simulator of @treiber/incidents
 * along those stops, with the chosen faults injected, as a timeline of what a
 * driver's phone does: start, positions (with the phone's time), boardings, end. Pure: the HTTP and
 * hub side is in simulate.ts.
 */
import { isPeak, minutesOfDay, PLANNING_DEFAULTS, type TodayRoute } from "@treiber/contract";
import { greatCircleMeters } from "@treiber/contract/geo";
import {
  type Fault,
  type FaultTruth,
  type GeoPoint,
  routeFromPlan,
  type SimulatedRoute,
  simulateTrip,
  type TripPlan,
} from "@treiber/incidents";

/** What the phone does, at `at` (simulated epoch ms). */
export type TripStep =
  | { at: number; kind: "start" }
  | { at: number; kind: "end" }
  | { at: number; kind: "boarding"; riderId: number }
  /** `recordedAt` before `at`: a position the phone kept without signal and sends late (gps-gap). */
  | { at: number; kind: "position"; recordedAt: number; latitude: number; longitude: number };

export type PlannedTrip = {
  route: SimulatedRoute;
  steps: TripStep[];
  /** The injected faults, when each one's condition first holds (simulated ms) and its incident. */
  truth: FaultTruth[];
  /** Simulated ms of the first step: the clock starts here. */
  beginsAt: number;
};

export type PlanTripOptions = {
  /** Now (epoch ms): the route's planned times are moved so that it departs now. */
  now: number;
  faults: readonly Fault[];
  seed: number;
  /** Seconds between positions, drawn in this range. */
  intervalSeconds: readonly [number, number];
  /** GPS noise (m, standard deviation per axis; default 15). */
  noiseMeters?: number;
};

const MINUTE = 60_000;

/** A route the simulator can drive along its stops: at least one stop, and somewhere to end. */
export const followsStops = (route: TodayRoute) =>
  route.stops.length >= 2 ||
  (route.stops.length === 1 && route.destinationLatitude !== null && route.destinationLongitude !== null);

/**
 * The route as the simulator drives it (an inbound plan: stops, then the end): inbound, its stops
 * then the destination (or its last stop); outbound, from the destination (the workplace, where all
 * riders board) through its stops. Planned times keep the route's minutes between stops, moved so
 * that it departs at `now`; the last leg takes the shift's speed with the planner's circuity.
 */
export function tripPlanOf(route: TodayRoute, now: number): TripPlan {
  const stops = [...route.stops].sort((a, b) => a.position - b.position);
  const first = stops[0];
  if (!first) throw new Error(`La ruta ${route.name} no tiene paradas`);
  const destination =
    route.destinationLatitude !== null && route.destinationLongitude !== null
      ? { latitude: route.destinationLatitude, longitude: route.destinationLongitude }
      : null;
  const startMinute = minutesOfDay(first.plannedTime);
  const speedKmh = isPeak(startMinute) ? PLANNING_DEFAULTS.peakSpeedKmh : PLANNING_DEFAULTS.offPeakSpeedKmh;
  const at = (hhmm: string) => now + ((((minutesOfDay(hhmm) - startMinute) % 1440) + 1440) % 1440) * MINUTE;
  const travel = (a: GeoPoint, b: GeoPoint) =>
    ((greatCircleMeters(a, b) * PLANNING_DEFAULTS.circuity) / 1000 / speedKmh) * 60 * MINUTE;
  let planned = stops.map((stop) => ({
    latitude: stop.latitude,
    longitude: stop.longitude,
    plannedAt: at(stop.plannedTime),
    riderIds: stop.employeeIds,
  }));
  if (route.direction === "outbound" && destination) {
    // From the workplace, where everyone boards, through the stops (where they get off).
    const shift = travel(destination, first) + PLANNING_DEFAULTS.serviceMinutes * MINUTE;
    const everyone = stops.flatMap((stop) => stop.employeeIds);
    planned = [
      { ...destination, plannedAt: now, riderIds: everyone },
      ...planned.map((stop) => ({ ...stop, plannedAt: stop.plannedAt + shift, riderIds: [] })),
    ];
  }
  let end: GeoPoint & { plannedAt: number };
  const last = planned.at(-1) as (typeof planned)[number];
  if (route.direction !== "outbound" && destination) {
    end = {
      ...destination,
      plannedAt: last.plannedAt + PLANNING_DEFAULTS.serviceMinutes * MINUTE + travel(last, destination),
    };
  } else {
    planned = planned.slice(0, -1);
    end = { latitude: last.latitude, longitude: last.longitude, plannedAt: last.plannedAt };
  }
  return {
    direction: "inbound",
    plannedDepartureAt: now,
    stops: planned,
    workplace: end,
    seats: null,
    speedKmh,
    circuity: PLANNING_DEFAULTS.circuity,
    serviceMinutes: PLANNING_DEFAULTS.serviceMinutes,
  };
}

/**
 * The plan driven on the straight legs between its stops: the path the server matches against
 * while the route has no trace of good trips (decision 0051), so a trip without faults stays
 * within GPS noise of it; the simulator's city streets (`routeFromPlan`) bend up to a third of a
 * leg away, and a long leg would read as off the route.
 */
export function straightRoute(plan: TripPlan, seed: number): SimulatedRoute {
  const { projection, plan: kept } = routeFromPlan(plan, seed);
  const points = [...plan.stops, ...(plan.workplace ? [plan.workplace] : [])];
  const roadX = Float64Array.from(points, (point) => projection.x(point.longitude));
  const roadY = Float64Array.from(points, (point) => projection.y(point.latitude));
  const roadCum = new Float64Array(points.length);
  for (let i = 1; i < points.length; i++) {
    roadCum[i] =
      (roadCum[i - 1] ?? 0) +
      Math.hypot((roadX[i] ?? 0) - (roadX[i - 1] ?? 0), (roadY[i] ?? 0) - (roadY[i - 1] ?? 0));
  }
  return {
    plan: kept,
    projection,
    roadX,
    roadY,
    roadCum,
    roadStops: plan.stops.map((_, i) => roadCum[i] ?? 0),
  };
}

/** The trip along the route's stops with the faults injected, as the phone's timeline. */
export function planTrip(todayRoute: TodayRoute, options: PlanTripOptions): PlannedTrip {
  const route = straightRoute(tripPlanOf(todayRoute, options.now), options.seed);
  const trip = simulateTrip(route, {
    seed: options.seed,
    faults: options.faults,
    intervalSeconds: options.intervalSeconds,
    noiseMeters: options.noiseMeters,
  });
  const steps: TripStep[] = trip.deliveries.flatMap(({ event, receivedAt }): TripStep[] => {
    switch (event.kind) {
      case "start":
        return [{ at: receivedAt, kind: "start" }];
      case "end":
        return [{ at: receivedAt, kind: "end" }];
      case "boarding":
        return typeof event.riderId === "number"
          ? [{ at: receivedAt, kind: "boarding", riderId: event.riderId }]
          : [];
      case "position":
        return [
          {
            at: receivedAt,
            kind: "position",
            recordedAt: event.at,
            latitude: event.latitude,
            longitude: event.longitude,
          },
        ];
      default:
        return [];
    }
  });
  steps.sort((a, b) => a.at - b.at);
  const beginsAt = Math.min(options.now, steps[0]?.at ?? options.now);
  return { route, steps, truth: trip.truth, beginsAt };
}

/** Simulated ms → wall-clock ms, `speed` times faster, the first step now. */
export const wallClock = (trip: PlannedTrip, startedAt: number, speed: number) => (simulated: number) =>
  startedAt + (simulated - trip.beginsAt) / speed;
