import { INCIDENT_MESSAGES, SAFETY_MESSAGES, SOS_FOLLOW_MINUTES } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidents } from "../../src/db/schema.js";
import { closePastNotStarted } from "../../src/modules/incidents/incident-repository.js";
import { signedInDriver } from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";
import { plannedRoute, setThresholds } from "../incidents/incident-kit.js";
import {
  type Clock,
  incidentRow,
  officeWithContacts,
  personOf,
  raiseSos,
  sosBody,
  startSosApp,
  tripOf,
} from "./sos-kit.js";

/**
 * Safety incidents are closed by an admin only (decision 0080): `PUT Incident/close` with a note
 * and an outcome; the trip's end, the day's end and the monitor leave them open. SOS first among
 * the unclosed. The positions that follow an SOS and the phone's contact.
 */
const MINUTE = 60_000;
const clock: Clock = { now: Date.now() };
let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  ({ app } = await startSosApp(clock));
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const put = (url: string, payload: object, session: SignedIn = admin) =>
  app.inject({ method: "PUT", url, headers: session.headers, payload });
const get = (url: string, session: SignedIn = admin) =>
  app.inject({ method: "GET", url, headers: session.headers });

async function openSos() {
  const office = await officeWithContacts();
  const ana = await personOf(app, "Collaborator", office.id);
  const response = await raiseSos(app, ana.session, sosBody(clock.now));
  expect(response.statusCode, response.body).toBe(201);
  return { office, ana, id: response.json().incidentId as number };
}

describe("PUT Incident/close", () => {
  it("needs a note and an outcome; closes manual, with who; once", async () => {
    const { id } = await openSos();
    const noNote = await put(API.incident.close.path, { id, note: "  ", outcome: "ATTENDED" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain(SAFETY_MESSAGES.closeNote);
    const noOutcome = await put(API.incident.close.path, { id, note: "Llamamos" });
    expect(noOutcome.statusCode).toBe(400);
    expect(noOutcome.body).toContain(SAFETY_MESSAGES.closeOutcome);
    const wrong = await put(API.incident.close.path, { id, note: "Llamamos", outcome: "DONE" });
    expect(wrong.statusCode).toBe(400);

    // Acknowledged first («Atender»), then closed: both notes stay.
    expect((await put(API.incident.acknowledge.path, { id, note: "En camino" })).statusCode).toBe(200);
    clock.now += 5 * MINUTE;
    const closed = await put(API.incident.close.path, {
      id,
      note: " Se presionó sin querer ",
      outcome: "FALSE_ALARM",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message).toBe(SAFETY_MESSAGES.closed);
    const row = await incidentRow(id);
    expect(row).toMatchObject({
      status: "CLOSED",
      closeReason: "manual",
      outcome: "FALSE_ALARM",
      closedByUserId: admin.userId,
      note: "En camino | Se presionó sin querer",
    });
    expect(row.closedAt?.getTime()).toBe(clock.now);
    const item = (await get(`${API.incident.list.path}?type=SOS&status=CLOSED&amount=100`))
      .json()
      .list.find((entry: { id: number }) => entry.id === id);
    expect(item).toMatchObject({ outcome: "FALSE_ALARM", closeReason: "manual", personName: "Ana Féliz" });
    expect(item.closedBy).toBe(item.acknowledgedBy);
    expect(item.closedBy).toBeTruthy();

    const again = await put(API.incident.close.path, { id, note: "Otra", outcome: "ATTENDED" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INCIDENT_MESSAGES.alreadyClosed);
    const unknown = await put(API.incident.close.path, { id: 2_000_000_000, note: "x", outcome: "ATTENDED" });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses the other types (the system closes them) and callers who are not admins", async () => {
    const { office, ana, id } = await openSos();
    const { trip } = await tripOf(app, { branchOfficeId: office.id, at: clock.now });
    const { db } = await testDatabase();
    const [late] = await db
      .insert(incidents)
      .values({
        intermediateRouteId: trip.id,
        routeId: trip.routeId,
        serviceDay: "2026-03-10",
        type: "LATE",
        openedAt: new Date(clock.now),
      })
      .returning();
    const refused = await put(API.incident.close.path, { id: late?.id, note: "x", outcome: "ATTENDED" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SAFETY_MESSAGES.closeManualOnly);
    const rider = await put(API.incident.close.path, { id, note: "x", outcome: "ATTENDED" }, ana.session);
    expect(rider.statusCode).toBe(403);
    const driver = await signedInDriver(app);
    expect(
      (await put(API.incident.close.path, { id, note: "x", outcome: "ATTENDED" }, driver.session)).statusCode,
    ).toBe(403);
    const superAdmin = await signedInAs(app, "SuperAdmin");
    const ok = await put(
      API.incident.close.path,
      { id, note: "Atendida por teléfono", outcome: "ATTENDED" },
      superAdmin,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await incidentRow(id)).toMatchObject({ outcome: "ATTENDED", closedByUserId: superAdmin.userId });
  });
});

describe("never closed by the system", () => {
  it("the trip's end closes its other incidents but not its SOS; nor does the day's end", async () => {
    const driver = await signedInDriver(app);
    const startedAt = clock.now - 10 * MINUTE;
    const { route, office } = await plannedRoute({
      driverId: driver.driver.id,
      firstStopAt: startedAt + MINUTE,
    });
    await setThresholds(app, admin, office.id);
    const started = await app.inject({
      method: "PUT",
      url: API.intermediateRoute.start.path,
      headers: driver.session.headers,
      payload: { routeId: route.id, startedAt: new Date(startedAt).toISOString() },
    });
    expect(started.statusCode, started.body).toBe(200);
    const tripId = started.json().intermediateRoute.id as number;
    await app.incidentMonitor.idle();
    const sos = await raiseSos(app, driver.session, sosBody(clock.now));
    expect(sos.statusCode, sos.body).toBe(201);
    const sosId = sos.json().incidentId as number;
    expect((await incidentRow(sosId)).intermediateRouteId).toBe(tripId);
    const { db } = await testDatabase();
    const [dwell] = await db
      .insert(incidents)
      .values({
        intermediateRouteId: tripId,
        routeId: route.id,
        serviceDay: "2026-03-10",
        type: "LONG_DWELL",
        openedAt: new Date(clock.now),
      })
      .returning();

    const ended = await app.inject({
      method: "PUT",
      url: API.intermediateRoute.end.path,
      headers: driver.session.headers,
      payload: { intermediateRouteId: tripId },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    await app.incidentMonitor.idle();
    expect(await incidentRow(dwell?.id as number)).toMatchObject({
      status: "CLOSED",
      closeReason: "trip-ended",
    });
    expect(await incidentRow(sosId)).toMatchObject({ status: "OPEN", closedAt: null });

    // The day's end closes old NOT_STARTED only; an SOS of a past day stays.
    await closePastNotStarted(db, "2999-01-01", new Date(clock.now));
    expect((await incidentRow(sosId)).status).toBe("OPEN");
    // The rider's SOS after the trip stays open too.
    expect(
      (await put(API.incident.close.path, { id: sosId, note: "Bien", outcome: "ATTENDED" })).statusCode,
    ).toBe(200);
  });

  it("lists an SOS first among the unclosed, whatever its age", async () => {
    const { office, id } = await openSos();
    const { trip } = await tripOf(app, { branchOfficeId: office.id, at: clock.now });
    const { db } = await testDatabase();
    const [offRoute] = await db
      .insert(incidents)
      .values({
        intermediateRouteId: trip.id,
        routeId: trip.routeId,
        serviceDay: "2026-03-10",
        type: "OFF_ROUTE",
        openedAt: new Date(clock.now + 10 * MINUTE),
      })
      .returning();
    const list = (await get(`${API.incident.list.path}?status=OPEN&branchOfficeId=${office.id}`)).json();
    expect(list.list.map((item: { id: number }) => item.id)).toEqual([id, offRoute?.id]);
    expect(list.openCount).toBe(2);
  });
});

describe("the positions after an SOS", () => {
  it("keeps them for 30 minutes, lists them to admins oldest first; the contact says until when", async () => {
    const { office, ana, id } = await openSos();
    const opened = clock.now;
    const contact = (await get(API.sos.contact.path, ana.session)).json();
    expect(contact).toEqual({
      branchOfficeName: office.name,
      emergencyPhone: "(809) 555-0911",
      intermediateRouteId: null,
      availableUntil: null,
      followUntil: new Date(opened + SOS_FOLLOW_MINUTES * MINUTE).toISOString(),
    });
    const send = (at: number, latitude: number, extra: object = {}) =>
      app.inject({
        method: "POST",
        url: API.sos.position.path,
        headers: ana.session.headers,
        payload: {
          latitude,
          longitude: -69.9,
          accuracy: 8,
          recordedAt: new Date(at).toISOString(),
          ...extra,
        },
      });
    clock.now = opened + 10_000;
    const second = await send(clock.now, 18.471);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().message).toBe(SAFETY_MESSAGES.positionSaved);
    clock.now = opened + 29 * MINUTE;
    expect((await send(clock.now, 18.472)).statusCode).toBe(200);
    clock.now = opened + 31 * MINUTE;
    const late = await send(clock.now, 18.473);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SAFETY_MESSAGES.sosNotFollowed);

    const trail = await get(API.sos.positions.path.replace("{incidentId}", String(id)));
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json()).toMatchObject({
      incidentId: id,
      personName: "Ana Féliz",
      personPhone: "(809) 555-2020",
      followUntil: new Date(opened + SOS_FOLLOW_MINUTES * MINUTE).toISOString(),
    });
    expect(trail.json().list.map((p: { latitude: number }) => p.latitude)).toEqual([18.47, 18.471, 18.472]);
    expect((await get(API.sos.contact.path, ana.session)).json().followUntil).toBeNull();

    // Only admins read the trail; an unknown or non-SOS incident is 404.
    expect(
      (await get(API.sos.positions.path.replace("{incidentId}", String(id)), ana.session)).statusCode,
    ).toBe(403);
    expect((await get(API.sos.positions.path.replace("{incidentId}", "2000000000"))).statusCode).toBe(404);
    // A person without an SOS has no followed position.
    const beto = await personOf(app, "Collaborator", office.id, "Beto");
    const none = await app.inject({
      method: "POST",
      url: API.sos.position.path,
      headers: beto.session.headers,
      payload: { latitude: 18.4, longitude: -69.9, recordedAt: new Date(clock.now).toISOString() },
    });
    expect(none.statusCode).toBe(409);
  });

  it("the contact shows the control on the trip and 30 minutes after the drop", async () => {
    const office = await officeWithContacts();
    const ana = await personOf(app, "Collaborator", office.id);
    const running = await tripOf(app, {
      branchOfficeId: office.id,
      at: clock.now,
      riders: [ana.employee.id],
    });
    expect((await get(API.sos.contact.path, ana.session)).json()).toMatchObject({
      intermediateRouteId: running.trip.id,
      availableUntil: null,
      followUntil: null,
      emergencyPhone: "(809) 555-0911",
    });
    const beto = await personOf(app, "Collaborator", office.id, "Beto");
    const dropped = await tripOf(app, {
      branchOfficeId: office.id,
      at: clock.now,
      endedMinutesAgo: 10,
      riders: [beto.employee.id],
    });
    expect((await get(API.sos.contact.path, beto.session)).json()).toMatchObject({
      intermediateRouteId: dropped.trip.id,
      availableUntil: new Date(clock.now + 20 * MINUTE).toISOString(),
    });
    const supplier = await signedInAs(app, "Supplier");
    expect((await get(API.sos.contact.path, supplier)).statusCode).toBe(403);
  });
});
