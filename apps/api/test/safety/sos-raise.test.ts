import {
  INCIDENT_SEVERITY,
  SAFETY_MESSAGES,
  SOS_FOLLOW_MINUTES,
  SOS_HOURLY_LIMIT,
  sosResponseSchema,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip, routeWith, signedInDriver } from "../helpers/operation-factories.js";
import { createUser, signedInAs, signIn } from "../helpers/test-app.js";
import {
  type Clock,
  incidentRow,
  officeWithContacts,
  personOf,
  raiseSos,
  sosBody,
  sosOf,
  startSosApp,
  tripOf,
} from "./sos-kit.js";

/**
 * `POST Sos` (issue 38, decision 0080): the incident it opens (server time, the person, the trip
 * found or none), applied once per actionId (alone or replayed by the outbox's batch), the hourly
 * limit that never hides the first ones, and who may raise it.
 */
const clock: Clock = { now: Date.UTC(2026, 2, 10, 23, 30) };
let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await startSosApp(clock));
});
afterAll(() => app.close());

const MINUTE = 60_000;

describe("POST Sos", () => {
  it("opens an SOS on the rider's running trip at the server's time, once per actionId", async () => {
    const office = await officeWithContacts();
    const ana = await personOf(app, "Collaborator", office.id, "Ana");
    const { trip, route, driver } = await tripOf(app, {
      branchOfficeId: office.id,
      at: clock.now,
      riders: [ana.employee.id],
    });
    // The phone's countdown ended 40 s before the server heard it.
    const body = sosBody(clock.now - 40_000);
    const first = await raiseSos(app, ana.session, body);
    expect(first.statusCode, first.body).toBe(201);
    const sent = sosResponseSchema.parse(first.json());
    expect(sent.message).toBe(SAFETY_MESSAGES.sosSent);
    expect(sent.followUntil).toBe(new Date(clock.now + SOS_FOLLOW_MINUTES * MINUTE).toISOString());

    const again = await raiseSos(app, ana.session, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(sent);
    expect(await sosOf(ana.user.id)).toHaveLength(1);

    const row = await incidentRow(sent.incidentId);
    expect(row).toMatchObject({
      type: "SOS",
      status: "OPEN",
      intermediateRouteId: trip.id,
      routeId: route.id,
      driverId: driver.driver.id,
      personUserId: ana.user.id,
      branchOfficeId: office.id,
      serviceDay: "2026-03-10",
    });
    expect(row.openedAt.getTime()).toBe(clock.now);
    expect(row.detail).toEqual({
      accuracy: 12,
      recordedAt: body.recordedAt,
      receivedAt: new Date(clock.now).toISOString(),
    });
    expect(row.evidence).toEqual([{ latitude: 18.47, longitude: -69.91, at: body.recordedAt }]);

    // The control room's list: the item carries the person, SOS is critical.
    const admin = await signedInAs(app, "Admin");
    const list = await app.inject({
      method: "GET",
      url: `${API.incident.list.path}?status=OPEN&intermediateRouteId=${trip.id}`,
      headers: admin.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().list[0]).toMatchObject({
      id: sent.incidentId,
      type: "SOS",
      severity: INCIDENT_SEVERITY.SOS,
      personName: "Ana Féliz",
      personRole: "Collaborator",
      branchOfficeId: office.id,
      routeName: route.name,
      driverName: "Luis Soto",
      outcome: null,
      closedBy: null,
    });
  });

  it("an SOS queued offline and replayed by the outbox's batch opens once", async () => {
    const office = await officeWithContacts();
    const ana = await personOf(app, "Collaborator", office.id);
    const body = sosBody(clock.now - 60_000);
    const batch = () =>
      app.inject({
        method: "POST",
        url: API.fieldAction.batch.path,
        headers: ana.session.headers,
        payload: { actions: [{ method: "POST", path: "/Sos", body }] },
      });
    const first = await batch();
    expect(first.statusCode, first.body).toBe(200);
    const [result] = first.json().results;
    expect(result.statusCode, JSON.stringify(result.body)).toBe(201);
    // The answer was lost: the outbox sends the batch again, and then the action alone.
    const second = await batch();
    expect(second.json().results[0]).toEqual(result);
    const alone = await raiseSos(app, ana.session, body);
    expect(alone.json()).toEqual(result.body);
    const rows = await sosOf(ana.user.id);
    expect(rows.map((row) => row.id)).toEqual([result.body.incidentId]);
    // Opened when the server received it; the phone's time is kept in the detail and evidence.
    expect(rows[0]?.openedAt.getTime()).toBe(clock.now);
    expect(rows[0]?.detail).toMatchObject({ recordedAt: body.recordedAt });
    // The same actionId with another position is not this SOS.
    const other = await raiseSos(app, ana.session, { ...body, latitude: 18.5 });
    expect(other.statusCode).toBe(409);
  });

  it("finds the trip the rider left ≤ 30 min ago; later, another's trip or none: opens without it", async () => {
    const office = await officeWithContacts();
    const ana = await personOf(app, "Collaborator", office.id);
    const recent = await tripOf(app, {
      branchOfficeId: office.id,
      at: clock.now,
      endedMinutesAgo: 20,
      riders: [ana.employee.id],
    });
    const first = await raiseSos(app, ana.session, sosBody(clock.now));
    expect((await incidentRow(first.json().incidentId)).intermediateRouteId).toBe(recent.trip.id);

    const beto = await personOf(app, "Collaborator", office.id, "Beto");
    await tripOf(app, {
      branchOfficeId: office.id,
      at: clock.now,
      endedMinutesAgo: 31,
      riders: [beto.employee.id],
    });
    const late = await raiseSos(app, beto.session, sosBody(clock.now));
    expect(late.statusCode, late.body).toBe(201);
    // Another rider's trip named by the phone is not Beto's: the SOS still opens, without it.
    const named = await raiseSos(
      app,
      beto.session,
      sosBody(clock.now, { intermediateRouteId: recent.trip.id }),
    );
    expect(named.statusCode, named.body).toBe(201);
    for (const response of [late, named]) {
      const row = await incidentRow(response.json().incidentId);
      expect(row).toMatchObject({ intermediateRouteId: null, routeId: null, branchOfficeId: office.id });
    }
  });

  it("a rider expected on the running trip (not boarded yet) raises it on the trip the phone names", async () => {
    const office = await officeWithContacts();
    const eva = await personOf(app, "Collaborator", office.id, "Eva");
    const driver = await signedInDriver(app, { name: "Raúl", lastname: "Peña" });
    const route = await routeWith({ driverIds: [driver.driver.id], employeeIds: [eva.employee.id] });
    const trip = await insertTrip({
      driverId: driver.driver.id,
      supplierId: driver.driver.supplierId,
      routeId: route.id,
      startedAt: new Date(clock.now - 10 * MINUTE),
      endedAt: null,
    });
    const named = await raiseSos(app, eva.session, sosBody(clock.now, { intermediateRouteId: trip.id }));
    expect(named.statusCode, named.body).toBe(201);
    expect(await incidentRow(named.json().incidentId)).toMatchObject({
      intermediateRouteId: trip.id,
      routeId: route.id,
    });
  });

  it("a driver's SOS is on their running trip; the branch office is the route's", async () => {
    const office = await officeWithContacts();
    const { trip, driver } = await tripOf(app, { branchOfficeId: office.id, at: clock.now });
    const response = await raiseSos(app, driver.session, sosBody(clock.now));
    expect(response.statusCode, response.body).toBe(201);
    const row = await incidentRow(response.json().incidentId);
    expect(row).toMatchObject({ intermediateRouteId: trip.id, branchOfficeId: office.id });
    const admin = await signedInAs(app, "Admin");
    const list = await app.inject({
      method: "GET",
      url: `${API.incident.list.path}?type=SOS&branchOfficeId=${office.id}`,
      headers: admin.headers,
    });
    expect(list.json().list.map((item: { id: number }) => item.id)).toEqual([row.id]);
    expect(list.json().list[0]).toMatchObject({ personName: "Luis Soto", personRole: "Driver" });
    // A driver without a trip: opened without one and without a branch office.
    const idle = await signedInDriver(app);
    const alone = await raiseSos(app, idle.session, sosBody(clock.now));
    expect(alone.statusCode, alone.body).toBe(201);
    expect(await incidentRow(alone.json().incidentId)).toMatchObject({
      intermediateRouteId: null,
      branchOfficeId: null,
    });
  });

  it(`allows ${SOS_HOURLY_LIMIT} an hour per person (429 after), the first ones stay open`, async () => {
    const office = await officeWithContacts();
    const ana = await personOf(app, "Collaborator", office.id);
    const start = clock.now;
    const opened: number[] = [];
    for (let i = 0; i < SOS_HOURLY_LIMIT; i++) {
      clock.now = start + i * MINUTE;
      const response = await raiseSos(app, ana.session, sosBody(clock.now));
      expect(response.statusCode, response.body).toBe(201);
      opened.push(response.json().incidentId);
    }
    const refused = await raiseSos(app, ana.session, sosBody(clock.now));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SAFETY_MESSAGES.sosLimit);
    const rows = await sosOf(ana.user.id);
    expect(rows.map((row) => [row.id, row.status])).toEqual(opened.map((id) => [id, "OPEN"]));
    // Rolling: an hour after the first, one more is allowed.
    clock.now = start + 60 * MINUTE;
    const later = await raiseSos(app, ana.session, sosBody(clock.now));
    expect(later.statusCode, later.body).toBe(201);
    // Another person is not limited by Ana's.
    const beto = await personOf(app, "Collaborator", office.id, "Beto");
    expect((await raiseSos(app, beto.session, sosBody(clock.now))).statusCode).toBe(201);
    clock.now = start;
  });

  it("concurrent SOS of one person never pass the limit", async () => {
    const office = await officeWithContacts();
    const ana = await personOf(app, "Collaborator", office.id);
    const responses = await Promise.all(
      Array.from({ length: SOS_HOURLY_LIMIT + 2 }, () => raiseSos(app, ana.session, sosBody(clock.now))),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    expect(await sosOf(ana.user.id)).toHaveLength(SOS_HOURLY_LIMIT);
  });

  it("riders, admins and drivers may raise it; a supplier's user or no session may not", async () => {
    const office = await officeWithContacts();
    for (const role of ["Admin", "SuperAdmin"] as const) {
      const person = await personOf(app, role, office.id);
      expect((await raiseSos(app, person.session, sosBody(clock.now))).statusCode).toBe(201);
    }
    const supplier = await createUser({ role: "Supplier" });
    const supplierSession = await signIn(app, supplier.email);
    const refused = await raiseSos(app, supplierSession, sosBody(clock.now));
    expect(refused.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: "POST",
      url: API.sos.raise.path,
      payload: sosBody(clock.now),
    });
    expect(anonymous.statusCode).toBe(401);
    const ana = await personOf(app, "Collaborator", office.id);
    const bad = await raiseSos(app, ana.session, sosBody(clock.now, { latitude: 123 }));
    expect(bad.statusCode).toBe(400);
  });
});
