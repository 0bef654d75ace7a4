import { INCIDENT_MESSAGES, ON_ROUTE_BELOW_OFF_ROUTE_MESSAGE } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidents } from "../../src/db/schema.js";
import { insertTrip, signedInDriver } from "../helpers/operation-factories.js";
import { createShift } from "../helpers/plan-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import {
  buildTestApp,
  createBranchOffice,
  type SignedIn,
  signedInAs,
  testDatabase,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const get = (url: string, session: SignedIn | undefined = admin) =>
  app.inject({ method: "GET", url, headers: session?.headers ?? {} });
const put = (url: string, payload: object, session: SignedIn | undefined = admin) =>
  app.inject({ method: "PUT", url, headers: session?.headers ?? {}, payload });

/** A finished trip of a route of a new branch office, with incidents inserted as the monitor writes them. */
async function tripWithIncidents(
  rows: Array<{ type: string; status?: string; openedAt: Date; stopIndex?: number | null }>,
) {
  const { db } = await testDatabase();
  const office = await createBranchOffice();
  const shift = await createShift({ branchOfficeId: office.id });
  const route = await createRoute({ shiftId: shift.id });
  const { driver } = await signedInDriver(app, { name: "Luis", lastname: "Soto" });
  const trip = await insertTrip({
    driverId: driver.id,
    supplierId: driver.supplierId,
    routeId: route.id,
    startedAt: new Date(Date.UTC(2026, 2, 10, 11)),
  });
  const inserted = await db
    .insert(incidents)
    .values(
      rows.map((row) => ({
        intermediateRouteId: trip.id,
        routeId: route.id,
        serviceDay: "2026-03-10",
        driverId: driver.id,
        supplierId: driver.supplierId,
        type: row.type,
        status: row.status ?? "OPEN",
        stopIndex: row.stopIndex ?? null,
        openedAt: row.openedAt,
        ...(row.status === "CLOSED" && { closedAt: row.openedAt, closeReason: "cleared" }),
        detail: {},
        evidence: [{ latitude: 18.4, longitude: -69.9, at: row.openedAt.toISOString() }],
      })),
    )
    .returning({ id: incidents.id });
  return { office, route, trip, ids: inserted.map((row) => row.id) };
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 11, minute));

describe("GET Incident/list", () => {
  it("lists one trip's incidents newest first, pages them and counts the unclosed", async () => {
    const { trip, ids } = await tripWithIncidents([
      { type: "LATE", openedAt: at(1) },
      { type: "OFF_ROUTE", openedAt: at(2), status: "CLOSED" },
      { type: "NO_GPS", openedAt: at(3), status: "ACKNOWLEDGED" },
    ]);
    const response = await get(`${API.incident.list.path}?amount=2&skip=1&intermediateRouteId=${trip.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.amount).toBe(3);
    expect(body.openCount).toBe(2);
    expect(body.list.map((item: { id: number }) => item.id)).toEqual([ids[2], ids[1]]);
    expect(body.list[0]).toMatchObject({ type: "NO_GPS", severity: "warning", driverName: "Luis Soto" });
    const second = (
      await get(`${API.incident.list.path}?amount=2&skip=2&intermediateRouteId=${trip.id}`)
    ).json();
    expect(second.list.map((item: { id: number }) => item.id)).toEqual([ids[0]]);
  });

  it("status=OPEN lists the unclosed by severity, then newest; type, branch office and dates filter", async () => {
    const { trip, office, ids } = await tripWithIncidents([
      { type: "LATE", openedAt: at(5) },
      { type: "SKIPPED_STOP", openedAt: at(1), stopIndex: 0 },
      { type: "LONG_DWELL", openedAt: at(3), status: "ACKNOWLEDGED" },
      { type: "OFF_ROUTE", openedAt: at(4), status: "CLOSED" },
    ]);
    const open = (await get(`${API.incident.list.path}?status=OPEN&intermediateRouteId=${trip.id}`)).json();
    expect(open.list.map((item: { id: number }) => item.id)).toEqual([ids[1], ids[0], ids[2]]);
    const late = (await get(`${API.incident.list.path}?type=LATE&branchOfficeId=${office.id}`)).json();
    expect(late.list.map((item: { id: number }) => item.id)).toEqual([ids[0]]);
    const closed = (await get(`${API.incident.list.path}?status=CLOSED&branchOfficeId=${office.id}`)).json();
    expect(closed).toMatchObject({ amount: 1, openCount: 3 });
    const dated = (
      await get(
        `${API.incident.list.path}?sinceDate=03/10/2026&untilDate=03/10/2026&branchOfficeId=${office.id}`,
      )
    ).json();
    expect(dated.amount).toBe(4);
    const other = (
      await get(
        `${API.incident.list.path}?sinceDate=03/11/2026&untilDate=03/12/2026&branchOfficeId=${office.id}`,
      )
    ).json();
    expect(other.amount).toBe(0);
  });

  it("refuses an unknown type or status in Spanish", async () => {
    const response = await get(`${API.incident.list.path}?type=FLAT_TIRE`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(INCIDENT_MESSAGES.type);
    expect((await get(`${API.incident.list.path}?status=GONE`)).body).toContain(INCIDENT_MESSAGES.status);
  });
});

describe("PUT Incident/acknowledge", () => {
  it("acknowledges an open incident once (who, when, note); 409 after; 404 unknown", async () => {
    const { ids } = await tripWithIncidents([
      { type: "LATE", openedAt: at(1) },
      { type: "NO_GPS", openedAt: at(2), status: "CLOSED" },
    ]);
    const ok = await put(API.incident.acknowledge.path, { id: ids[0], note: "  Tráfico en la autopista " });
    expect(ok.statusCode, ok.body).toBe(200);
    const list = (await get(`${API.incident.list.path}?type=LATE&status=ACKNOWLEDGED`)).json().list;
    const mine = list.find((row: { id: number }) => row.id === ids[0]);
    expect(mine).toMatchObject({ status: "ACKNOWLEDGED", note: "Tráfico en la autopista" });
    expect(mine.acknowledgedBy).toBeTruthy();
    expect(mine.acknowledgedAt).toBeTruthy();
    const again = await put(API.incident.acknowledge.path, { id: ids[0], note: "" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INCIDENT_MESSAGES.alreadyAcknowledged);
    const closed = await put(API.incident.acknowledge.path, { id: ids[1] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(INCIDENT_MESSAGES.alreadyClosed);
    const unknown = await put(API.incident.acknowledge.path, { id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INCIDENT_MESSAGES.notFound);
    const long = await put(API.incident.acknowledge.path, { id: ids[0], note: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(INCIDENT_MESSAGES.note);
  });
});

describe("Incident/thresholds", () => {
  it("answers the defaults, saves a branch office's own, and validates them", async () => {
    const office = await createBranchOffice();
    const url = `${API.incident.thresholds.path}?branchOfficeId=${office.id}`;
    expect((await get(url)).json()).toMatchObject({
      branchOfficeId: office.id,
      custom: false,
      lateMinutes: 10,
    });
    const values = {
      branchOfficeId: office.id,
      notStartedMinutes: 15,
      lateMinutes: 12,
      offRouteMeters: 400,
      offRouteSeconds: 90,
      offRoutePositions: 4,
      onRouteMeters: 250,
      onRoutePositions: 3,
      longDwellMinutes: 12,
      noGpsMinutes: 3,
      replayHorizonMinutes: 20,
      reopenAfterMinutes: 5,
    };
    const saved = await put(API.incident.saveThresholds.path, values);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(url)).json()).toEqual({ ...values, custom: true });
    const bad = await put(API.incident.saveThresholds.path, { ...values, onRouteMeters: 450 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(ON_ROUTE_BELOW_OFF_ROUTE_MESSAGE);
    const range = await put(API.incident.saveThresholds.path, { ...values, lateMinutes: 0 });
    expect(range.statusCode).toBe(400);
    expect(range.body).toContain("Indique minutos entre 1 y 120");
    const unknown = await put(API.incident.saveThresholds.path, { ...values, branchOfficeId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("GET Incident/trip", () => {
  it("shows a trip against its plan with its incidents; 404 for an unknown trip", async () => {
    const { trip, ids } = await tripWithIncidents([{ type: "LATE", openedAt: at(1) }]);
    const response = await get(apiPath(API.incident.trip, { intermediateRouteId: trip.id }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      intermediateRouteId: trip.id,
      status: "Finished",
      driverName: "Luis Soto",
      stops: [],
      incidents: [{ id: ids[0], type: "LATE" }],
    });
    expect((await get(apiPath(API.incident.trip, { intermediateRouteId: 2_000_000_000 }))).statusCode).toBe(
      404,
    );
  });
});

describe("who may call", () => {
  it("Collaborator and Driver get 403, anonymous 401, SuperAdmin 200", async () => {
    const collaborator = await signedInAs(app, "Collaborator");
    const driver = await signedInAs(app, "Driver");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    const office = await createBranchOffice();
    const calls = [
      (s?: SignedIn) => get(API.incident.list.path, s),
      (s?: SignedIn) => get(`${API.incident.thresholds.path}?branchOfficeId=${office.id}`, s),
      (s?: SignedIn) => put(API.incident.acknowledge.path, { id: 1 }, s),
      (s?: SignedIn) => get(apiPath(API.incident.trip, { intermediateRouteId: 1 }), s),
    ];
    for (const call of calls) {
      expect((await call(collaborator)).statusCode).toBe(403);
      expect((await call(driver)).statusCode).toBe(403);
      expect((await app.inject({ method: "GET", url: API.incident.list.path })).statusCode).toBe(401);
    }
    expect((await get(API.incident.list.path, superAdmin)).statusCode).toBe(200);
  });
});
