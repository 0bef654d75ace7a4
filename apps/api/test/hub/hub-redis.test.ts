import type { HubConnection } from "@microsoft/signalr";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RIGHTS_ENDED } from "../../src/hub/hub-server.js";
import type { RealtimeBus } from "../../src/realtime/realtime-bus.js";
import { createRedisBus } from "../../src/realtime/redis-bus.js";
import { signedInAs, signIn, unique } from "../helpers/test-app.js";
import { createTrip, nextEvent, officialClient, startApp } from "./hub-test-kit.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

describe("hub /server: two instances on Redis", () => {
  const buses: RealtimeBus[] = [];
  let one: FastifyInstance;
  let two: FastifyInstance;
  let oneUrl: string;
  let twoUrl: string;
  const connections: HubConnection[] = [];

  beforeAll(async () => {
    // A channel of its own so parallel runs never cross.
    const channel = unique("treiber-test:");
    const [busOne, busTwo] = await Promise.all([
      createRedisBus({ url: REDIS_URL, channel }),
      createRedisBus({ url: REDIS_URL, channel }),
    ]);
    buses.push(busOne, busTwo);
    ({ app: one, baseUrl: oneUrl } = await startApp({ realtime: busOne }));
    ({ app: two, baseUrl: twoUrl } = await startApp({ realtime: busTwo }));
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.stop()));
    await Promise.all([one?.close(), two?.close()]);
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it("a client on one instance receives what the other publishes", async () => {
    const admin = officialClient(oneUrl, (await signedInAs(one, "Admin")).token);
    await admin.start();
    connections.push(admin);

    const notification = nextEvent(admin, "ReceiveNotification");
    await two.realtime.publish({
      audience: { kind: "admins" },
      target: "ReceiveNotification",
      args: [JSON.stringify({ title: "Comentario", message: "Desde la otra instancia" })],
    });
    expect(await notification).toEqual([
      JSON.stringify({ title: "Comentario", message: "Desde la otra instancia" }),
    ]);

    // A driver on instance two reports a position: the group member and admin on instance one get it.
    const { trip, driver } = await createTrip();
    await admin.invoke("JoinGroupIntermediateRoute", `intermediate-group-${trip.id}`);
    const position = nextEvent(admin, "ReceivedDriverGeolocation");
    const driverHub = officialClient(twoUrl, (await signIn(two, driver.user.email)).token);
    await driverHub.start();
    connections.push(driverHub);
    await driverHub.invoke("SendGeolocation", trip.id, 18.45, -69.95);
    expect((await position)[0]).toMatchObject({
      intermediateRouteId: trip.id,
      latitude: 18.45,
      longitude: -69.95,
    });
  });

  it("delivers every event of both instances exactly once to admins on each, in each instance's order", async () => {
    const admins = await Promise.all(
      [oneUrl, twoUrl, oneUrl, twoUrl].map(async (url, i) =>
        officialClient(url, (await signedInAs(i % 2 === 0 ? one : two, "Admin")).token),
      ),
    );
    const received = admins.map((admin) => {
      const values: string[] = [];
      admin.on("Batch", (value: string) => {
        values.push(value);
      });
      return values;
    });
    await Promise.all(admins.map((admin) => admin.start()));
    connections.push(...admins);

    // Published in the same turns on both instances: each instance's events travel together.
    for (let round = 0; round < 5; round++) {
      for (let n = 0; n < 20; n++) {
        for (const [name, app] of [
          ["one", one],
          ["two", two],
        ] as const)
          void app.realtime.publish({
            audience: { kind: "admins" },
            target: "Batch",
            args: [`${name}-${round * 20 + n}`],
          });
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const all = 200;
    while (received.some((values) => values.length < all))
      await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200)); // a repeat would arrive meanwhile

    for (const values of received) {
      expect(values).toHaveLength(all);
      expect(new Set(values).size).toBe(all);
      for (const name of ["one", "two"])
        expect(values.filter((value) => value.startsWith(`${name}-`))).toEqual(
          Array.from({ length: 100 }, (_, n) => `${name}-${n}`),
        );
    }
  });

  it("deactivating a user on one instance closes its socket on the other, for good", async () => {
    const admin = await signedInAs(one, "Admin");
    const hub = officialClient(oneUrl, admin.token, [0, 0]);
    let reconnecting = false;
    hub.onreconnecting(() => {
      reconnecting = true;
    });
    const closed = new Promise<Error | undefined>((resolve) => hub.onclose(resolve));
    await hub.start();
    connections.push(hub);
    // Instance one has just checked (and remembered) the admin's rights.
    const profile = () =>
      one.inject({ method: "GET", url: API.employee.profile.path, headers: admin.headers });
    expect((await profile()).statusCode).toBe(200);

    const superAdmin = await signedInAs(two, "SuperAdmin");
    const off = await two.inject({
      method: "PUT",
      url: API.user.status.path,
      headers: superAdmin.headers,
      payload: { id: admin.userId, status: "inactive" },
    });
    expect(off.statusCode).toBe(200);

    expect((await closed)?.message).toContain(RIGHTS_ENDED);
    expect(reconnecting).toBe(false);
    // The change reached instance one through Redis: its remembered rights are gone too.
    expect((await profile()).statusCode).toBe(401);
  });

  it("negotiate on one instance and the socket on the other work together", async () => {
    const { token } = await signedInAs(one, "Admin");
    const response = await fetch(`${oneUrl}/server/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    const { connectionToken } = (await response.json()) as { connectionToken: string };
    const { WebSocket } = await import("ws");
    const socket = new WebSocket(
      `${twoUrl.replace("http", "ws")}/server?id=${encodeURIComponent(connectionToken)}&access_token=${token}`,
    );
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    socket.close();
  });

  it("sends the events published in one turn as one Redis message, in order", async () => {
    const channel = unique("treiber-test:");
    const bus = await createRedisBus({ url: REDIS_URL, channel });
    const listener = new Redis(REDIS_URL);
    const messages: string[] = [];
    listener.on("message", (_channel: string, message: string) => messages.push(message));
    await listener.subscribe(channel);
    const heard: unknown[] = [];
    bus.subscribe((event) => heard.push(event.args[0]));
    try {
      await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          bus.publish({ audience: { kind: "admins" }, target: "Batch", args: [n] }),
        ),
      );
      while (heard.length < 30) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(messages).toHaveLength(1);
      expect(heard).toEqual(Array.from({ length: 30 }, (_, n) => n));
    } finally {
      listener.disconnect();
      await bus.close();
    }
  });
});
