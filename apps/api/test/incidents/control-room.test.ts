import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { routeStops } from "../../src/db/schema.js";
import type { TripWatchUpdate } from "../../src/modules/incidents/trip-watch.js";
import { signedInDriver } from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";
import {
  adminListener,
  LINE_LONGITUDE,
  plannedRoute,
  sendPosition,
  setThresholds,
  startIncidentApp,
  storedIncidents,
  type TestClock,
} from "./incident-kit.js";

// The monitor scans every trip in progress and every route due: this file's own database.
useOwnTestDatabase();

const MINUTE = 60_000;
const clock: TestClock = { now: Date.now() };
let app: FastifyInstance;
let baseUrl: string;
let admin: SignedIn;
let hub: Awaited<ReturnType<typeof adminListener>>;
const updates: TripWatchUpdate[] = [];

beforeAll(async () => {
  ({ app, baseUrl } = await startIncidentApp(clock));
  admin = await signedInAs(app, "Admin");
  hub = await adminListener(baseUrl, admin.token);
  // A rider-alert listener sees every event; one that fails is logged and changes nothing.
  app.incidentMonitor.onUpdate((update) => {
    updates.push(update);
  });
  app.incidentMonitor.onUpdate(() => {
    throw new Error("observador roto");
  });
  app.incidentMonitor.onUpdate(async () => {
    throw new Error("observador roto, asíncrono");
  });
});
afterAll(async () => {
  await hub?.connection.stop();
  await app?.close();
});

/** Waits until the admin's client has received an incident matching `match` (no time is asserted). */
const received = (match: (item: (typeof hub.received)[number]) => boolean) =>
  vi.waitFor(
    () => {
      const item = hub.received.find(match);
      if (!item) throw new Error("not yet");
      return item;
    },
    { timeout: 15_000, interval: 20 },
  );

/** A driver on a planned route with a trip started `startedAgo` before the clock (queued offline). */
async function startedTrip(options: { startedAgo?: number } = {}) {
  const driver = await signedInDriver(app);
  const startedAt = clock.now - (options.startedAgo ?? 10 * MINUTE);
  const { route, office } = await plannedRoute({
    driverId: driver.driver.id,
    firstStopAt: startedAt + MINUTE,
  });
  await setThresholds(app, admin, office.id);
  const response = await app.inject({
    method: "PUT",
    url: API.intermediateRoute.start.path,
    headers: driver.session.headers,
    payload: { routeId: route.id, startedAt: new Date(startedAt).toISOString() },
  });
  expect(response.statusCode, response.body).toBe(200);
  const tripId = response.json().intermediateRoute.id as number;
  await app.incidentMonitor.idle();
  return { driver, route, office, tripId, startedAt };
}

const onLine = (latitude: number) => ({ latitude, longitude: LINE_LONGITUDE });
const offLine = (latitude: number) => ({ latitude, longitude: LINE_LONGITUDE + 0.05 });

describe("the control room on a real server", () => {
  it("opens OFF_ROUTE when the bus leaves the path, tells the admins, and closes it when it is back", async () => {
    const { driver, tripId, startedAt } = await startedTrip();
    const send = async (point: { latitude: number; longitude: number }, at: number) => {
      const response = await sendPosition(app, driver.session, tripId, point, at);
      expect(response.statusCode, response.body).toBe(200);
      await app.incidentMonitor.idle();
    };
    let at = startedAt + MINUTE;
    let latitude = 18.4;
    for (let i = 0; i < 4; i++, at += 20_000, latitude += 0.002) await send(onLine(latitude), at);
    expect(await storedIncidents({ intermediateRouteId: tripId })).toEqual([]);

    for (let i = 0; i < 5; i++, at += 20_000, latitude += 0.002) await send(offLine(latitude), at);
    const opened = await received((item) => item.intermediateRouteId === tripId && item.type === "OFF_ROUTE");
    expect(opened).toMatchObject({
      status: "OPEN",
      severity: "critical",
      closedAt: null,
      driverName: "Juan Pérez",
    });
    expect(opened.evidence.length).toBeGreaterThanOrEqual(3);

    const ack = await app.inject({
      method: "PUT",
      url: API.incident.acknowledge.path,
      headers: admin.headers,
      payload: { id: opened.id, note: "Llamé al chofer" },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    const acknowledged = await received((item) => item.id === opened.id && item.status === "ACKNOWLEDGED");
    expect(acknowledged.note).toBe("Llamé al chofer");
    expect(acknowledged.acknowledgedBy).toBeTruthy();

    for (let i = 0; i < 4; i++, at += 20_000, latitude += 0.002) await send(onLine(latitude), at);
    const closed = await received((item) => item.id === opened.id && item.status === "CLOSED");
    expect(closed.closeReason).toBe("cleared");
    const rows = await storedIncidents({ intermediateRouteId: tripId });
    expect(rows.map((row) => [row.type, row.status])).toEqual([["OFF_ROUTE", "CLOSED"]]);
    const view = await app.inject({
      method: "GET",
      url: `/api/v1/Incident/trip/${tripId}`,
      headers: admin.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      plannedPathSource: "stops",
      stops: [{ name: "Parada 1" }, { name: "Parada 2" }, { name: "Parada 3" }],
      incidents: [{ id: opened.id, status: "CLOSED" }],
    });
    expect(view.json().trace).toHaveLength(13);
    expect(view.json().plannedPath.length).toBeGreaterThanOrEqual(4);
    const seen = updates.filter((update) => update.trip.intermediateRouteId === tripId);
    expect(seen.filter((update) => update.event.kind === "position")).toHaveLength(13);
    expect(seen.flatMap((update) => update.transitions.map((t) => `${t.action} ${t.type}`))).toEqual([
      "open OFF_ROUTE",
      "close OFF_ROUTE",
    ]);
    expect(seen.at(-1)?.trip.stops.map((stop) => stop.name)).toEqual(["Parada 1", "Parada 2", "Parada 3"]);
    expect(seen.at(-1)?.snapshot.pathSource).toBe("stops");
    // Each change was announced once.
    expect(hub.received.filter((item) => item.id === opened.id).map((item) => item.status)).toEqual([
      "OPEN",
      "ACKNOWLEDGED",
      "CLOSED",
    ]);
  });

  it("opens NO_GPS on the timer when the phone goes silent, and the trip's end closes everything", async () => {
    const { driver, tripId, startedAt } = await startedTrip();
    const response = await sendPosition(app, driver.session, tripId, onLine(18.4), startedAt + MINUTE);
    expect(response.statusCode).toBe(200);
    await app.incidentMonitor.idle();
    await app.incidentMonitor.tick();
    expect(await storedIncidents({ intermediateRouteId: tripId })).toEqual([]);

    clock.now += 3 * MINUTE;
    await app.incidentMonitor.tick();
    const noGps = await received((item) => item.intermediateRouteId === tripId && item.type === "NO_GPS");
    expect(noGps.status).toBe("OPEN");

    const end = await app.inject({
      method: "PUT",
      url: API.intermediateRoute.end.path,
      headers: driver.session.headers,
      payload: { intermediateRouteId: tripId },
    });
    expect(end.statusCode, end.body).toBe(200);
    await app.incidentMonitor.idle();
    const closed = await received((item) => item.id === noGps.id && item.status === "CLOSED");
    expect(closed.closeReason).toBe("trip-ended");
    const rows = await storedIncidents({ intermediateRouteId: tripId });
    expect(rows.every((row) => row.status === "CLOSED")).toBe(true);
  });

  it("keeps the plan taken at the start when the route is edited meanwhile (and thresholds change)", async () => {
    const { driver, tripId, startedAt, route, office } = await startedTrip();
    let at = startedAt + MINUTE;
    let latitude = 18.4;
    const send = async () => {
      const response = await sendPosition(app, driver.session, tripId, onLine(latitude), at);
      expect(response.statusCode, response.body).toBe(200);
      at += 20_000;
      latitude += 0.002;
    };
    for (let i = 0; i < 3; i++) await send();
    const { db } = await testDatabase();
    await db
      .update(routeStops)
      .set({ longitude: LINE_LONGITUDE + 0.05 })
      .where(eq(routeStops.routeId, route.id));
    await setThresholds(app, admin, office.id, { offRouteSeconds: 40 });
    await app.incidentMonitor.idle();
    for (let i = 0; i < 6; i++) await send();
    await app.incidentMonitor.idle();
    await app.incidentMonitor.tick();
    expect(await storedIncidents({ intermediateRouteId: tripId })).toEqual([]);
    const watched = app.incidentMonitor.watchedTrip(tripId);
    expect(watched?.loaded.trip.thresholds.offRouteSeconds).toBe(40);
    expect(watched?.loaded.trip.plan.stops[0]?.longitude).toBe(LINE_LONGITUDE);
  });

  it("ignores positions out of order, repeated, or of an unknown trip", async () => {
    const { driver, tripId, startedAt } = await startedTrip();
    let at = startedAt + MINUTE;
    const points = [18.4, 18.402, 18.404, 18.406, 18.408];
    for (const latitude of points) {
      await sendPosition(app, driver.session, tripId, onLine(latitude), at);
      at += 20_000;
    }
    // Older positions off the path (an outbox replaying late), the same again, and far-off junk.
    for (let i = 0; i < 5; i++) {
      await sendPosition(app, driver.session, tripId, offLine(18.4), startedAt + 30_000 + i * 1_000);
      await sendPosition(app, driver.session, tripId, onLine(18.408), at - 20_000);
    }
    await app.realtime.publish({
      audience: { kind: "admins" },
      target: "ReceivedDriverGeolocation",
      args: [{ intermediateRouteId: 2_000_000_000, driverId: 1, latitude: 91, longitude: 0, date: "nope" }],
    });
    const other = await signedInDriver(app);
    const foreign = await sendPosition(app, other.session, tripId, offLine(18.41), at);
    expect(foreign.statusCode).toBe(403);
    await app.incidentMonitor.idle();
    await app.incidentMonitor.tick();
    expect(await storedIncidents({ intermediateRouteId: tripId })).toEqual([]);
    expect(app.incidentMonitor.watchedTrip(tripId)?.monitor.snapshot(clock.now).offRoute).toBe(false);
  });
});
