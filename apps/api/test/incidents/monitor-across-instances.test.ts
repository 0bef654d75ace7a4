import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TripWatchUpdate } from "../../src/modules/incidents/trip-watch.js";
import type { RealtimeBus } from "../../src/realtime/realtime-bus.js";
import { createRedisBus } from "../../src/realtime/redis-bus.js";
import { signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { signedInAs, unique, useOwnTestDatabase } from "../helpers/test-app.js";
import {
  LINE_LONGITUDE,
  plannedRoute,
  sendPosition,
  setThresholds,
  startIncidentApp,
  type TestClock,
} from "./incident-kit.js";

// Two API instances share PostgreSQL (a deployment's; PGlite serves one process) and Redis.
useOwnTestDatabase({ postgres: true });

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const MINUTE = 60_000;

/** What an instance's monitor handled, and a wait for the first update (seen or to come) matching. */
function updatesOf(app: FastifyInstance) {
  const seen: TripWatchUpdate[] = [];
  const waiting: {
    match: (update: TripWatchUpdate) => boolean;
    resolve: (update: TripWatchUpdate) => void;
  }[] = [];
  app.incidentMonitor.onUpdate((update) => {
    seen.push(update);
    for (const waiter of [...waiting]) {
      if (!waiter.match(update)) continue;
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(update);
    }
  });
  return {
    next(match: (update: TripWatchUpdate) => boolean): Promise<TripWatchUpdate> {
      const found = seen.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiting.push({ match, resolve }));
    },
  };
}

describe("the incident monitor hears another instance's domain events over Redis", () => {
  const clock: TestClock = { now: Date.now() };
  const buses: RealtimeBus[] = [];
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    // A channel of its own so parallel runs never cross.
    const channel = unique("treiber-test:");
    const [busOne, busTwo] = await Promise.all([
      createRedisBus({ url: REDIS_URL, channel }),
      createRedisBus({ url: REDIS_URL, channel }),
    ]);
    buses.push(busOne, busTwo);
    one = (await startIncidentApp(clock, { realtime: busOne })).app;
    two = (await startIncidentApp(clock, { realtime: busTwo })).app;
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it("a start, a position, a boarding, new thresholds and the end made on one instance reach the other's monitor", async () => {
    const heard = updatesOf(two);
    const admin = await signedInAs(one, "Admin");
    const driver = await signedInDriver(one);
    const startedAt = clock.now - 10 * MINUTE;
    const { route, office } = await plannedRoute({
      driverId: driver.driver.id,
      firstStopAt: startedAt + MINUTE,
    });
    await setThresholds(one, admin, office.id);
    const start = await one.inject({
      method: "PUT",
      url: API.intermediateRoute.start.path,
      headers: driver.session.headers,
      payload: { routeId: route.id, startedAt: new Date(startedAt).toISOString() },
    });
    expect(start.statusCode, start.body).toBe(200);
    const tripId = start.json().intermediateRoute.id as number;
    const ofTrip = (kind: string) => (update: TripWatchUpdate) =>
      update.trip.intermediateRouteId === tripId && update.event.kind === kind;

    // Instance two never saw the request: its monitor watches the trip from the event alone.
    expect((await heard.next(ofTrip("start"))).event).toEqual({ kind: "start", at: startedAt });
    expect(two.incidentMonitor.watchedTrip(tripId)?.loaded.trip.routeId).toBe(route.id);

    const at = startedAt + MINUTE;
    expect(
      (await sendPosition(one, driver.session, tripId, { latitude: 18.4, longitude: LINE_LONGITUDE }, at))
        .statusCode,
    ).toBe(200);
    expect((await heard.next(ofTrip("position"))).event).toEqual({
      kind: "position",
      at,
      latitude: 18.4,
      longitude: LINE_LONGITUDE,
    });

    const rider = await signedInCollaborator(one);
    const scan = await one.inject({
      method: "POST",
      url: API.transportService.scan.path,
      headers: driver.session.headers,
      payload: { codeQr: rider.employee.codeQr },
    });
    expect(scan.statusCode, scan.body).toBe(201);
    expect((await heard.next(ofTrip("boarding"))).event).toMatchObject({
      kind: "boarding",
      riderId: rider.employee.id,
    });

    // New thresholds rebuild the trip on instance two; the position after them is handled by the rebuilt rules.
    expect(two.incidentMonitor.watchedTrip(tripId)?.loaded.trip.thresholds.offRouteMeters).toBe(300);
    await setThresholds(one, admin, office.id, { offRouteMeters: 800 });
    const later = at + 20_000;
    await sendPosition(one, driver.session, tripId, { latitude: 18.402, longitude: LINE_LONGITUDE }, later);
    const rebuilt = await heard.next(
      (update) => ofTrip("position")(update) && update.event.kind === "position" && update.event.at === later,
    );
    expect(rebuilt.trip.thresholds.offRouteMeters).toBe(800);

    const end = await one.inject({
      method: "PUT",
      url: API.intermediateRoute.end.path,
      headers: driver.session.headers,
      payload: { intermediateRouteId: tripId },
    });
    expect(end.statusCode, end.body).toBe(200);
    expect((await heard.next(ofTrip("end"))).snapshot.ended).toBe(true);
    expect(two.incidentMonitor.watchedTrip(tripId)).toBeUndefined();
  });
});
