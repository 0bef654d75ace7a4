import type { HubConnection } from "@microsoft/signalr";
import { API } from "@treiber/contract/api-paths";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  intermediateRoutes,
  notifications,
  routeEmployees,
  transportServices,
  tripPositions,
} from "../../src/db/schema.js";
import { createEmployee, createRoute } from "../helpers/route-factories.js";
import { signedInAs, signIn, testDatabase } from "../helpers/test-app.js";
import { createTrip, nextEvent, officialClient, startApp } from "./hub-test-kit.js";

describe("hub /server: groups and delivery (official client)", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  const open: HubConnection[] = [];

  async function connect(token: string) {
    const connection = officialClient(baseUrl, token);
    await connection.start();
    open.push(connection);
    return connection;
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startApp());
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.stop()));
  });
  afterAll(async () => {
    await app.close();
  });

  it("lets admins, the trip's driver and its riders join a trip group, and refuses others", async () => {
    const { trip, driver, route } = await createTrip();
    const group = `intermediate-group-${trip.id}`;
    const { db } = await testDatabase();
    const boarded = await createEmployee();
    await db.insert(transportServices).values({
      intermediateRouteId: trip.id,
      employeeId: boarded.id,
      status: "Boarded",
      scannedAt: new Date(),
    });
    const assigned = await createEmployee();
    await db.insert(routeEmployees).values({ routeId: route.id, employeeId: assigned.id });

    const admin = await connect((await signedInAs(app, "SuperAdmin")).token);
    await admin.invoke("JoinGroupIntermediateRoute", group);
    // Method names are matched case-insensitively.
    await admin.invoke("leavegroupintermediateroute", group);
    const driverHub = await connect((await signIn(app, driver.user.email)).token);
    await driverHub.invoke("JoinGroupIntermediateRoute", group);
    for (const employee of [boarded, assigned]) {
      const hub = await connect((await signIn(app, employee.user.email)).token);
      await hub.invoke("JoinGroupIntermediateRoute", group);
    }

    const stranger = await connect((await signIn(app, (await createEmployee()).user.email)).token);
    await expect(stranger.invoke("JoinGroupIntermediateRoute", group)).rejects.toThrow(/permiso/);
    const otherDriver = await connect((await signedInAs(app, "Driver")).token);
    await expect(otherDriver.invoke("JoinGroupIntermediateRoute", group)).rejects.toThrow(/permiso/);
    await expect(admin.invoke("JoinGroupIntermediateRoute", "intermediate-group-abc")).rejects.toThrow(
      /grupo inválido/,
    );
    await expect(admin.invoke("JoinGroupIntermediateRoute", "intermediate-group-2147483000")).rejects.toThrow(
      /no encontrada/,
    );
    await expect(admin.invoke("JoinGroupIntermediateRoute", 12)).rejects.toThrow(/Argumentos/);
  });

  it("delivers an app.realtime event to admins, group members or one user only", async () => {
    const { trip, driver } = await createTrip();
    const group = `intermediate-group-${trip.id}`;
    const admin = await connect((await signedInAs(app, "Admin")).token);
    const collaborator = await signedInAs(app, "Collaborator");
    const collaboratorHub = await connect(collaborator.token);
    const driverHub = await connect((await signIn(app, driver.user.email)).token);
    await driverHub.invoke("JoinGroupIntermediateRoute", group);

    const seen: string[] = [];
    for (const [name, hub] of [
      ["admin", admin],
      ["collaborator", collaboratorHub],
      ["driver", driverHub],
    ] as const) {
      hub.on("ReceiveNotification", (json: string) => seen.push(`${name}:notification:${json}`));
      hub.on("FinishIntermediateRoute", (id: number) => seen.push(`${name}:finish:${id}`));
      hub.on("Direct", (text: string) => seen.push(`${name}:direct:${text}`));
    }
    const adminGotIt = nextEvent(admin, "ReceiveNotification");
    await app.realtime.publish({
      audience: { kind: "admins" },
      target: "ReceiveNotification",
      args: [JSON.stringify({ title: "Cancelación", message: "Hola" })],
    });
    expect(JSON.parse((await adminGotIt)[0] as string)).toEqual({ title: "Cancelación", message: "Hola" });

    const driverGotIt = nextEvent(driverHub, "FinishIntermediateRoute");
    await app.realtime.publish({
      audience: { kind: "group", name: group },
      target: "FinishIntermediateRoute",
      args: [trip.id],
    });
    expect(await driverGotIt).toEqual([trip.id]);

    const collaboratorGotIt = nextEvent(collaboratorHub, "Direct");
    await app.realtime.publish({
      audience: { kind: "user", userId: collaborator.userId },
      target: "Direct",
      args: ["solo"],
    });
    expect(await collaboratorGotIt).toEqual(["solo"]);

    // Round trips on each connection: anything misdelivered would have arrived before these answers.
    for (const hub of [admin, collaboratorHub, driverHub])
      await hub.invoke("LeaveGroupIntermediateRoute", group);
    expect(seen.sort()).toEqual(
      [
        `admin:notification:${JSON.stringify({ title: "Cancelación", message: "Hola" })}`,
        `driver:finish:${trip.id}`,
        "collaborator:direct:solo",
      ].sort(),
    );
  });

  it("SendGeolocation stores the position, keeps the last one and reaches the group and the admins", async () => {
    const { trip, driver } = await createTrip();
    const group = `intermediate-group-${trip.id}`;
    const { db } = await testDatabase();
    const rider = await createEmployee();
    await db
      .insert(transportServices)
      .values({ intermediateRouteId: trip.id, employeeId: rider.id, status: "Boarded" });
    const riderHub = await connect((await signIn(app, rider.user.email)).token);
    await riderHub.invoke("JoinGroupIntermediateRoute", group);
    const admin = await connect((await signedInAs(app, "Admin")).token);
    const driverHub = await connect((await signIn(app, driver.user.email)).token);

    const riderGotIt = nextEvent(riderHub, "ReceivedDriverGeolocation");
    const adminGotIt = nextEvent(admin, "receiveddrivergeolocation");
    await driverHub.invoke("SendGeolocation", trip.id, 18.4861, -69.9312);
    const [payload] = await riderGotIt;
    expect(payload).toEqual({
      intermediateRouteId: trip.id,
      driverId: driver.id,
      latitude: 18.4861,
      longitude: -69.9312,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await adminGotIt).toEqual([payload]);

    const rows = await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, trip.id));
    expect(rows).toMatchObject([{ latitude: 18.4861, longitude: -69.9312 }]);
    const [saved] = await db.select().from(intermediateRoutes).where(eq(intermediateRoutes.id, trip.id));
    expect(saved).toMatchObject({ lastLatitude: 18.4861, lastLongitude: -69.9312 });
    expect(saved?.lastPositionAt?.toISOString()).toBe((payload as { date: string }).date);

    // At most one per second: the next one right away is refused and not stored.
    await expect(driverHub.invoke("SendGeolocation", trip.id, 18.5, -69.9)).rejects.toThrow(
      /una por segundo/,
    );
    expect(
      await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, trip.id)),
    ).toHaveLength(1);
  });

  it("SendGeolocation is refused for invalid coordinates, another driver's trip, a finished trip and non-drivers", async () => {
    const { trip, driver } = await createTrip();
    const finished = await createTrip({ driver, status: "Finished" });
    const other = await createTrip();
    const driverHub = await connect((await signIn(app, driver.user.email)).token);
    await expect(driverHub.invoke("SendGeolocation", trip.id, 91, 0)).rejects.toThrow(/Argumentos/);
    await expect(driverHub.invoke("SendGeolocation", trip.id, "x", 0)).rejects.toThrow(/Argumentos/);
    await expect(driverHub.invoke("SendGeolocation", other.trip.id, 18, -69)).rejects.toThrow(/no pertenece/);
    await expect(driverHub.invoke("SendGeolocation", finished.trip.id, 18, -69)).rejects.toThrow(
      /no está en curso/,
    );
    const admin = await connect((await signedInAs(app, "Admin")).token);
    await expect(admin.invoke("SendGeolocation", trip.id, 18, -69)).rejects.toThrow(/choferes/);
    const { db } = await testDatabase();
    const stored = await db
      .select()
      .from(tripPositions)
      .where(and(eq(tripPositions.intermediateRouteId, other.trip.id)));
    expect(stored).toEqual([]);
  });

  it("POST /api/v1/IntermediateRoute/position follows the same rules", async () => {
    const { trip, driver } = await createTrip();
    const admin = await connect((await signedInAs(app, "Admin")).token);
    const adminGotIt = nextEvent(admin, "ReceivedDriverGeolocation");
    const { headers } = await signIn(app, driver.user.email);
    const post = (payload: object, auth = headers) =>
      app.inject({ method: "POST", url: API.intermediateRoute.position.path, headers: auth, payload });

    const ok = await post({ intermediateRouteId: trip.id, latitude: 18.47, longitude: -69.89 });
    expect(ok.statusCode).toBe(200);
    expect((await adminGotIt)[0]).toMatchObject({
      intermediateRouteId: trip.id,
      latitude: 18.47,
      longitude: -69.89,
    });
    const { db } = await testDatabase();
    expect(
      await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, trip.id)),
    ).toHaveLength(1);

    expect(
      (await post({ intermediateRouteId: trip.id, latitude: 18.48, longitude: -69.89 })).statusCode,
    ).toBe(429);
    expect((await post({ intermediateRouteId: trip.id, latitude: 100, longitude: -69.89 })).statusCode).toBe(
      400,
    );
    const adminHeaders = (await signedInAs(app, "Admin")).headers;
    expect(
      (await post({ intermediateRouteId: trip.id, latitude: 18, longitude: -69 }, adminHeaders)).statusCode,
    ).toBe(403);
    const other = await createTrip();
    const otherHeaders = (await signIn(app, other.driver.user.email)).headers;
    expect(
      (await post({ intermediateRouteId: trip.id, latitude: 18, longitude: -69 }, otherHeaders)).statusCode,
    ).toBe(403);
  });

  it("nobody is notified of their own action: an admin assigning a collaborator gets no push and no row, another admin gets both", async () => {
    const actor = await signedInAs(app, "Admin");
    const other = await signedInAs(app, "SuperAdmin");
    const actorHub = await connect(actor.token);
    const actorSecondTab = await connect(actor.token);
    const otherHub = await connect(other.token);
    const seen: string[] = [];
    for (const [name, hub] of [
      ["actor", actorHub],
      ["actor-tab", actorSecondTab],
      ["other", otherHub],
    ] as const) {
      hub.on("ReceiveNotification", (json: string) => seen.push(`${name}:${JSON.parse(json).tag}`));
    }

    const route = await createRoute();
    const employee = await createEmployee({ name: "Ana", lastname: "Féliz" });
    const otherGotIt = nextEvent(otherHub, "ReceiveNotification");
    const response = await app.inject({
      method: "PUT",
      url: `${API.employee.addRoute.path}?employeeId=${employee.id}&routeId=${route.id}`,
      headers: actor.headers,
    });
    expect(response.statusCode).toBe(200);
    const [json] = await otherGotIt;
    expect(JSON.parse(json as string)).toMatchObject({
      tag: "ASSIGNED",
      message: `Ana Féliz fue asignado(a) a la ruta ${route.name}`,
    });

    // Round trips on the actor's connections: a push meant for them would have arrived before these answers.
    for (const hub of [actorHub, actorSecondTab]) {
      await hub.invoke("LeaveGroupIntermediateRoute", "intermediate-group-1");
    }
    expect(seen).toEqual(["other:ASSIGNED"]);

    const { db } = await testDatabase();
    const rowsOf = (userId: number) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.tag, "ASSIGNED")))
        .then((rows) => rows.filter((row) => row.message.endsWith(`a la ruta ${route.name}`)));
    expect(await rowsOf(actor.userId)).toEqual([]);
    expect(await rowsOf(other.userId)).toHaveLength(1);
    const bell = await app.inject({
      method: "GET",
      url: API.notification.unread.path,
      headers: actor.headers,
    });
    expect(bell.json().some((n: { message: string }) => n.message.endsWith(`a la ruta ${route.name}`))).toBe(
      false,
    );
  });
});
