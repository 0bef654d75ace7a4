import type { SeededRandom } from "@treiber/contract/seeded-random";
import { DAY, type DemoClock, HOUR, MINUTE } from "./demo-clock.js";
import { BRANCHES, DESTINATIONS } from "./demo-places.js";
import type { TripPlan } from "./demo-plans.js";
import { ROUTES, ROUTES_NOT_SCHEDULED } from "./demo-routes.js";
import type { DemoRoutes } from "./insert-demo-routes.js";
import { at, must } from "./must.js";
import { bearing, distanceKm, type Point, round6 } from "./point.js";

export type DemoTrips = ReturnType<typeof planDemoTrips>;

/**
 * The route of chofer@treiber.app and colaborador@treiber.app: today it has not run yet, so whoever
 * tries Treiber App finds it "Pendiente" on the driver's "Hoy", can start it, and follows it as the
 * collaborator in "Mi bus".
 */
export const DEMO_ACCOUNTS_ROUTE = 0;

/**
 * The trips of the last four weeks (finished), two live ones, and the GPS trails: finished trips
 * of the last 7 days go branch → destination; live trips part of the way.
 */
export function planDemoTrips(deps: { rng: SeededRandom; clock: DemoClock; routes: DemoRoutes }) {
  const { rng } = deps;
  const { nowMs, localAt, isoWeekday } = deps.clock;
  const { routeRiders, assignedAt, rnsRiders, rnsScheduledAt } = deps.routes;

  // --- Trips ----------------------------------------------------------------------------------
  const finishedBefore = nowMs - 75 * MINUTE;
  const trailSince = nowMs - 7 * DAY;
  const trips: TripPlan[] = [];
  for (let dayOffset = -28; dayOffset <= 0; dayOffset++) {
    const weekday = isoWeekday(dayOffset);
    ROUTES.forEach((route, r) => {
      if (!route.days.includes(weekday)) return;
      const driver = rng.pick(route.drivers);
      const riders = at(routeRiders, r);
      route.runs.forEach((time, run) => {
        const start = new Date(localAt(dayOffset, time).getTime() + rng.int(0, 6) * MINUTE);
        const end = new Date(start.getTime() + rng.int(35, 90) * MINUTE);
        if (end.getTime() > finishedBefore || (dayOffset === 0 && r === DEMO_ACCOUNTS_ROUTE)) return;
        trips.push({
          route: r,
          driver,
          start,
          end,
          cost: route.cost,
          from: BRANCHES[route.branch],
          to: DESTINATIONS[route.destination],
          withTrail: start.getTime() >= trailSince,
          // Two-shift routes: riders alternate between the morning and the afternoon run.
          riders: riders.filter(
            (e, position) =>
              (route.runs.length === 1 || position % 2 === run) &&
              must(assignedAt.get(`${r}:${e}`), "assignment").getTime() < start.getTime(),
          ),
          routeName: route.name,
        });
      });
    });
  }
  ROUTES_NOT_SCHEDULED.forEach((spec, i) => {
    const start = new Date(at(rnsScheduledAt, i).getTime() + rng.int(0, 5) * MINUTE);
    const end = new Date(start.getTime() + rng.int(40, 90) * MINUTE);
    if (end.getTime() > finishedBefore) return;
    trips.push({
      rns: i,
      driver: spec.driver,
      start,
      end,
      cost: spec.cost,
      from: spec.origin,
      to: DESTINATIONS[spec.destination],
      withTrail: start.getTime() >= trailSince,
      riders: at(rnsRiders, i),
      routeName: spec.name,
    });
  });
  trips.sort((a, b) => a.start.getTime() - b.start.getTime());
  // Two live trips (the simulator adds more): started 38 and 12 minutes ago.
  const live: [number, number, number][] = [
    [1, 5, 38], // route, driver, minutes ago
    [3, 7, 12],
  ];
  for (const [r, driver, minutes] of live) {
    const route = at(ROUTES, r);
    trips.push({
      route: r,
      driver,
      start: new Date(nowMs - minutes * MINUTE),
      end: null,
      cost: route.cost,
      from: BRANCHES[route.branch],
      to: DESTINATIONS[route.destination],
      withTrail: true,
      riders: at(routeRiders, r).filter(
        (e, position) =>
          position % 2 === 0 &&
          must(assignedAt.get(`${r}:${e}`), "assignment").getTime() < nowMs - minutes * MINUTE,
      ),
      routeName: route.name,
    });
  }

  // Trails: finished trips of the last 7 days go branch → destination; live trips part of the way.
  type Position = { trip: number; lat: number; lng: number; heading: number; speed: number; at: Date };
  const positions: Position[] = [];
  const lastPosition: (Point & { at: Date })[] = trips.map((trip, t) => {
    const startMs = trip.start.getTime();
    if (trip.end === null) {
      const elapsed = nowMs - startMs;
      const expected = 60 * MINUTE;
      const count = Math.max(3, Math.min(8, Math.floor(elapsed / (4 * MINUTE)) + 1));
      addTrail(t, trip, count, Math.min(0.85, elapsed / expected), startMs, nowMs - 30_000);
    } else if (trip.withTrail) {
      addTrail(t, trip, rng.int(5, 10), 1, startMs, trip.end.getTime());
    }
    const last = positions.at(-1);
    if (last && last.trip === t) return { lat: last.lat, lng: last.lng, at: last.at };
    return { ...trip.to, at: trip.end ?? trip.start };
  });
  function addTrail(
    t: number,
    trip: TripPlan,
    count: number,
    progress: number,
    fromMs: number,
    toMs: number,
  ) {
    let previous: Point = trip.from;
    const km = distanceKm(trip.from, trip.to) * progress;
    const hours = (toMs - fromMs) / HOUR;
    for (let k = 0; k < count; k++) {
      const f = (k / (count - 1)) * progress;
      const jitter = k === 0 || (progress === 1 && k === count - 1) ? 0 : 0.0015;
      const point = {
        lat: round6(trip.from.lat + (trip.to.lat - trip.from.lat) * f + rng.between(-jitter, jitter)),
        lng: round6(trip.from.lng + (trip.to.lng - trip.from.lng) * f + rng.between(-jitter, jitter)),
      };
      positions.push({
        trip: t,
        ...point,
        heading: bearing(k === 0 ? trip.from : previous, k === 0 ? trip.to : point),
        // City traffic: between 15 and 60 km/h, a bit faster on longer legs.
        speed:
          k === 0
            ? 0
            : Math.round(Math.min(60, Math.max(15, (km / Math.max(hours, 0.1)) * rng.between(0.8, 1.4)))),
        at: new Date(fromMs + Math.round(((toMs - fromMs) * k) / (count - 1))),
      });
      previous = point;
    }
  }

  return { trips, positions, lastPosition };
}
