import type { HubConnection } from "@microsoft/signalr";
import { HUB_EVENTS, type RiderAlert, riderAlertSchema, riderAlertText } from "@treiber/contract";
import {
  generateRoute,
  INCIDENT_THRESHOLD_DEFAULTS,
  recordedTrace,
  replayTrip,
  simulateTrip,
  type TripPlan,
} from "@treiber/incidents";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, pushSubscriptions, riderAlerts, users } from "../../src/db/schema.js";
import type { TripWatchUpdate, WatchedTrip } from "../../src/modules/incidents/trip-watch.js";
import { createPushRepository } from "../../src/modules/push/push-repository.js";
import { createPushSender } from "../../src/modules/push/push-sender.js";
import { createRiderAlerts } from "../../src/modules/rider-alerts/rider-alerts.js";
import { type PhoneKeys, phoneKeys, startLocalPushService } from "../helpers/local-push-service.js";
import { createUser, signIn, testConfig, testDatabase } from "../helpers/test-app.js";
import { createTrip, officialClient, startApp } from "../hub/hub-test-kit.js";

/**
 * The rider alerts end to end on a real database: a simulated trip whose bus leaves 18–25 min late
 * (fault `not-started`) replayed through a real TripMonitor; every update given to two listeners
 * (two instances) and to the first one twice. Each rider is told DEPARTED, LATE and NEAR once, by
 * Web Push (a local push service that checks VAPID and decrypts) and on the hub (official client).
 */
describe("rider alerts: once per trip, rider and kind, by Web Push and ReceiveRiderAlert", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let connection: HubConnection | undefined;
  let pushService: Awaited<ReturnType<typeof startLocalPushService>> | undefined;

  beforeAll(async () => {
    ({ app, baseUrl } = await startApp());
  });
  afterAll(async () => {
    await connection?.stop();
    await pushService?.close();
    await app.close();
  });

  async function rider() {
    const user = await createUser({ role: "Collaborator" });
    const { db } = await testDatabase();
    const [employee] = await db.select().from(employees).where(eq(employees.userId, user.id));
    if (!employee) throw new Error("no employee");
    return { user, employeeId: employee.id };
  }

  it("tells each rider each alert once, even twice the same update and from two instances", async () => {
    const { db } = await testDatabase();
    const ana = await rider();
    const beto = await rider();
    const { trip: row, route } = await createTrip();

    // A simulated route whose 3rd and 4th stops (planned ≥ 5 min after the departure) are theirs.
    const simulated = generateRoute(77, { stops: [4, 4] });
    const base = simulated.plan;
    const plan: TripPlan = {
      ...base,
      stops: base.stops.map((stop, k) => ({
        ...stop,
        riderIds: k === 2 ? [ana.employeeId] : k === 3 ? [beto.employeeId] : [],
      })),
    };
    const route77 = { ...simulated, plan };
    const trip = simulateTrip(route77, { seed: 9, faults: ["not-started"] });
    const trace = recordedTrace(simulateTrip(route77, { seed: 10 }));
    const watched: WatchedTrip = {
      intermediateRouteId: row.id,
      routeId: route.id,
      routeName: route.name,
      branchOfficeId: null,
      stops: plan.stops.map((stop, k) => ({
        name: `Parada ${k + 1}`,
        plannedAt: stop.plannedAt,
        employeeIds: stop.riderIds,
      })),
      plan: { ...plan, trace },
      thresholds: INCIDENT_THRESHOLD_DEFAULTS,
    };
    const updates: TripWatchUpdate[] = [];
    replayTrip(trip, {
      plan: watched.plan,
      onHandled: (event, now, monitor, transitions) =>
        updates.push({ trip: watched, event, snapshot: monitor.snapshot(now), transitions, now }),
    });

    // Ana's phone answers; Beto's push subscription is gone (410).
    const anaPhone: PhoneKeys = phoneKeys();
    const betoPhone: PhoneKeys = phoneKeys();
    pushService = await startLocalPushService({
      vapidPublicKey: (
        await app.inject({
          method: "GET",
          url: "/api/v1/Push/publicKey",
          headers: await auth(ana.user.email),
        })
      ).json().publicKey,
      phones: { "/ana": anaPhone, "/beto": betoPhone },
      gone: ["/beto"],
    });
    await db.insert(pushSubscriptions).values([
      {
        userId: ana.user.id,
        endpoint: `${pushService.origin}/ana`,
        p256dh: anaPhone.p256dh,
        auth: anaPhone.auth,
      },
      {
        userId: beto.user.id,
        endpoint: `${pushService.origin}/beto`,
        p256dh: betoPhone.p256dh,
        auth: betoPhone.auth,
      },
    ]);

    // Ana follows the hub with the official client.
    const session = await signIn(app, ana.user.email);
    connection = officialClient(baseUrl, session.token);
    const onHub: RiderAlert[] = [];
    let wake: (() => void) | undefined;
    connection.on(HUB_EVENTS.receiveRiderAlert, (alert: RiderAlert) => {
      onHub.push(alert);
      wake?.();
    });
    await connection.start();

    const errors: unknown[] = [];
    const log = { error: (object: object) => errors.push(object) };
    // The app's own sender, reaching the local push service over TLS: 127.0.0.1 is not a public
    // push service, so the test allows it as a deployment never can (PUSH_ALLOWED_PRIVATE_HOSTS).
    const push = createPushSender({
      repository: createPushRepository(db),
      vapid: testConfig().vapid,
      log: { warn: (object: object) => errors.push(object) },
      ca: pushService.ca,
      allowedPrivateHosts: testConfig({ PUSH_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" }).pushAllowedPrivateHosts,
    });
    const one = createRiderAlerts({ db, realtime: app.realtime, push, log });
    const two = createRiderAlerts({ db, realtime: app.realtime, push, log });
    for (const update of updates) {
      await Promise.all([one.listener(update), one.listener(update), two.listener(update)]);
    }
    // The 410 is no error; nothing else failed.
    expect(errors).toEqual([]);

    const rows = await db.select().from(riderAlerts).where(eq(riderAlerts.intermediateRouteId, row.id));
    const told = (employeeId: number) =>
      rows
        .filter((r) => r.employeeId === employeeId)
        .map((r) => r.kind)
        .sort();
    expect(told(ana.employeeId)).toEqual(["DEPARTED", "LATE", "NEAR"]);
    expect(told(beto.employeeId)).toEqual(["DEPARTED", "LATE", "NEAR"]);
    const late = rows.find((r) => r.employeeId === ana.employeeId && r.kind === "LATE");
    expect(late?.minutes).toBe(INCIDENT_THRESHOLD_DEFAULTS.lateMinutes);

    // Web Push: Ana's phone got each alert once, in the order the bus made them true.
    expect(pushService.refused).toEqual(["/beto"]);
    const pushed = pushService.deliveries.map((d) => riderAlertSchema.parse(d.alert));
    expect(pushed.map((a) => a.kind)).toEqual(["LATE", "DEPARTED", "NEAR"]);
    for (const alert of pushed) {
      expect(alert.intermediateRouteId).toBe(row.id);
      expect(alert.routeName).toBe(route.name);
      expect(alert.text).toBe(riderAlertText(alert.kind, alert.minutes));
    }
    expect(pushed[0]?.text).toBe(`Tu bus va con ${INCIDENT_THRESHOLD_DEFAULTS.lateMinutes} min de retraso`);
    expect(pushed[1]?.text).toBe("Tu bus salió");
    expect(pushed[2]?.text).toMatch(/^Tu bus llega en ~[1-5] min$/);
    expect(pushService.deliveries[0]?.urgency).toBe("high");
    // Beto's gone subscription was deleted at the first 410.
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, beto.user.id)),
    ).toEqual([]);

    // The hub: the same three alerts, only to Ana's connection.
    while (onHub.length < 3) await new Promise<void>((resolve) => (wake = resolve));
    expect(onHub).toEqual(pushed);

    // A restarted instance (nothing in memory) tells nobody again.
    const restarted = createRiderAlerts({ db, realtime: app.realtime, push, log });
    for (const update of updates) await restarted.listener(update);
    expect(pushService.deliveries).toHaveLength(3);
    expect(
      await db.select().from(riderAlerts).where(eq(riderAlerts.intermediateRouteId, row.id)),
    ).toHaveLength(6);
  });

  it("a rider who cancels during the trip is told nothing more; a rider without an account, nothing", async () => {
    const { db } = await testDatabase();
    const ana = await rider();
    const beto = await rider();
    const { trip: row, route } = await createTrip();
    const simulated = generateRoute(78, { stops: [4, 4] });
    const plan: TripPlan = {
      ...simulated.plan,
      stops: simulated.plan.stops.map((stop, k) => ({
        ...stop,
        riderIds: k === 2 ? [ana.employeeId, beto.employeeId] : [],
      })),
    };
    const trip = simulateTrip({ ...simulated, plan }, { seed: 3 });
    const watched: WatchedTrip = {
      intermediateRouteId: row.id,
      routeId: route.id,
      routeName: route.name,
      branchOfficeId: null,
      stops: plan.stops.map((stop, k) => ({
        name: `Parada ${k + 1}`,
        plannedAt: stop.plannedAt,
        employeeIds: stop.riderIds,
      })),
      plan,
      thresholds: INCIDENT_THRESHOLD_DEFAULTS,
    };
    const updates: TripWatchUpdate[] = [];
    replayTrip(trip, {
      plan,
      onHandled: (event, now, monitor, transitions) => {
        updates.push({ trip: watched, event, snapshot: monitor.snapshot(now), transitions, now });
        // Ana cancels right after the start (the monitor's own events carry it the same way).
        if (event.kind === "start") {
          const cancellation = { kind: "cancellation" as const, at: now, riderId: ana.employeeId };
          monitor.handle(cancellation, now);
          updates.push({
            trip: watched,
            event: cancellation,
            snapshot: monitor.snapshot(now),
            transitions: [],
            now,
          });
        }
      },
    });
    // Beto's account is deactivated: his alerts are recorded (once) but go to nobody.
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, beto.user.id));
    const errors: unknown[] = [];
    // Who the hub is asked to tell (the app's own bus and sender; these riders have no phone subscribed).
    const sent: number[] = [];
    const unsubscribe = app.realtime.subscribe((event) => {
      if (event.target === HUB_EVENTS.receiveRiderAlert && event.audience.kind === "user") {
        sent.push(event.audience.userId);
      }
    });
    const alerts = createRiderAlerts({
      db,
      realtime: app.realtime,
      push: app.push,
      log: { error: (o: object) => errors.push(o) },
    });
    for (const update of updates) await alerts.listener(update);
    unsubscribe();
    expect(errors).toEqual([]);
    const rows = await db.select().from(riderAlerts).where(eq(riderAlerts.intermediateRouteId, row.id));
    const told = (employeeId: number) =>
      rows
        .filter((r) => r.employeeId === employeeId)
        .map((r) => r.kind)
        .sort();
    expect(told(ana.employeeId)).toEqual(["DEPARTED"]);
    expect(told(beto.employeeId)).toEqual(["DEPARTED", "NEAR"]);
    expect(sent).toEqual([ana.user.id]);
  });

  async function auth(email: string) {
    return (await signIn(app, email)).headers;
  }
});
