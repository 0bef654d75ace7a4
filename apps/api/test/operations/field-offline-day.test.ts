import { createHash, randomUUID } from "node:crypto";
import type { HubConnection } from "@microsoft/signalr";
import {
  BEFORE_TRIP_START_MESSAGE,
  DEVICE_TIME_MESSAGE,
  IN_THE_FUTURE_MESSAGE,
  START_TOO_EARLY_MESSAGE,
  tripStartedSchema,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { employees, intermediateRoutes, tripPositions } from "../../src/db/schema.js";
import {
  insertTrip,
  routeNotScheduledOf,
  routeWith,
  servicesOfTrip,
  signedInCollaborator,
  signedInDriver,
} from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";
import { nextEvent, officialClient, startApp } from "../hub/hub-test-kit.js";

/**
 * A Treiber App day worked offline: a Start queued with the device's `startedAt`, the driver's
 * "Hoy" with the riders' QR hashes, positions with the device's time through the hub
 * (`SendGeolocationAt`) and REST without duplicates, and `StartIntermediateRoute` to the riders.
 */

let app: FastifyInstance;
let baseUrl: string;
let admin: SignedIn;
const open: HubConnection[] = [];

beforeAll(async () => {
  ({ app, baseUrl } = await startApp());
  admin = await signedInAs(app, "Admin");
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.stop()));
});
afterAll(() => app.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const call = (method: "GET" | "POST" | "PUT", url: string, session: SignedIn | undefined, payload?: object) =>
  app.inject({ method, url, headers: { ...session?.headers }, ...(payload && { payload }) });

/** The instant `msAgo` before now as a Santo Domingo phone writes it: ISO 8601 with `-04:00`. */
function deviceTime(msAgo: number) {
  const at = new Date(Date.now() - msAgo);
  const text = new Date(at.getTime() - 4 * HOUR).toISOString().replace("Z", "-04:00");
  return { at, text };
}

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** The ISO day (1 = Lunes … 7 = Domingo) of today in UTC (`GMT: 0`). */
const isoDayUtc = () => {
  const day = new Date().getUTCDay();
  return day === 0 ? 7 : day;
};

async function connect(token: string) {
  const connection = officialClient(baseUrl, token);
  await connection.start();
  open.push(connection);
  return connection;
}

async function tripsOfDriver(driverId: number) {
  const { db } = await testDatabase();
  return db.select().from(intermediateRoutes).where(eq(intermediateRoutes.driverId, driverId));
}

async function trail(tripId: number) {
  const detail = await call(
    "GET",
    `${API.intermediateRoute.detail.path}?intermediateRouteId=${tripId}`,
    admin,
  );
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json() as {
    positions: { latitude: number; longitude: number; recordedDate: string }[];
    lastPositionDate: string | null;
  };
}

/** A driver and one rider on a new route, its trip started by a Start queued `minutesAgo` ago. */
async function offlineTrip(minutesAgo = 20) {
  const driver = await signedInDriver(app);
  const ana = await signedInCollaborator(app);
  const route = await routeWith({ driverIds: [driver.driver.id], employeeIds: [ana.employee.id] });
  const startedAt = deviceTime(minutesAgo * MINUTE);
  const started = await call("PUT", API.intermediateRoute.start.path, driver.session, {
    routeId: route.id,
    startedAt: startedAt.text,
    actionId: randomUUID(),
  });
  expect(started.statusCode, started.body).toBe(200);
  return {
    driver,
    ana,
    route,
    startedAt: startedAt.at,
    tripId: started.json().intermediateRoute.id as number,
  };
}

describe("PUT /api/v1/IntermediateRoute/Start with the device's startedAt", () => {
  it("starts at the device time; a later queued scan and End are accepted; a replay starts nothing", async () => {
    const driver = await signedInDriver(app);
    const ana = await signedInCollaborator(app);
    const route = await routeWith({ driverIds: [driver.driver.id], employeeIds: [ana.employee.id] });
    const startedAt = deviceTime(20 * MINUTE);
    const start = { routeId: route.id, startedAt: startedAt.text, actionId: randomUUID() };

    const started = await call("PUT", API.intermediateRoute.start.path, driver.session, start);
    expect(started.statusCode, started.body).toBe(200);
    const tripId = started.json().intermediateRoute.id as number;
    expect(started.json()).toMatchObject({
      message: "Ruta iniciada",
      intermediateRoute: { id: tripId, status: "InProgress", startedDate: startedAt.at.toISOString() },
    });
    const [row] = await tripsOfDriver(driver.driver.id);
    expect(row?.startedAt.toISOString()).toBe(startedAt.at.toISOString());

    // The response was lost: the outbox sends the Start again and gets the same trip.
    const replayed = await call("PUT", API.intermediateRoute.start.path, driver.session, start);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual(started.json());

    const scannedAt = deviceTime(10 * MINUTE);
    const scanned = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      scannedAt: scannedAt.text,
      expectedOnly: true,
      actionId: randomUUID(),
    });
    expect(scanned.statusCode, scanned.body).toBe(201);
    expect(scanned.json()).toMatchObject({
      employeeId: ana.employee.id,
      scannedDate: scannedAt.at.toISOString(),
    });
    const [service] = await servicesOfTrip(tripId);
    expect(service?.scannedAt?.toISOString()).toBe(scannedAt.at.toISOString());

    const endedAt = deviceTime(5 * MINUTE);
    const ended = await call("PUT", API.intermediateRoute.end.path, driver.session, {
      intermediateRouteId: tripId,
      endedAt: endedAt.text,
      actionId: randomUUID(),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().intermediateRoute).toMatchObject({
      status: "Finished",
      startedDate: startedAt.at.toISOString(),
      endedDate: endedAt.at.toISOString(),
    });

    // Even once the trip ended (a second trip could start now), the replay still answers the first.
    const late = await call("PUT", API.intermediateRoute.start.path, driver.session, start);
    expect(late.statusCode).toBe(200);
    expect(late.json().intermediateRoute.id).toBe(tripId);
    expect((await tripsOfDriver(driver.driver.id)).map((trip) => trip.id)).toEqual([tripId]);
  });

  it("applies a Start sent 5× concurrently with one action id once", async () => {
    const driver = await signedInDriver(app);
    const route = await routeWith({ driverIds: [driver.driver.id] });
    const start = { routeId: route.id, startedAt: deviceTime(15 * MINUTE).text, actionId: randomUUID() };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => call("PUT", API.intermediateRoute.start.path, driver.session, start)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(responses.map((r) => r.json().intermediateRoute.id));
    expect(ids.size).toBe(1);
    expect(await tripsOfDriver(driver.driver.id)).toHaveLength(1);
  });

  it("refuses a startedAt more than 12 hours ago, in the future, malformed or without a zone", async () => {
    const driver = await signedInDriver(app);
    const route = await routeWith({ driverIds: [driver.driver.id] });
    const start = (startedAt: string, actionId?: string) =>
      call("PUT", API.intermediateRoute.start.path, driver.session, {
        routeId: route.id,
        startedAt,
        ...(actionId && { actionId }),
      });
    const actionId = randomUUID();

    const tooOld = await start(deviceTime(13 * HOUR).text, actionId);
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json()).toMatchObject({
      message: START_TOO_EARLY_MESSAGE,
      errors: { startedAt: START_TOO_EARLY_MESSAGE },
    });
    const future = await start(new Date(Date.now() + 10 * MINUTE).toISOString());
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      message: IN_THE_FUTURE_MESSAGE,
      errors: { startedAt: IN_THE_FUTURE_MESSAGE },
    });
    const malformed = await start("ayer");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ startedAt: DEVICE_TIME_MESSAGE });
    const noZone = await start(new Date(Date.now() - 5 * MINUTE).toISOString().replace("Z", ""));
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json().errors).toEqual({ startedAt: DEVICE_TIME_MESSAGE });
    expect(await tripsOfDriver(driver.driver.id)).toEqual([]);

    // A refused Start is not kept: the same action id with a good time starts the trip.
    const eleven = deviceTime(11 * HOUR);
    const retried = await start(eleven.text, actionId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().intermediateRoute.startedDate).toBe(eleven.at.toISOString());
  });

  it("refuses a startedAt before the end of the driver's previous trip (2 minutes of tolerance)", async () => {
    const driver = await signedInDriver(app);
    const route = await routeWith({ driverIds: [driver.driver.id] });
    const previousEnd = new Date(Date.now() - HOUR);
    await insertTrip({
      driverId: driver.driver.id,
      supplierId: driver.driver.supplierId,
      routeId: route.id,
      startedAt: new Date(Date.now() - 3 * HOUR),
      endedAt: previousEnd,
    });
    const start = (startedAt: string) =>
      call("PUT", API.intermediateRoute.start.path, driver.session, {
        routeId: route.id,
        startedAt,
        actionId: randomUUID(),
      });

    const overlapping = await start(deviceTime(2 * HOUR).text);
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json()).toMatchObject({
      message: START_TOO_EARLY_MESSAGE,
      errors: { startedAt: START_TOO_EARLY_MESSAGE },
    });
    const justBefore = await start(deviceTime(HOUR + 10 * MINUTE).text);
    expect(justBefore.statusCode).toBe(400);
    expect(justBefore.json().message).toBe(START_TOO_EARLY_MESSAGE);
    expect(await tripsOfDriver(driver.driver.id)).toHaveLength(1);

    // Within the tolerance (a clock a minute behind) the start is put at the previous end.
    const withinTolerance = await start(new Date(previousEnd.getTime() - MINUTE).toISOString());
    expect(withinTolerance.statusCode, withinTolerance.body).toBe(200);
    expect(withinTolerance.json().intermediateRoute.startedDate).toBe(previousEnd.toISOString());
  });
});

describe("GET /api/v1/IntermediateRoute/today: the riders' QR hashes", () => {
  it("gives each expected rider the SHA-256 hex of its QR code, never the code itself", async () => {
    const driver = await signedInDriver(app);
    const ana = await signedInCollaborator(app, { name: "Ana" });
    const beto = await signedInCollaborator(app, { name: "Beto" });
    const route = await routeWith({
      driverIds: [driver.driver.id],
      employeeIds: [ana.employee.id, beto.employee.id],
      dayIds: [isoDayUtc()],
    });
    const special = await routeNotScheduledOf(driver.driver.id, { employeeIds: [beto.employee.id] });
    const { db } = await testDatabase();
    // The QR codes as stored (read back, not taken from the factories).
    const rows = await db
      .select({ id: employees.id, codeQr: employees.codeQr })
      .from(employees)
      .where(inArray(employees.id, [ana.employee.id, beto.employee.id]));
    const stored = new Map(rows.map((row) => [row.id, row.codeQr]));
    expect(stored.get(ana.employee.id)).toBe(ana.employee.codeQr);

    const response = await app.inject({
      method: "GET",
      url: API.intermediateRoute.today.path,
      headers: { ...driver.session.headers, gmt: "0" },
    });
    expect(response.statusCode).toBe(200);
    type Rider = { id: number; codeQrHash: string };
    const list = response.json().response as {
      routeId: number | null;
      routeNotScheduledId: number | null;
      riders: Rider[];
    }[];
    const scheduled = list.find((r) => r.routeId === route.id);
    const oneOff = list.find((r) => r.routeNotScheduledId === special.id);
    expect(scheduled?.riders.map((r) => [r.id, r.codeQrHash])).toEqual([
      [ana.employee.id, sha256Hex(stored.get(ana.employee.id) ?? "")],
      [beto.employee.id, sha256Hex(stored.get(beto.employee.id) ?? "")],
    ]);
    expect(oneOff?.riders.map((r) => [r.id, r.codeQrHash])).toEqual([
      [beto.employee.id, sha256Hex(beto.employee.codeQr)],
    ]);
    for (const rider of [...(scheduled?.riders ?? []), ...(oneOff?.riders ?? [])])
      expect(rider.codeQrHash).toMatch(/^[0-9a-f]{64}$/);
    expect(response.body).not.toContain(ana.employee.codeQr);
    expect(response.body).not.toContain(beto.employee.codeQr);
  });
});

describe("hub SendGeolocationAt and queued positions: the device's time, stored once", () => {
  it("stores the hub position at its device time, and the same one again by REST only once", async () => {
    const { driver, tripId } = await offlineTrip(20);
    const driverHub = await connect(driver.session.token);
    const first = deviceTime(10 * MINUTE);
    await expect(driverHub.invoke("SendGeolocationAt", tripId, 18.4861, -69.9312, first.text)).resolves.toBe(
      null,
    );
    expect((await trail(tripId)).positions).toEqual([
      expect.objectContaining({
        latitude: 18.4861,
        longitude: -69.9312,
        recordedDate: first.at.toISOString(),
      }),
    ]);

    // The hub did not acknowledge it in time: the outbox sends the same position through REST.
    const again = await call("POST", API.intermediateRoute.position.path, driver.session, {
      intermediateRouteId: tripId,
      latitude: 18.4861,
      longitude: -69.9312,
      recordedAt: first.text,
      actionId: randomUUID(),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ message: "Ubicación registrada" });
    expect((await trail(tripId)).positions).toHaveLength(1);

    const second = deviceTime(5 * MINUTE);
    const later = await call("POST", API.intermediateRoute.position.path, driver.session, {
      intermediateRouteId: tripId,
      latitude: 18.49,
      longitude: -69.94,
      recordedAt: second.text,
      actionId: randomUUID(),
    });
    expect(later.statusCode, later.body).toBe(200);
    const both = await trail(tripId);
    expect(both.positions.map((p) => p.recordedDate)).toEqual([
      first.at.toISOString(),
      second.at.toISOString(),
    ]);
    expect(both.lastPositionDate).toBe(second.at.toISOString());
    const { db } = await testDatabase();
    expect(
      await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, tripId)),
    ).toHaveLength(2);
  });

  it("does not store a position sent by REST first and then through the hub twice", async () => {
    const { driver, tripId } = await offlineTrip(20);
    const at = deviceTime(8 * MINUTE);
    const queued = await call("POST", API.intermediateRoute.position.path, driver.session, {
      intermediateRouteId: tripId,
      latitude: 18.47,
      longitude: -69.92,
      recordedAt: at.text,
      actionId: randomUUID(),
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const driverHub = await connect(driver.session.token);
    await driverHub.invoke("SendGeolocationAt", tripId, 18.47, -69.92, at.at.toISOString());
    expect((await trail(tripId)).positions).toEqual([
      expect.objectContaining({ latitude: 18.47, longitude: -69.92, recordedDate: at.at.toISOString() }),
    ]);
  });

  it("refuses a recordedAt before the trip's start or in the future and stores nothing", async () => {
    const { driver, startedAt, tripId } = await offlineTrip(20);
    const driverHub = await connect(driver.session.token);
    const beforeStart = new Date(startedAt.getTime() - 5 * MINUTE).toISOString();
    await expect(driverHub.invoke("SendGeolocationAt", tripId, 18.4, -69.9, beforeStart)).rejects.toThrow(
      BEFORE_TRIP_START_MESSAGE,
    );
    const future = new Date(Date.now() + 10 * MINUTE).toISOString();
    await expect(driverHub.invoke("SendGeolocationAt", tripId, 18.4, -69.9, future)).rejects.toThrow(
      IN_THE_FUTURE_MESSAGE,
    );
    await expect(driverHub.invoke("SendGeolocationAt", tripId, 18.4, -69.9, "ayer")).rejects.toThrow(
      /Argumentos inválidos/,
    );
    await expect(driverHub.invoke("SendGeolocationAt", tripId, 18.4, -69.9)).rejects.toThrow(
      /Argumentos inválidos/,
    );
    const adminHub = await connect(admin.token);
    await expect(
      adminHub.invoke("SendGeolocationAt", tripId, 18.4, -69.9, new Date().toISOString()),
    ).rejects.toThrow(/choferes/);
    const { db } = await testDatabase();
    expect(
      await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, tripId)),
    ).toEqual([]);
    const [row] = await tripsOfDriver(driver.driver.id);
    expect(row?.lastPositionAt).toBeNull();
  });
});

describe("hub event StartIntermediateRoute", () => {
  it("reaches the route's riders (once, even when the Start is replayed) and nobody else", async () => {
    const driver = await signedInDriver(app);
    const ana = await signedInCollaborator(app);
    const stranger = await signedInCollaborator(app);
    const route = await routeWith({ driverIds: [driver.driver.id], employeeIds: [ana.employee.id] });
    const anaHub = await connect(ana.session.token);
    const strangerHub = await connect(stranger.session.token);
    const seen: string[] = [];
    anaHub.on("StartIntermediateRoute", (trip: unknown) => seen.push(`ana:${JSON.stringify(trip)}`));
    strangerHub.on("StartIntermediateRoute", (trip: unknown) =>
      seen.push(`stranger:${JSON.stringify(trip)}`),
    );
    const anaGotIt = nextEvent(anaHub, "StartIntermediateRoute");

    const startedAt = deviceTime(3 * MINUTE);
    const start = { routeId: route.id, startedAt: startedAt.text, actionId: randomUUID() };
    const started = await call("PUT", API.intermediateRoute.start.path, driver.session, start);
    expect(started.statusCode, started.body).toBe(200);
    const tripId = started.json().intermediateRoute.id as number;
    const [payload] = await anaGotIt;
    expect(tripStartedSchema.strict().parse(payload)).toEqual({
      intermediateRouteId: tripId,
      routeId: route.id,
      routeNotScheduledId: null,
      routeName: route.name,
      startedDate: startedAt.at.toISOString(),
    });

    const replayed = await call("PUT", API.intermediateRoute.start.path, driver.session, start);
    expect(replayed.json().intermediateRoute.id).toBe(tripId);
    // Round trips on each connection: an event pushed before these answers would have arrived first.
    for (const hub of [anaHub, strangerHub])
      await hub.invoke("LeaveGroupIntermediateRoute", `intermediate-group-${tripId}`);
    expect(seen).toEqual([`ana:${JSON.stringify(payload)}`]);
  });

  it("reaches the riders of a not-scheduled route", async () => {
    const driver = await signedInDriver(app);
    const beto = await signedInCollaborator(app);
    const special = await routeNotScheduledOf(driver.driver.id, { employeeIds: [beto.employee.id] });
    const betoHub = await connect(beto.session.token);
    const betoGotIt = nextEvent(betoHub, "StartIntermediateRoute");
    const started = await call("PUT", API.intermediateRoute.start.path, driver.session, {
      routeNotScheduledId: special.id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const trip = started.json().intermediateRoute;
    expect(await betoGotIt).toEqual([
      {
        intermediateRouteId: trip.id,
        routeId: null,
        routeNotScheduledId: special.id,
        routeName: special.name,
        startedDate: trip.startedDate,
      },
    ]);
  });
});
