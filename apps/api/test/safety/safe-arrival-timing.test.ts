import { randomUUID } from "node:crypto";
import {
  HUB_EVENTS,
  type IncidentItem,
  SAFE_ARRIVAL_QUESTION,
  SAFETY_MESSAGES,
  type SafeArrivalCheck,
  safeArrivalPushSchema,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { incidents, safeArrivalChecks } from "../../src/db/schema.js";
import { phoneKeys } from "../helpers/local-push-service.js";
import { recordRealtime } from "../helpers/operation-factories.js";
import { testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";
import {
  checksOf,
  drive,
  localPush,
  MINUTE,
  outboundTrip,
  STOP_LATITUDES,
  startSafeArrivalApp,
  subscribePhone,
  type TestClock,
  WORKPLACE_LATITUDE,
} from "./safe-arrival-kit.js";

useOwnTestDatabase();

/**
 * «¿Llegó bien?» end to end on a real database with a fake clock: an outbound trip in the branch
 * office's night window, positions through the REST endpoint, the incident monitor seeing the bus
 * pass the stops, the sweep run by hand at the edges of each delay, Web Push to a local push service
 * (VAPID checked, payload decrypted) and the hub's events on the app's bus.
 */
describe("safe arrival: asked 20 min after the drop, escalated 15 min later", () => {
  const clock: TestClock = { now: Date.now() };
  const apps: FastifyInstance[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const close of closers) await close();
  });

  it("asks at +20, escalates at +35 without an answer; «Sí» in the app or from the push stops it", async () => {
    const { db } = await testDatabase();
    const phones = { "/ana": phoneKeys(), "/beto": phoneKeys(), "/caro": phoneKeys() };
    const push = await localPush(phones);
    closers.push(push.service.close);
    const app = await startSafeArrivalApp(clock, { push: push.sender });
    apps.push(app);
    const hub = recordRealtime(app);
    const trip = await outboundTrip(app, clock);
    const { ana, beto, caro, dora } = trip.riders;
    for (const [path, rider] of [
      ["/ana", ana],
      ["/beto", beto],
      ["/caro", caro],
    ] as const)
      await subscribePhone(rider.user.id, push.service.origin, path, phones[path]);

    // The bus leaves the workplace and passes Ana's and Beto's stops (not Caro's and Dora's).
    const lastAt = await drive(
      app,
      clock,
      trip,
      { latitude: WORKPLACE_LATITUDE, at: trip.startedAt + MINUTE },
      (STOP_LATITUDES[1] as number) + 0.01,
    );
    let checks = await checksOf(trip.tripId);
    expect([...checks.keys()].sort()).toEqual([ana.employee.id, beto.employee.id].sort());
    const anaCheck = checks.get(ana.employee.id);
    const betoCheck = checks.get(beto.employee.id);
    if (!anaCheck || !betoCheck) throw new Error("no checks");
    expect(anaCheck.stopName).toBe("Parada 1");
    expect([anaCheck.latitude, anaCheck.longitude]).toEqual([18.4, -69.9]);
    expect(anaCheck.branchOfficeId).toBe(trip.office.id);
    expect(anaCheck.droppedAt.getTime()).toBeGreaterThan(trip.startedAt);
    expect(anaCheck.droppedAt.getTime()).toBeLessThan(betoCheck.droppedAt.getTime());
    expect(betoCheck.droppedAt.getTime()).toBeLessThanOrEqual(lastAt);
    for (const check of [anaCheck, betoCheck]) {
      expect(check.askAt.getTime() - check.droppedAt.getTime()).toBe(20 * MINUTE);
      expect(check.escalateAt.getTime() - check.askAt.getTime()).toBe(15 * MINUTE);
    }

    // The trip ends before Caro's stop: she is left where the bus was; Dora never boarded.
    const end = await app.inject({
      method: "PUT",
      url: API.intermediateRoute.end.path,
      headers: trip.driver.session.headers,
      payload: { intermediateRouteId: trip.tripId },
    });
    expect(end.statusCode, end.body).toBe(200);
    await app.incidentMonitor.idle();
    await app.safeArrival.settled();
    checks = await checksOf(trip.tripId);
    expect(checks.has(dora.employee.id)).toBe(false);
    const caroCheck = checks.get(caro.employee.id);
    if (!caroCheck) throw new Error("no check for Caro");
    expect(caroCheck.stopName).toBe("Parada 3");
    expect(caroCheck.latitude).toBeCloseTo((STOP_LATITUDES[1] as number) + 0.01, 3);
    expect(caroCheck.droppedAt.getTime()).toBe(lastAt);

    // One minute before +20 nothing is asked; at +20 Ana is asked, by Web Push and on the hub.
    const asked = (userId: number) =>
      hub.events
        .filter(
          (event) =>
            event.target === HUB_EVENTS.receiveSafeArrivalCheck &&
            event.audience.kind === "user" &&
            event.audience.userId === userId,
        )
        .map((event) => event.args[0] as SafeArrivalCheck);
    // Only the safe-arrival pushes (the riders also get «Tu bus salió» and the like).
    const safeArrivalDeliveries = () =>
      push.service.deliveries.filter((delivery) => safeArrivalPushSchema.safeParse(delivery.alert).success);
    const pushedTo = (path: string) =>
      safeArrivalDeliveries()
        .filter((delivery) => delivery.path === path)
        .map((delivery) => safeArrivalPushSchema.parse(delivery.alert));
    await app.safeArrival.run(anaCheck.askAt.getTime() - 1);
    expect(pushedTo("/ana")).toEqual([]);
    await app.safeArrival.run(anaCheck.askAt.getTime());
    const [anaPush] = pushedTo("/ana");
    expect(anaPush).toMatchObject({
      kind: "SAFE_ARRIVAL",
      checkId: anaCheck.id,
      title: SAFE_ARRIVAL_QUESTION,
    });
    expect(anaPush?.message).toContain("Parada 1");
    expect(anaPush?.token.length).toBeGreaterThanOrEqual(43);
    expect(safeArrivalDeliveries()[0]?.urgency).toBe("high");
    expect(asked(ana.user.id)).toEqual([
      {
        id: anaCheck.id,
        intermediateRouteId: trip.tripId,
        routeName: trip.route.name,
        stopName: "Parada 1",
        droppedAt: anaCheck.droppedAt.toISOString(),
        askAt: anaCheck.askAt.toISOString(),
        escalateAt: anaCheck.escalateAt.toISOString(),
      },
    ]);
    const pending = await app.inject({
      method: "GET",
      url: API.safeArrival.pending.path,
      headers: ana.session.headers,
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().list.map((check: SafeArrivalCheck) => check.id)).toEqual([anaCheck.id]);

    // Beto is asked and says «Sí» in the app (the outbox may send it twice: once).
    await app.safeArrival.run(betoCheck.askAt.getTime());
    expect(pushedTo("/beto")).toHaveLength(1);
    const actionId = randomUUID();
    for (let i = 0; i < 2; i++) {
      const confirm = await app.inject({
        method: "POST",
        url: API.safeArrival.confirm.path,
        headers: beto.session.headers,
        payload: { id: betoCheck.id, actionId },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(confirm.json().message).toBe(SAFETY_MESSAGES.arrived);
    }
    // Ana cannot confirm Beto's check.
    const foreign = await app.inject({
      method: "POST",
      url: API.safeArrival.confirm.path,
      headers: ana.session.headers,
      payload: { id: betoCheck.id, actionId: randomUUID() },
    });
    expect(foreign.statusCode).toBe(404);

    // Caro answers «Sí» from the notification: the token works once.
    await app.safeArrival.run(caroCheck.askAt.getTime());
    const [caroPush] = pushedTo("/caro");
    if (!caroPush) throw new Error("no push to Caro");
    const answer = () =>
      app.inject({ method: "POST", url: API.safeArrival.answer.path, payload: { token: caroPush.token } });
    const first = await answer();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(SAFETY_MESSAGES.arrived);
    const again = await answer();
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SAFETY_MESSAGES.checkNotFound);
    const unknown = await app.inject({
      method: "POST",
      url: API.safeArrival.answer.path,
      payload: { token: "x".repeat(43) },
    });
    expect(unknown.statusCode).toBe(404);

    // A minute before +35 nothing opens; at +35 Ana's silence opens one incident, announced once.
    // (The monitor's own incidents of the drive — late, a stop driven past — are not this one.)
    const opened = async () =>
      db
        .select()
        .from(incidents)
        .where(
          and(eq(incidents.intermediateRouteId, trip.tripId), eq(incidents.type, "SAFE_ARRIVAL_UNCONFIRMED")),
        );
    await app.safeArrival.run(anaCheck.escalateAt.getTime() - 1);
    expect(await opened()).toEqual([]);
    const result = await app.safeArrival.run(anaCheck.escalateAt.getTime());
    expect(result.escalated).toBe(1);
    const [incident, ...others] = await opened();
    expect(others).toEqual([]);
    expect(incident).toMatchObject({
      type: "SAFE_ARRIVAL_UNCONFIRMED",
      status: "OPEN",
      personUserId: ana.user.id,
      branchOfficeId: trip.office.id,
      routeId: trip.route.id,
      openedAt: anaCheck.escalateAt,
      detail: {
        dropStopName: "Parada 1",
        droppedAt: anaCheck.droppedAt.toISOString(),
        dropLatitude: 18.4,
        dropLongitude: -69.9,
      },
    });
    const announced = hub.events
      .filter((event) => event.target === HUB_EVENTS.receiveIncident)
      .map((event) => event.args[0] as IncidentItem)
      .filter((item) => item.type === "SAFE_ARRIVAL_UNCONFIRMED");
    expect(announced.map((item) => [item.id, item.type, item.personName])).toEqual([
      [incident?.id, "SAFE_ARRIVAL_UNCONFIRMED", "Ana Féliz"],
    ]);

    // Later sweeps open nothing more (Beto and Caro answered); Ana's check holds the incident.
    await app.safeArrival.run(caroCheck.escalateAt.getTime() + 60 * MINUTE);
    expect(await opened()).toHaveLength(1);
    const stored = await db
      .select()
      .from(safeArrivalChecks)
      .where(eq(safeArrivalChecks.intermediateRouteId, trip.tripId));
    const byEmployee = new Map(stored.map((row) => [row.employeeId, row]));
    expect(byEmployee.get(ana.employee.id)?.incidentId).toBe(incident?.id);
    expect(byEmployee.get(beto.employee.id)).toMatchObject({ confirmedVia: "app", incidentId: null });
    expect(byEmployee.get(caro.employee.id)).toMatchObject({ confirmedVia: "push", incidentId: null });
    expect(byEmployee.get(caro.employee.id)?.answerTokenHash).toBeNull();
    // Each rider was asked once.
    expect(safeArrivalDeliveries()).toHaveLength(3);
    expect(push.errors).toEqual([]);
    hub.stop();
  });

  it("a «Sí» before the question goes out means it is never asked", async () => {
    const app = await startSafeArrivalApp(clock);
    apps.push(app);
    clock.now = Date.now();
    const trip = await outboundTrip(app, clock);
    await drive(app, clock, trip, { latitude: WORKPLACE_LATITUDE, at: trip.startedAt + MINUTE }, 18.41);
    const check = (await checksOf(trip.tripId)).get(trip.riders.ana.employee.id);
    if (!check) throw new Error("no check");
    // Through Treiber App's outbox, the same action queued twice: one «Sí».
    const action = {
      method: "POST",
      path: clientPath(API.safeArrival.confirm),
      body: { id: check.id, actionId: randomUUID() },
    };
    const batch = await app.inject({
      method: "POST",
      url: API.fieldAction.batch.path,
      headers: trip.riders.ana.session.headers,
      payload: { actions: [action, action] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().results).toEqual([
      { statusCode: 200, body: { message: SAFETY_MESSAGES.arrived } },
      { statusCode: 200, body: { message: SAFETY_MESSAGES.arrived } },
    ]);
    const hub = recordRealtime(app);
    await app.safeArrival.run(check.escalateAt.getTime() + MINUTE);
    const toAna = hub.events.filter(
      (event) =>
        event.target === HUB_EVENTS.receiveSafeArrivalCheck &&
        event.audience.kind === "user" &&
        event.audience.userId === trip.riders.ana.user.id,
    );
    expect(toAna).toEqual([]);
    const row = (await checksOf(trip.tripId)).get(trip.riders.ana.employee.id);
    expect(row).toMatchObject({ askedAt: null, incidentId: null, confirmedVia: "app" });
    hub.stop();
  });
});
