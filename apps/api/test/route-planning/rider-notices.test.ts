import type { HubConnection } from "@microsoft/signalr";
import { type NotificationListItem, noticePushSchema, type PlanningContext } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pushSubscriptions, routeStops } from "../../src/db/schema.js";
import { clockOf } from "../../src/modules/notifications/rider-notices.js";
import { createPushRepository } from "../../src/modules/push/push-repository.js";
import { createPushSender, NOTICE_PUSH_TTL_SECONDS } from "../../src/modules/push/push-sender.js";
import { replaceStops } from "../../src/modules/route-stops/route-stops-repository.js";
import { type PhoneKeys, phoneKeys, startLocalPushService } from "../helpers/local-push-service.js";
import { addDrivers, addRiders } from "../helpers/plan-factories.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import { type SignedIn, signedInAs, signIn, testConfig, testDatabase } from "../helpers/test-app.js";
import { officialClient, startApp } from "../hub/hub-test-kit.js";

/**
 * Issue 33: a rider whose route changed is told, in Treiber App's «Avisos». «Aplicar» (Planning) and
 * addRoute/removeRoute store a notification of the rider's own and send it live on the hub
 * (`ReceiveNotification`, official client) and by Web Push (a local push service that checks VAPID
 * and decrypts); `Notification/*` answers a collaborator or a driver with their own notices only.
 */
describe("riders told their route changed: stored, on the hub, by Web Push, listed only to them", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let admin: SignedIn;
  let pushService: Awaited<ReturnType<typeof startLocalPushService>>;
  const phones: Record<string, PhoneKeys> = {};
  const hubs: HubConnection[] = [];

  beforeAll(async () => {
    const { db } = await testDatabase();
    for (const name of ["ana", "beto", "rosa"]) phones[`/${name}`] = phoneKeys();
    pushService = await startLocalPushService({ vapidPublicKey: testConfig().vapid.publicKey, phones });
    // The app's own sender, allowed to reach the local push service as a deployment never can.
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

  async function subscribePhone(userId: number, path: string) {
    const { db } = await testDatabase();
    const phone = phones[path] as PhoneKeys;
    await db
      .insert(pushSubscriptions)
      .values({ userId, endpoint: `${pushService.origin}${path}`, p256dh: phone.p256dh, auth: phone.auth });
  }

  /** The official client of the user, collecting each `ReceiveNotification` (a JSON string). */
  async function follow(token: string) {
    const received: { title: string; message: string; tag: string }[] = [];
    const hub = officialClient(baseUrl, token);
    hub.on("ReceiveNotification", (json: string) => received.push(JSON.parse(json)));
    await hub.start();
    hubs.push(hub);
    return received;
  }

  const call = (method: "GET" | "PUT", url: string, session: SignedIn) =>
    app.inject({ method, url, headers: { ...session.headers, gmt: "4" } });
  async function listOf(session: SignedIn): Promise<NotificationListItem[]> {
    const response = await call("GET", `${API.notification.list.path}?amount=50`, session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  const deliveriesTo = (path: string) =>
    pushService.deliveries.filter((d) => d.path === path).map((d) => noticePushSchema.parse(d.alert));

  it("«Aplicar»: each rider gets «Tu ruta cambió: nueva parada … a las …» or «Ya no tienes ruta…», live and by Web Push; each lists only theirs", async () => {
    // A shift with route A (Ana and Beto at «Esquina», 07:20) and route B (Carla).
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const routeA = await createRoute({ destinationId: workplace.id, shiftId: shift.id, cost: "30.00" });
    const routeB = await createRoute({ destinationId: workplace.id, shiftId: shift.id, cost: "20.00" });
    const ana = await createRider(office.id, near(5), { name: "Ana" });
    const beto = await createRider(office.id, near(6), { name: "Beto" });
    const carla = await createRider(office.id, near(7, 1), { name: "Carla" });
    const [dA, dB] = [await createVehicleDriver(10), await createVehicleDriver(10)];
    await addRiders(routeA.id, [ana.id, beto.id]);
    await addRiders(routeB.id, [carla.id]);
    await addDrivers(routeA.id, [dA.id]);
    await addDrivers(routeB.id, [dB.id]);
    const { db } = await testDatabase();
    await db.transaction((tx) =>
      replaceStops(
        tx,
        routeA.id,
        [
          {
            position: 1,
            name: "Esquina",
            address: null,
            ...near(5.5),
            plannedTime: "07:20",
            employeeIds: [ana.id, beto.id],
          },
        ],
        new Date(),
      ),
    );
    const context: PlanningContext = (
      await call(
        "GET",
        `${API.planning.context.path}?shiftId=${shift.id}&destinationId=${workplace.id}`,
        admin,
      )
    ).json();

    // Ana follows the hub and has a phone subscribed; so does Beto.
    const anaSession = await signIn(app, ana.user.email);
    const betoSession = await signIn(app, beto.user.email);
    const carlaSession = await signIn(app, carla.user.email);
    const anaLive = await follow(anaSession.token);
    const betoLive = await follow(betoSession.token);
    await subscribePhone(ana.user.id, "/ana");
    await subscribePhone(beto.user.id, "/beto");

    // The plan keeps A with Ana at «Parque» and Carla at «Colmado»; B is retired; Beto is left out.
    const stop = (name: string, point: { latitude: number; longitude: number }, employeeIds: number[]) => ({
      name,
      address: `${name} 1`,
      ...point,
      employeeIds,
    });
    const response = await app.inject({
      method: "POST",
      url: API.planning.apply.path,
      headers: admin.headers,
      payload: {
        shiftId: shift.id,
        destinationId: workplace.id,
        dayIds: [1, 2, 3, 4, 5],
        version: context.version,
        routes: [
          {
            routeId: routeA.id,
            name: routeA.name,
            driverId: dA.id,
            seats: 10,
            stops: [stop("Parque", near(5), [ana.id]), stop("Colmado", near(7, 1), [carla.id])],
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ updated: 1, deactivated: 1, notified: 3 });

    const [anaNotice] = await listOf(anaSession);
    const [betoNotice] = await listOf(betoSession);
    const [carlaNotice] = await listOf(carlaSession);
    const parkTime = anaNotice?.message.match(/a las (\d{1,2}:\d{2} [ap]\. m\.)/)?.[1];
    expect(anaNotice).toMatchObject({
      title: "Tu ruta cambió",
      message: `Tu ruta cambió: nueva parada «Parque» a las ${parkTime} (ruta ${routeA.name})`,
      tag: "ASSIGNED",
      readDate: null,
    });
    // The stored stop's planned time, as Treiber App shows it.
    const [parque] = await db
      .select({ plannedTime: routeStops.plannedTime })
      .from(routeStops)
      .where(and(eq(routeStops.routeId, routeA.id), eq(routeStops.name, "Parque")));
    expect(parkTime).toBe(clockOf(String(parque?.plannedTime)));
    expect(carlaNotice?.message).toMatch(
      new RegExp(`^Tu ruta cambió: nueva parada «Colmado» a las .+ \\(ruta ${routeA.name}\\)$`),
    );
    expect(betoNotice?.message).toBe(
      `Ya no tienes ruta asignada en el turno ${shift.name} (antes: ruta ${routeA.name})`,
    );
    // Each sees only their own.
    for (const [session, own] of [
      [anaSession, anaNotice],
      [betoSession, betoNotice],
      [carlaSession, carlaNotice],
    ] as const) {
      expect((await listOf(session)).map((n) => n.id)).toEqual([own?.id]);
    }

    // Live on the hub, to each rider's own connection.
    await vi.waitFor(() => {
      expect(anaLive).toHaveLength(1);
      expect(betoLive).toHaveLength(1);
    });
    expect(anaLive[0]).toMatchObject({
      title: "Tu ruta cambió",
      message: anaNotice?.message,
      tag: "ASSIGNED",
    });
    expect(betoLive[0]?.message).toBe(betoNotice?.message);

    // Web Push to their phones (in the background: the apply did not wait for it), a day to live.
    await vi.waitFor(() => {
      expect(deliveriesTo("/ana")).toHaveLength(1);
      expect(deliveriesTo("/beto")).toHaveLength(1);
    });
    expect(deliveriesTo("/ana")[0]).toMatchObject({
      kind: "NOTICE",
      title: "Tu ruta cambió",
      message: anaNotice?.message,
    });
    expect(deliveriesTo("/beto")[0]?.message).toBe(betoNotice?.message);
    const anaDelivery = pushService.deliveries.find((d) => d.path === "/ana");
    expect(anaDelivery).toMatchObject({ ttl: String(NOTICE_PUSH_TTL_SECONDS), urgency: "normal" });
    expect(pushService.refused).toEqual([]);

    // Unread for her until she marks it; another rider's notice cannot be marked by her.
    const unread = await call("GET", API.notification.unread.path, anaSession);
    expect(unread.statusCode).toBe(200);
    expect(unread.json().map((n: { id: number }) => n.id)).toEqual([anaNotice?.id]);
    const markPath = (id: number | undefined) => API.notification.markAsRead.path.replace("{id}", String(id));
    expect((await call("PUT", markPath(betoNotice?.id), anaSession)).statusCode).toBe(404);
    expect((await listOf(betoSession))[0]?.readDate).toBeNull();
    expect((await call("PUT", markPath(anaNotice?.id), anaSession)).statusCode).toBe(200);
    expect((await listOf(anaSession))[0]?.readDate).not.toBeNull();
    expect((await call("GET", API.notification.unread.path, anaSession)).json()).toEqual([]);
    expect((await call("PUT", API.notification.markAsReadAll.path, betoSession)).statusCode).toBe(200);
    expect((await listOf(betoSession))[0]?.readDate).not.toBeNull();

    // The admin who applied sees none of them; the admins' own list is unchanged.
    const adminList = (await listOf(admin)).map((n) => n.id);
    for (const notice of [anaNotice, betoNotice, carlaNotice]) expect(adminList).not.toContain(notice?.id);
  });

  it("addRoute and removeRoute tell the collaborator, not the admins; a driver lists their own (none)", async () => {
    const rosa = await createRider((await planningSetting()).office.id, near(3), { name: "Rosa" });
    const route = await createRoute({ departureTime: "17:45" });
    const rosaSession = await signIn(app, rosa.user.email);
    const rosaLive = await follow(rosaSession.token);
    await subscribePhone(rosa.user.id, "/rosa");
    const query = `employeeId=${rosa.id}&routeId=${route.id}`;

    const added = await call("PUT", `${API.employee.addRoute.path}?${query}`, admin);
    expect(added.statusCode, added.body).toBe(200);
    const assigned = `Tu ruta cambió: te asignaron la ruta ${route.name}, que sale a las 5:45 p. m.`;
    expect((await listOf(rosaSession)).map((n) => n.message)).toEqual([assigned]);

    const removed = await app.inject({
      method: "DELETE",
      url: `${API.employee.removeRoute.path}?${query}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = `Ya no tienes asignada la ruta ${route.name}`;
    // Newest first.
    expect((await listOf(rosaSession)).map((n) => n.message)).toEqual([gone, assigned]);

    await vi.waitFor(() => expect(rosaLive.map((n) => n.message)).toEqual([assigned, gone]));
    await vi.waitFor(() => expect(deliveriesTo("/rosa").map((n) => n.message)).toEqual([assigned, gone]));
    // The admins got the spec's «Colaborador asignado», never the rider's text.
    expect((await listOf(admin)).some((n) => n.message === assigned || n.message === gone)).toBe(false);

    const driver = await signedInAs(app, "Driver");
    expect(await listOf(driver)).toEqual([]);
    expect((await call("GET", API.notification.unread.path, driver)).json()).toEqual([]);
  });
});
