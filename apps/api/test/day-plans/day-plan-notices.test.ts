import type { DayPlanApplyResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeStops } from "../../src/db/schema.js";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { applyBody, DAY, dayPlanCity, proposeDay } from "../helpers/day-plan-factories.js";
import { type SignedIn, signedInAs, signIn, testDatabase } from "../helpers/test-app.js";

const clock: TestClock = { now: Date.parse("2030-12-01T12:00:00Z") };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(async () => {
  await app?.close();
});

const plus = (hhmm: string, minutes: number) => {
  const total = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
};

describe("Planning/day/apply tells riders once", () => {
  it("a rider whose pickup moves 10 min is told once; one whose pickup moves 3 min is not; the driver is told", async () => {
    const city = await dayPlanCity({ routes: 1, stops: 2, ridersPerStop: 1, seats: 6 });
    const route = city.routes[0];
    if (!route) throw new Error("a route");
    const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY };
    // The times the day's plan gives, then the standing times 10 and 3 minutes off them.
    const first = await proposeDay(app, admin, ids);
    const dayStops = first.day.routes[0]?.stops ?? [];
    expect(dayStops).toHaveLength(2);
    const { db } = await testDatabase();
    const [far, nearer] = [route.stops[0], route.stops[1]];
    if (!far || !nearer) throw new Error("two stops");
    const timeAt = (riders: number[]) =>
      dayStops.find((stop) => stop.employeeIds.includes(riders[0] as number))?.plannedTime as string;
    const stored = await db.select().from(routeStops).where(eq(routeStops.routeId, route.id));
    for (const stop of stored) {
      const moved = stop.name === far.name ? plus(timeAt(far.riders), 10) : plus(timeAt(nearer.riders), 3);
      await db.update(routeStops).set({ plannedTime: moved }).where(eq(routeStops.id, stop.id));
    }

    const proposal = await proposeDay(app, admin, ids);
    expect(proposal.moved.map((rider) => [rider.employeeId, rider.minutes])).toEqual(
      expect.arrayContaining([
        [far.riders[0], -10],
        [nearer.riders[0], -3],
      ]),
    );
    const applied = await call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) });
    expect(applied.status).toBe(200);
    expect(applied.body as DayPlanApplyResponse).toMatchObject({ notified: 1, driversNotified: 1 });

    // Applied again (a new proposal of the same day): nobody is told again.
    const again = await proposeDay(app, admin, ids);
    const second = await call(app, admin, API.planning.dayApply, { body: applyBody(again, ids) });
    expect(second.body).toMatchObject({ notified: 0, driversNotified: 0 });

    const sessionOf = (employeeId: number) => signIn(app, city.emails.get(employeeId) as string);
    const told = (await call(app, await sessionOf(far.riders[0] as number), API.notification.unread)).body;
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: "Tu viaje cambió" });
    expect(told[0].message).toContain("09/12/2030");
    const quiet = (await call(app, await sessionOf(nearer.riders[0] as number), API.notification.unread))
      .body;
    expect(quiet).toEqual([]);
  });
});
