import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/client.js";
import type { RealtimeBus, RealtimeEvent } from "../../src/realtime/realtime-bus.js";
import { createRedisBus } from "../../src/realtime/redis-bus.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
} from "../helpers/booking-factories.js";
import { signedInAs, unique, useOwnTestDatabase } from "../helpers/test-app.js";

// Two API instances, each with its own pool on one PostgreSQL database, sharing a Redis bus (in the
// PGlite run too: what is tested is what only a server does).
const database = useOwnTestDatabase({ postgres: true });
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const DATE = "2030-12-09";
const clock: TestClock = { now: Date.parse("2030-12-01T12:00:00Z") };
let one: FastifyInstance;
let two: FastifyInstance;
let second: Database;
const buses: RealtimeBus[] = [];

beforeAll(async () => {
  const channel = unique("treiber-test:");
  buses.push(
    await createRedisBus({ url: REDIS_URL, channel }),
    await createRedisBus({ url: REDIS_URL, channel }),
  );
  second = await openDatabase({ url: database.url() as string });
  one = await bookingApp(clock, { realtime: buses[0] });
  two = await bookingApp(clock, { realtime: buses[1], database: second });
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  await second?.close();
  await Promise.all(buses.map((bus) => bus.close()));
});

describe("two API instances on PostgreSQL + Redis", () => {
  it("50 riders split between them for the last 3 seats: 3 CONFIRMED, 47 WAITLISTED 1…47; a freed seat promotes one, told on the other instance", async () => {
    const shift = await bookingShift();
    const own = await bookingRider(one, shift.branchOfficeId);
    const route = await bookingRoute({ shiftId: shift.id, seats: 4, riders: [own.employee.id] });
    const riders = [];
    for (let i = 0; i < 50; i++) riders.push(await bookingRider(one, shift.branchOfficeId));
    const answers = await Promise.all(
      riders.map((rider, i) =>
        call(i % 2 === 0 ? one : two, rider.session, API.booking.confirm, {
          body: { routeId: route.id, date: DATE },
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.status === "CONFIRMED")).toHaveLength(3);
    const positions = answers
      .filter((answer) => answer.body.status === "WAITLISTED")
      .map((answer) => answer.body.waitlistPosition as number)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));

    const first = riders.find((_, i) => answers[i]?.body.waitlistPosition === 1);
    if (!first) throw new Error("nadie quedó primero en la espera");
    const heard: RealtimeEvent[] = [];
    const stop = one.realtime.subscribe((event) => heard.push(event));
    // The assigned rider frees a seat through instance two, twice at once: one promotion.
    await Promise.all([
      call(two, own.session, API.booking.cancel, { body: { routeId: route.id, date: DATE } }),
      call(two, own.session, API.booking.cancel, { body: { routeId: route.id, date: DATE } }),
    ]);
    const admin = await signedInAs(one, "Admin");
    const manifest = (
      await call(one, admin, API.booking.manifest, { query: { routeId: route.id, date: DATE } })
    ).body;
    expect(manifest).toMatchObject({ confirmed: 4, waitlisted: 46, cancelled: 1 });
    expect((await call(one, first.session, API.notification.unread)).body).toEqual([
      expect.objectContaining({ title: "Tienes asiento" }),
    ]);
    await expect.poll(() => heard.filter((event) => event.target === "ReceiveNotification").length).toBe(1);
    stop();
    const event = heard.find((one) => one.target === "ReceiveNotification");
    expect(event?.audience).toEqual({ kind: "user", userId: first.user.id });
  });
});
