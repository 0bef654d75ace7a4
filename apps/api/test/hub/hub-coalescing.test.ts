import type { HubConnection } from "@microsoft/signalr";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tripPositions } from "../../src/db/schema.js";
import { signedInAs, signIn, testDatabase } from "../helpers/test-app.js";
import { createTrip, officialClient, RS, rawClient, startApp } from "./hub-test-kit.js";

const notification = (n: number) => ({
  audience: { kind: "admins" as const },
  target: "ReceiveNotification",
  args: [String(n)],
});

/** Collects the arguments of every `event` the connection receives, in order. */
function collect(connection: HubConnection, event: string) {
  const received: string[] = [];
  connection.on(event, (value: string) => {
    received.push(value);
  });
  return received;
}

/** A raw admin socket (as a browser connects) that has done the handshake. */
async function rawAdmin(app: FastifyInstance, baseUrl: string) {
  const raw = await rawClient(baseUrl, (await signedInAs(app, "Admin")).token);
  raw.send(`{"protocol":"json","version":1}${RS}`);
  return raw;
}

async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("hub /server: records coalesced into frames", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  const open: HubConnection[] = [];

  beforeAll(async () => {
    // A long tick, so that what is published meanwhile surely shares frames.
    ({ app, baseUrl } = await startApp({ hub: { coalesceMs: 150 } }));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.stop()));
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends the admins' events of a tick in one frame, which the official client reads whole and in order", async () => {
    const raw = await rawAdmin(app, baseUrl);
    await raw.next(); // {}
    const official = officialClient(baseUrl, (await signedInAs(app, "Admin")).token);
    const received = collect(official, "ReceiveNotification");
    await official.start();
    open.push(official);

    const framesBefore = raw.frames.length;
    for (let n = 0; n < 40; n++) await app.realtime.publish(notification(n));
    for (let n = 40; n < 80; n++) await app.realtime.publish(notification(n));
    await until(() => received.length === 80);

    expect(received).toEqual(Array.from({ length: 80 }, (_, n) => String(n)));
    await until(() => raw.records.length >= 80);
    const frames = raw.frames.slice(framesBefore);
    // 80 records in far fewer frames: several invocations share one frame.
    expect(frames.length).toBeLessThan(80);
    expect(frames.some((frame) => frame.split(RS).length - 1 > 1)).toBe(true);
    expect(raw.records.map((record) => JSON.parse(record).arguments[0])).toEqual(
      Array.from({ length: 80 }, (_, n) => String(n)),
    );
    raw.socket.close();
  });

  it("keeps a connection's own records in their place among the admins' events, each event once", async () => {
    const admin = await signedInAs(app, "Admin");
    const { trip, driver } = await createTrip();
    const group = `intermediate-group-${trip.id}`;
    const official = officialClient(baseUrl, admin.token);
    const order: string[] = [];
    official.on("ReceiveNotification", (value: string) => {
      order.push(`admins:${value}`);
    });
    official.on("Personal", (value: string) => {
      order.push(`user:${value}`);
    });
    official.on("ReceivedDriverGeolocation", (position: { latitude: number }) => {
      order.push(`position:${position.latitude}`);
    });
    await official.start();
    open.push(official);
    await official.invoke("JoinGroupIntermediateRoute", group);

    const user = (n: number) => ({
      audience: { kind: "user" as const, userId: admin.userId },
      target: "Personal",
      args: [String(n)],
    });
    await app.realtime.publish(notification(1));
    await app.realtime.publish(user(1));
    await app.realtime.publish(notification(2));
    await app.realtime.publish(user(2));
    // The admin is in the trip's group and an admin: a position reaches it once.
    const driverHub = officialClient(baseUrl, (await signIn(app, driver.user.email)).token);
    await driverHub.start();
    open.push(driverHub);
    await driverHub.invoke("SendGeolocation", trip.id, 18.5, -69.9);
    await app.realtime.publish(notification(3));
    await until(() => order.includes("admins:3"));
    await new Promise((resolve) => setTimeout(resolve, 200)); // a repeat would arrive within a tick

    expect(order).toEqual(["admins:1", "user:1", "admins:2", "user:2", "position:18.5", "admins:3"]);
    const { db } = await testDatabase();
    expect((await db.select().from(tripPositions)).some((row) => row.intermediateRouteId === trip.id)).toBe(
      true,
    );
  });

  it("answers the handshake before the admins' events pending when it arrives", async () => {
    let n = 0;
    const publishing = setInterval(() => void app.realtime.publish(notification(n++)), 2);
    try {
      const raws = await Promise.all([0, 1, 2].map(() => rawAdmin(app, baseUrl)));
      const officials = await Promise.all(
        [0, 1, 2].map(async () => officialClient(baseUrl, (await signedInAs(app, "Admin")).token)),
      );
      const received = officials.map((official) => collect(official, "ReceiveNotification"));
      await Promise.all(officials.map((official) => official.start()));
      open.push(...officials);
      await until(() => raws.every((raw) => raw.records.length > 5) && received.every((r) => r.length > 5));
      for (const raw of raws) {
        expect(raw.records[0]).toBe("{}");
        const values = raw.records.slice(1).map((record) => Number(JSON.parse(record).arguments[0]));
        // From its first event on, every later one, in order, none twice.
        expect(values).toEqual(values.map((_, i) => (values[0] as number) + i));
        raw.socket.close();
      }
      for (const values of received.map((r) => r.map(Number)))
        expect(values).toEqual(values.map((_, i) => (values[0] as number) + i));
    } finally {
      clearInterval(publishing);
    }
  });
});

describe("hub /server: closing after coalesced records", () => {
  it("delivers every record queued before a restart's Close, then the Close", async () => {
    const { app, baseUrl } = await startApp({ hub: { coalesceMs: 150 } });
    const raw = await rawAdmin(app, baseUrl);
    await raw.next(); // {}
    const official = officialClient(baseUrl, (await signedInAs(app, "Admin")).token);
    const received = collect(official, "ReceiveNotification");
    const closed = new Promise<Error | undefined>((resolve) => official.onclose(resolve));
    await official.start();

    await app.realtime.publish(notification(0)); // flushed at once (quiet before)
    for (let n = 1; n < 30; n++) await app.realtime.publish(notification(n)); // wait for the tick
    await app.close();

    await closed;
    expect(received).toEqual(Array.from({ length: 30 }, (_, n) => String(n)));
    await raw.closed;
    const types = raw.records.map((record) => JSON.parse(record).type);
    expect(types).toEqual([...Array.from({ length: 30 }, () => 1), 7]);
    expect(JSON.parse(raw.records.at(-1) as string)).toMatchObject({ type: 7, allowReconnect: true });
  });
});
