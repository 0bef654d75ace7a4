import { HUB_EVENTS, type IncidentItem } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidents } from "../../src/db/schema.js";
import { createMemoryBus, type RealtimeEvent } from "../../src/realtime/realtime-bus.js";
import { signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";
import {
  LINE_LONGITUDE,
  plannedRoute,
  sendPosition,
  setThresholds,
  startIncidentApp,
  storedIncidents,
  type TestClock,
} from "./incident-kit.js";

useOwnTestDatabase();

const MINUTE = 60_000;
const onLine = (latitude: number) => ({ latitude, longitude: LINE_LONGITUDE });
const offLine = (latitude: number) => ({ latitude, longitude: LINE_LONGITUDE + 0.05 });
const incidentsOf = (events: RealtimeEvent[]) =>
  events
    .filter((event) => event.target === HUB_EVENTS.receiveIncident)
    .map((event) => event.args[0] as IncidentItem);

/** Every event on a bus shared by the instances of a test. */
function sharedBus() {
  const bus = createMemoryBus();
  const events: RealtimeEvent[] = [];
  bus.subscribe((event) => events.push(event));
  return { bus, events };
}

async function startTrip(
  app: FastifyInstance,
  admin: SignedIn,
  clock: TestClock,
  options: { seats?: number; withStops?: boolean } = {},
) {
  const driver = await signedInDriver(app);
  const startedAt = clock.now - 10 * MINUTE;
  const { route, office } = await plannedRoute({
    driverId: driver.driver.id,
    firstStopAt: startedAt + MINUTE,
    ...(options.seats && { seats: options.seats }),
    ...(options.withStops === false && { withStops: false }),
  });
  await setThresholds(app, admin, office.id);
  const response = await app.inject({
    method: "PUT",
    url: API.intermediateRoute.start.path,
    headers: driver.session.headers,
    payload: { routeId: route.id, startedAt: new Date(startedAt).toISOString() },
  });
  expect(response.statusCode, response.body).toBe(200);
  await app.incidentMonitor.idle();
  return { driver, route, tripId: response.json().intermediateRoute.id as number, startedAt };
}

describe("the control room across restarts and instances", () => {
  const clock: TestClock = { now: Date.now() };
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it("rebuilds a trip after a restart without duplicating or announcing again, then closes it once", async () => {
    const { bus, events } = sharedBus();
    const first = (await startIncidentApp(clock, { realtime: bus })).app;
    apps.push(first);
    const admin = await signedInAs(first, "Admin");
    const { driver, tripId, startedAt } = await startTrip(first, admin, clock);
    let at = startedAt + MINUTE;
    let latitude = 18.4;
    for (let i = 0; i < 3; i++, at += 20_000, latitude += 0.002)
      await sendPosition(first, driver.session, tripId, onLine(latitude), at);
    for (let i = 0; i < 5; i++, at += 20_000, latitude += 0.002)
      await sendPosition(first, driver.session, tripId, offLine(latitude), at);
    await first.incidentMonitor.idle();
    expect(incidentsOf(events).map((item) => [item.type, item.status])).toEqual([["OFF_ROUTE", "OPEN"]]);
    await first.close();
    // It restarts right after the last position (an older one would rightly be NO_GPS).
    clock.now = at;

    // The server comes back: the trip is rebuilt from its stored positions and matches its rows.
    const second = (await startIncidentApp(clock, { realtime: bus })).app;
    apps.push(second);
    const before = events.length;
    await second.incidentMonitor.sync();
    await second.incidentMonitor.tick();
    expect(incidentsOf(events.slice(before))).toEqual([]);
    expect(second.incidentMonitor.watchedTrip(tripId)?.monitor.snapshot(clock.now).offRoute).toBe(true);
    const rows = await storedIncidents({ intermediateRouteId: tripId });
    expect(rows.map((row) => [row.type, row.status])).toEqual([["OFF_ROUTE", "OPEN"]]);

    for (let i = 0; i < 4; i++, at += 20_000, latitude += 0.002) {
      clock.now = at;
      await sendPosition(second, driver.session, tripId, onLine(latitude), at);
    }
    await second.incidentMonitor.idle();
    expect(incidentsOf(events.slice(before)).map((item) => [item.type, item.status])).toEqual([
      ["OFF_ROUTE", "CLOSED"],
    ]);
  });

  it("two instances on one bus announce each change once", async () => {
    const { bus, events } = sharedBus();
    const one = (await startIncidentApp(clock, { realtime: bus })).app;
    const two = (await startIncidentApp(clock, { realtime: bus })).app;
    apps.push(one, two);
    const admin = await signedInAs(one, "Admin");
    const { driver, tripId, startedAt } = await startTrip(one, admin, clock);
    let at = startedAt + MINUTE;
    let latitude = 18.4;
    // The clock follows the positions: a timer sweep between two of them must not see a bus without GPS.
    for (let i = 0; i < 3; i++, at += 20_000, latitude += 0.002) {
      clock.now = at;
      await sendPosition(one, driver.session, tripId, onLine(latitude), at);
    }
    for (let i = 0; i < 5; i++, at += 20_000, latitude += 0.002) {
      clock.now = at;
      await sendPosition(i % 2 ? one : two, driver.session, tripId, offLine(latitude), at);
    }
    await Promise.all([one.incidentMonitor.idle(), two.incidentMonitor.idle()]);
    expect(two.incidentMonitor.watchedTrip(tripId)).toBeDefined();
    const announced = incidentsOf(events).filter((item) => item.intermediateRouteId === tripId);
    expect(announced.map((item) => [item.type, item.status])).toEqual([["OFF_ROUTE", "OPEN"]]);
    expect(await storedIncidents({ intermediateRouteId: tripId })).toHaveLength(1);
  });

  it("new thresholds reach the running trips on every instance, not only the one that saved them", async () => {
    const { bus } = sharedBus();
    const one = (await startIncidentApp(clock, { realtime: bus })).app;
    const two = (await startIncidentApp(clock, { realtime: bus })).app;
    apps.push(one, two);
    const admin = await signedInAs(one, "Admin");
    const { tripId } = await startTrip(one, admin, clock);
    await Promise.all([one.incidentMonitor.sync(), two.incidentMonitor.sync()]);
    const office = one.incidentMonitor.watchedTrip(tripId)?.loaded.trip.branchOfficeId;
    expect(office).toBeTypeOf("number");
    expect(two.incidentMonitor.watchedTrip(tripId)?.loaded.trip.thresholds.offRouteMeters).toBe(300);

    await setThresholds(one, admin, office as number, { offRouteMeters: 800 });
    await Promise.all([one.incidentMonitor.idle(), two.incidentMonitor.idle()]);
    expect(one.incidentMonitor.watchedTrip(tripId)?.loaded.trip.thresholds.offRouteMeters).toBe(800);
    expect(two.incidentMonitor.watchedTrip(tripId)?.loaded.trip.thresholds.offRouteMeters).toBe(800);
  });

  it("watches a trip of a route without stops: no path rules, NO_GPS still", async () => {
    const { bus, events } = sharedBus();
    const app = (await startIncidentApp(clock, { realtime: bus })).app;
    apps.push(app);
    const admin = await signedInAs(app, "Admin");
    const { driver, tripId, startedAt } = await startTrip(app, admin, clock, { withStops: false });
    for (let i = 0; i < 8; i++)
      await sendPosition(
        app,
        driver.session,
        tripId,
        offLine(18.4 + i * 0.002),
        startedAt + MINUTE + i * 20_000,
      );
    await app.incidentMonitor.idle();
    await app.incidentMonitor.tick();
    expect(await storedIncidents({ intermediateRouteId: tripId })).toEqual([]);
    expect(app.incidentMonitor.watchedTrip(tripId)?.loaded.trip.plan.stops).toEqual([]);
    clock.now += 3 * MINUTE;
    await app.incidentMonitor.tick();
    const announced = incidentsOf(events).filter((item) => item.intermediateRouteId === tripId);
    expect(announced.map((item) => [item.type, item.status])).toEqual([["NO_GPS", "OPEN"]]);
  });

  it("opens OVER_CAPACITY when more riders board than the route has seats", async () => {
    const { bus, events } = sharedBus();
    const app = (await startIncidentApp(clock, { realtime: bus })).app;
    apps.push(app);
    const admin = await signedInAs(app, "Admin");
    const { driver, tripId } = await startTrip(app, admin, clock, { seats: 1 });
    for (const rider of [await signedInCollaborator(app), await signedInCollaborator(app)]) {
      const response = await app.inject({
        method: "POST",
        url: API.transportService.scan.path,
        headers: driver.session.headers,
        payload: { codeQr: rider.employee.codeQr },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    await app.incidentMonitor.idle();
    const announced = incidentsOf(events).filter((item) => item.intermediateRouteId === tripId);
    expect(announced).toMatchObject([
      { type: "OVER_CAPACITY", status: "OPEN", detail: { boardings: 2, seats: 1 } },
    ]);
  });
});

describe("NOT_STARTED", () => {
  const today = new Date();
  const noon = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12, 0);
  const clock: TestClock = { now: noon };
  let app: FastifyInstance;
  const { bus, events } = sharedBus();
  beforeAll(async () => {
    app = (await startIncidentApp(clock, { realtime: bus })).app;
  });
  afterAll(() => app.close());

  it("is raised once per route and day, and cleared when the trip starts", async () => {
    const admin = await signedInAs(app, "Admin");
    const driver = await signedInDriver(app);
    const { route, office } = await plannedRoute({
      driverId: driver.driver.id,
      firstStopAt: noon - 20 * MINUTE,
    });
    await setThresholds(app, admin, office.id);
    await app.incidentMonitor.sync();
    await app.incidentMonitor.sync();
    const raised = incidentsOf(events).filter((item) => item.routeId === route.id);
    expect(raised).toMatchObject([
      {
        type: "NOT_STARTED",
        status: "OPEN",
        intermediateRouteId: null,
        routeName: route.name,
        driverName: "Juan Pérez",
      },
    ]);

    const response = await app.inject({
      method: "PUT",
      url: API.intermediateRoute.start.path,
      headers: driver.session.headers,
      payload: { routeId: route.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const tripId = response.json().intermediateRoute.id as number;
    await app.incidentMonitor.idle();
    const rows = await storedIncidents({ routeId: route.id });
    expect(rows.map((row) => [row.type, row.status, row.closeReason, row.intermediateRouteId])).toEqual([
      ["NOT_STARTED", "CLOSED", "cleared", tripId],
    ]);
    const last = incidentsOf(events).filter((item) => item.routeId === route.id);
    expect(last.map((item) => item.status)).toEqual(["OPEN", "CLOSED"]);
  });

  it("closes a NOT_STARTED of a past day («day-ended») so the open count does not grow", async () => {
    const admin = await signedInAs(app, "Admin");
    const driver = await signedInDriver(app);
    const { route, office } = await plannedRoute({
      driverId: driver.driver.id,
      firstStopAt: noon - 20 * MINUTE,
    });
    await setThresholds(app, admin, office.id);
    const yesterday = new Date(noon - 24 * 60 * MINUTE).toISOString().slice(0, 10);
    const { db } = await testDatabase();
    await db.insert(incidents).values({
      routeId: route.id,
      serviceDay: yesterday,
      type: "NOT_STARTED",
      openedAt: new Date(noon - 24 * 60 * MINUTE),
    });
    await app.incidentMonitor.sync();
    const rows = await storedIncidents({ routeId: route.id });
    expect(rows.map((row) => [row.serviceDay, row.status, row.closeReason])).toEqual(
      expect.arrayContaining([[yesterday, "CLOSED", "day-ended"]]),
    );
    const closed = incidentsOf(events).filter(
      (item) => item.routeId === route.id && item.serviceDay === yesterday,
    );
    expect(closed.map((item) => [item.status, item.closeReason])).toEqual([["CLOSED", "day-ended"]]);
  });
});
