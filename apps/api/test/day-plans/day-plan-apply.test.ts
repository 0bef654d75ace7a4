import { DAY_PLAN_CHANGED_MESSAGE, type DayPlanApplyResponse, type DayPlanResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes as routeTable } from "../../src/db/schema.js";
import { dayVersionsOf } from "../../src/modules/day-plans/day-version.js";
import { bookingApp, bookingRider, call, type TestClock } from "../helpers/booking-factories.js";
import {
  applyBody,
  cancelRides,
  DAY,
  dayPlanCity,
  NEXT_DAY,
  proposeDay,
} from "../helpers/day-plan-factories.js";
import { type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

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

describe("Planning/day: the plan of one date", () => {
  it("half the riders cancel: one bus is released that date only, riders keep their stops, the next day runs the standing plan", async () => {
    const city = await dayPlanCity({ routes: 2, stops: 3, ridersPerStop: 2, seats: 12 });
    const [a, b] = city.routes;
    if (!a || !b) throw new Error("two routes");
    await cancelRides(a.id, a.riders.slice(0, 3), DAY);
    await cancelRides(b.id, b.riders.slice(0, 3), DAY);
    const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY };
    const proposal = await proposeDay(app, admin, ids);
    expect(proposal.riders).toBe(6);
    expect(proposal.standing.totals.vehicles).toBe(2);
    expect(proposal.day.totals.vehicles).toBe(1);
    expect(proposal.released).toHaveLength(1);
    expect(proposal.unassigned).toEqual([]);
    expect(proposal.day.totals.co2Kg).toBeGreaterThan(0);
    expect(proposal.day.totals.co2Kg).toBeLessThan(proposal.standing.totals.co2Kg);
    // Each rider boards at their own standing stop.
    const standingStop = new Map(
      city.routes.flatMap((route) =>
        route.stops.flatMap((stop) =>
          stop.riders.map((id) => [id, [stop.latitude, stop.longitude]] as const),
        ),
      ),
    );
    for (const route of proposal.day.routes)
      for (const stop of route.stops)
        for (const id of stop.employeeIds)
          expect([stop.latitude, stop.longitude]).toEqual(standingStop.get(id));

    const applied = await call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) });
    expect(applied.status).toBe(200);
    // Both drivers are told: one route released that date, the other with other stops and times.
    expect(applied.body as DayPlanApplyResponse).toMatchObject({
      date: DAY,
      running: 1,
      released: 1,
      driversNotified: 2,
    });

    const read = (await call(app, admin, API.planning.day, { query: ids })).body as DayPlanResponse;
    expect(read.dayPlan?.routes).toHaveLength(1);
    expect(read.dayPlan?.released).toHaveLength(1);
    expect(read.dayPlan?.source).toBe("admin");
    const next = (await call(app, admin, API.planning.day, { query: { ...ids, date: NEXT_DAY } })).body;
    expect(next).toEqual({ dayPlan: null });

    const { db } = await testDatabase();
    const versions = await dayVersionsOf(db, [a.id, b.id], DAY);
    const released = proposal.released[0]?.routeId as number;
    expect(versions?.get(released)).toMatchObject({ released: true, stops: [] });
    expect(await dayVersionsOf(db, [a.id, b.id], NEXT_DAY)).toBeNull();

    // Back to the standing plan for that date.
    const removed = await call(app, admin, API.planning.dayDelete, { body: ids });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: "El día vuelve al plan fijo", driversNotified: 2 });
    expect(removed.body.notified).toBe((applied.body as DayPlanApplyResponse).notified);
    const again = await call(app, admin, API.planning.dayDelete, { body: ids });
    expect(again.status).toBe(404);
    expect((await call(app, admin, API.planning.day, { query: ids })).body).toEqual({ dayPlan: null });
  });

  it("a booking changed after the proposal: 409, nothing written", async () => {
    const city = await dayPlanCity({ routes: 2, stops: 2, ridersPerStop: 2, seats: 10 });
    const [a] = city.routes;
    if (!a) throw new Error("a route");
    const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY };
    const proposal = await proposeDay(app, admin, ids);
    await call(app, admin, API.booking.admin, {
      body: { employeeId: a.riders[0], routeId: a.id, date: DAY, status: "CANCELLED", reason: "Vacaciones" },
    });
    const applied = await call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) });
    expect(applied.status).toBe(409);
    expect(applied.body.message).toBe(DAY_PLAN_CHANGED_MESSAGE);
    expect((await call(app, admin, API.planning.day, { query: ids })).body).toEqual({ dayPlan: null });
  });

  it("a waitlisted rider the day can seat is seated: CONFIRMED and told «Tienes asiento»", async () => {
    const city = await dayPlanCity({ routes: 2, stops: 1, ridersPerStop: 2, seats: 6 });
    const [a] = city.routes;
    if (!a) throw new Error("a route");
    const { db } = await testDatabase();
    await db.update(routeTable).set({ seats: 2 }).where(eq(routeTable.id, a.id));
    const stop = a.stops[0];
    if (!stop) throw new Error("a stop");
    const waiting = await bookingRider(app, city.office.id, {
      latitude: stop.latitude,
      longitude: stop.longitude,
    });
    const asked = await call(app, waiting.session, API.booking.confirm, {
      body: { routeId: a.id, date: DAY },
    });
    expect(asked.body).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });

    const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY };
    const proposal = await proposeDay(app, admin, ids);
    expect(proposal).toMatchObject({ riders: 4, waitlistedSeated: 1, unassigned: [] });
    expect(proposal.day.totals).toMatchObject({ vehicles: 1, riders: 5 });
    const applied = await call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) });
    expect(applied.status).toBe(200);
    // The manifest of the bus the day's plan puts them on (the one running route).
    const carrier = proposal.day.routes[0]?.routeId ?? a.id;
    const manifest = await call(app, admin, API.booking.manifest, { query: { routeId: carrier, date: DAY } });
    expect(
      manifest.body.list.find((item: { employeeId: number }) => item.employeeId === waiting.employee.id),
    ).toMatchObject({
      status: "CONFIRMED",
    });
    const told = (await call(app, waiting.session, API.notification.unread)).body;
    expect(told.map((notice: { message: string }) => notice.message).join(" ")).toContain("Tienes asiento");
  });
});
