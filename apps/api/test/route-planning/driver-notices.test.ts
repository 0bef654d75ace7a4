import type { HubConnection } from "@microsoft/signalr";
import {
  type NotificationListItem,
  noticePushSchema,
  type PlanningApplyResponse,
  type PlanningContext,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pushSubscriptions, routeStops, routes } from "../../src/db/schema.js";
import { clockOf } from "../../src/modules/notifications/rider-notices.js";
import { createPushRepository } from "../../src/modules/push/push-repository.js";
import { createPushSender } from "../../src/modules/push/push-sender.js";
import { type PhoneKeys, phoneKeys, startLocalPushService } from "../helpers/local-push-service.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import { type SignedIn, signedInAs, signIn, testConfig, testDatabase, unique } from "../helpers/test-app.js";
import { officialClient, startApp } from "../hub/hub-test-kit.js";

type Point = { latitude: number; longitude: number };
type PlanRoute = { routeId: number | null; name: string; driverId: number; stops: PlanStop[] };
type PlanStop = Point & { name: string; address: string; employeeIds: number[] };

/**
 * Issue 33 / decision 0067: «Aplicar» tells each driver whose route is new, changed (stops, times,
 * name) or gone, in Treiber App's «Avisos» (Notification/list), live on the hub and by Web Push; an
 * unchanged route tells nothing. The riders' count stays the riders'.
 */
describe("drivers told of plan changes: stored, on the hub, by Web Push", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let admin: SignedIn;
  let pushService: Awaited<ReturnType<typeof startLocalPushService>>;
  const phones: Record<string, PhoneKeys> = { "/chofer": phoneKeys() };
  const hubs: HubConnection[] = [];

  beforeAll(async () => {
    const { db } = await testDatabase();
    pushService = await startLocalPushService({ vapidPublicKey: testConfig().vapid.publicKey, phones });
    const push = createPushSender({
      repository: createPushRepository(db),
      vapid: testConfig().vapid,
      log: { warn: () => undefined },
      ca: pushService.ca,
      allowedPrivateHosts: ["127.0.0.1"],
    });
    ({ app, baseUrl } = await startApp({ push }));
    admin = await signedInAs(app, "Admin");
  });
  afterAll(async () => {
    await Promise.all(hubs.map((hub) => hub.stop()));
    await app.close();
    await pushService.close();
  });

  const call = (method: "GET", url: string, session: SignedIn) =>
    app.inject({ method, url, headers: { ...session.headers, gmt: "4" } });
  async function listOf(session: SignedIn): Promise<NotificationListItem[]> {
    const response = await call("GET", `${API.notification.list.path}?amount=50`, session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  const stop = (name: string, point: Point, employeeIds: number[]): PlanStop => ({
    name,
    address: `${name}, Los Prados`,
    ...point,
    employeeIds,
  });

  async function apply(shiftId: number, destinationId: number, plan: PlanRoute[]) {
    const context: PlanningContext = (
      await call(
        "GET",
        `${API.planning.context.path}?shiftId=${shiftId}&destinationId=${destinationId}`,
        admin,
      )
    ).json();
    const response = await app.inject({
      method: "POST",
      url: API.planning.apply.path,
      headers: admin.headers,
      payload: {
        shiftId,
        destinationId,
        dayIds: [1, 2, 3, 4, 5],
        version: context.version,
        routes: plan.map((route) => ({ ...route, seats: 10 })),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PlanningApplyResponse;
  }

  /** «HH:mm» of each stored stop of the route, in order. */
  async function plannedTimes(routeId: number) {
    const { db } = await testDatabase();
    const rows = await db
      .select({ plannedTime: routeStops.plannedTime })
      .from(routeStops)
      .where(eq(routeStops.routeId, routeId))
      .orderBy(asc(routeStops.position));
    return rows.map((row) => clockOf(String(row.plannedTime)));
  }

  it("new, changed and gone routes tell their drivers; an unchanged one does not", async () => {
    const { office, shift, workplace } = await planningSetting({ shiftName: unique("Mañana ") });
    const [ana, beto, carla, dani, eva] = [
      await createRider(office.id, near(5), { name: "Ana" }),
      await createRider(office.id, near(6), { name: "Beto" }),
      await createRider(office.id, near(4, 3), { name: "Carla" }),
      await createRider(office.id, near(7, 3), { name: "Dani" }),
      await createRider(office.id, near(3), { name: "Eva" }),
    ];
    const [uno, dos, tres] = [
      await createVehicleDriver(10),
      await createVehicleDriver(10),
      await createVehicleDriver(10),
    ];
    const unoSession = await signIn(app, uno.user.email);
    const dosSession = await signIn(app, dos.user.email);
    const tresSession = await signIn(app, tres.user.email);
    const dosLive: { title: string; message: string }[] = [];
    const hub = officialClient(baseUrl, dosSession.token);
    hub.on("ReceiveNotification", (json: string) => dosLive.push(JSON.parse(json)));
    await hub.start();
    hubs.push(hub);
    const { db } = await testDatabase();
    await db.insert(pushSubscriptions).values({
      userId: dos.user.id,
      endpoint: `${pushService.origin}/chofer`,
      p256dh: phones["/chofer"]?.p256dh ?? "",
      auth: phones["/chofer"]?.auth ?? "",
    });

    // First plan: two new routes, one for Uno (2 stops) and one for Dos (1 stop).
    const norte = {
      name: unique("Norte "),
      stops: [stop("Parque", near(6), [beto.id]), stop("Esquina", near(5), [ana.id])],
    };
    const este = { name: unique("Este "), stops: [stop("Colmado", near(4, 3), [carla.id])] };
    const first = await apply(shift.id, workplace.id, [
      { routeId: null, driverId: uno.id, ...norte },
      { routeId: null, driverId: dos.id, ...este },
    ]);
    expect(first).toMatchObject({ created: 2, notified: 3, driversNotified: 2 });
    const [norteId, esteId] = first.routeIds as [number, number];
    const norteTimes = await plannedTimes(norteId);
    expect((await listOf(unoSession)).map((n) => [n.title, n.message])).toEqual([
      ["Nueva ruta", `Te asignaron la ruta ${norte.name}: 2 paradas, primera a las ${norteTimes[0]}`],
    ]);
    const esteBefore = await plannedTimes(esteId);
    expect((await listOf(dosSession))[0]?.message).toBe(
      `Te asignaron la ruta ${este.name}: 1 parada, primera a las ${esteBefore[0]}`,
    );

    // Second plan: Norte unchanged; Este gets Dani's stop first; Tres gets a route of his own.
    const sur = { name: unique("Sur "), stops: [stop("Plaza", near(3), [eva.id])] };
    const second = await apply(shift.id, workplace.id, [
      { routeId: norteId, driverId: uno.id, ...norte },
      {
        routeId: esteId,
        driverId: dos.id,
        name: este.name,
        stops: [stop("Colegio", near(7, 3), [dani.id]), ...este.stops],
      },
      { routeId: null, driverId: tres.id, ...sur },
    ]);
    // Dani and Eva are told as riders (Carla's stop stays last, at the same time).
    expect(second).toMatchObject({ created: 1, updated: 2, notified: 2, driversNotified: 2 });
    expect(await listOf(unoSession)).toHaveLength(1);
    const esteAfter = await plannedTimes(esteId);
    const [changed] = await listOf(dosSession);
    expect(changed).toMatchObject({
      title: "Tu ruta cambió",
      message: `Tu ruta ${este.name} cambió: 2 paradas (antes 1), primera a las ${esteAfter[0]} (antes ${esteBefore[0]})`,
      tag: "ASSIGNED",
      readDate: null,
    });
    expect((await listOf(tresSession))[0]?.message).toMatch(
      new RegExp(`^Te asignaron la ruta ${sur.name}: 1 parada`),
    );

    // Third plan: Este is retired and Tres takes Norte from Uno.
    const third = await apply(shift.id, workplace.id, [
      { routeId: norteId, driverId: tres.id, ...norte },
      { routeId: (second.routeIds as number[])[2] as number, driverId: uno.id, ...sur },
    ]);
    expect(third).toMatchObject({ deactivated: 1, driversNotified: 3 });
    const [gone] = await listOf(dosSession);
    expect(gone).toMatchObject({
      title: "Ya no manejas una ruta",
      message: `Ya no manejas la ruta ${este.name} del turno ${shift.name}`,
    });
    const unoMessages = (await listOf(unoSession)).map((n) => n.message);
    expect(unoMessages).toContain(`Ya no manejas la ruta ${norte.name} del turno ${shift.name}`);
    expect(unoMessages.some((m) => m.startsWith(`Te asignaron la ruta ${sur.name}: 1 parada`))).toBe(true);
    const [status] = await db.select({ status: routes.status }).from(routes).where(eq(routes.id, esteId));
    expect(status?.status).toBe("inactive");

    // Dos heard each of his three live on the hub and by Web Push; nobody else's notice is his.
    const dosMessages = (await listOf(dosSession)).map((n) => n.message).reverse();
    expect(dosMessages).toHaveLength(3);
    await vi.waitFor(() => expect(dosLive.map((n) => n.message)).toEqual(dosMessages));
    await vi.waitFor(() =>
      expect(
        pushService.deliveries
          .filter((d) => d.path === "/chofer")
          .map((d) => noticePushSchema.parse(d.alert).message),
      ).toEqual(dosMessages),
    );
    expect(pushService.refused).toEqual([]);
  });
});
