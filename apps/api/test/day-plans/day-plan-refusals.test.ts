import { DAY_PLAN_PAST_MESSAGE, DAY_PLAN_STARTED_MESSAGE, PLAN_RIDE_LIMIT_MESSAGE } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shifts } from "../../src/db/schema.js";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { cancelRides, DAY, dayPlanCity, proposeDay } from "../helpers/day-plan-factories.js";
import { insertTrip } from "../helpers/operation-factories.js";
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

type City = Awaited<ReturnType<typeof dayPlanCity>>;
const idsOf = (city: City) => ({ shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY });
/** Each standing route as it stands, with the riders given per stop (default: all of them). */
const standingBody = (city: City, version: string, riders = (ids: number[]) => ids) => ({
  ...idsOf(city),
  version,
  routes: city.routes.map((route) => ({
    routeId: route.id,
    stops: route.stops
      .map((stop) => ({
        name: stop.name,
        latitude: stop.latitude,
        longitude: stop.longitude,
        employeeIds: riders(stop.riders),
      }))
      .filter((stop) => stop.employeeIds.length > 0),
  })),
});

describe("Planning/day/apply refuses", () => {
  it("more riders than seats, a rider who does not ride, a rider at another stop, a confirmed rider left out, a route of another shift", async () => {
    const city = await dayPlanCity({ routes: 2, stops: 2, ridersPerStop: 3, seats: 6 });
    const [a, b] = city.routes;
    if (!a || !b) throw new Error("two routes");
    await cancelRides(a.id, [a.riders[0] as number], DAY);
    const { version } = await proposeDay(app, admin, idsOf(city));
    const apply = (body: object) => call(app, admin, API.planning.dayApply, { body });
    const riding = (ids: number[]) => ids.filter((id) => id !== a.riders[0]);

    const allOnA = standingBody(city, version, riding);
    allOnA.routes = [{ routeId: a.id, stops: allOnA.routes.flatMap((route) => route.stops) }];
    const seats = await apply(allOnA);
    expect(seats.status).toBe(400);
    expect(seats.body.message).toContain("tiene 6 asientos y 11 colaboradores");

    const cancelled = await apply(standingBody(city, version));
    expect(cancelled.status).toBe(400);
    expect(cancelled.body.message).toContain("no viaja ese día");

    const moved = standingBody(city, version, riding);
    const [first, second] = moved.routes[1]?.stops ?? [];
    if (!first || !second) throw new Error("two stops");
    second.employeeIds.push(first.employeeIds.pop() as number);
    const otherStop = await apply(moved);
    expect(otherStop.status).toBe(400);
    expect(otherStop.body.message).toContain("sube en su parada");

    const missing = standingBody(city, version, riding);
    missing.routes = missing.routes.slice(0, 1);
    const leftOut = await apply(missing);
    expect(leftOut.status).toBe(400);
    expect(leftOut.body.message).toContain("viaja ese día y no está en el plan");

    const other = await dayPlanCity({ routes: 1, stops: 1, ridersPerStop: 1, seats: 4 });
    const foreign = standingBody(city, version, riding);
    foreign.routes.push({ routeId: other.routes[0]?.id as number, stops: foreign.routes[0]?.stops ?? [] });
    expect((await apply(foreign)).status).toBe(400);

    expect((await apply(standingBody(city, version, riding))).status).toBe(200);
  });

  it("a ride beyond the maximum unless accepted", async () => {
    const city = await dayPlanCity({ routes: 1, stops: 2, ridersPerStop: 1, seats: 6 });
    const { db } = await testDatabase();
    // A slow shift: 5 km/h makes the 4 km ride far longer than 60 minutes.
    await db.update(shifts).set({ travelSpeedKmh: 5 }).where(eq(shifts.id, city.shift.id));
    const { version } = await proposeDay(app, admin, idsOf(city));
    const body = standingBody(city, version);
    const refused = await call(app, admin, API.planning.dayApply, { body });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(PLAN_RIDE_LIMIT_MESSAGE);
    const accepted = await call(app, admin, API.planning.dayApply, {
      body: { ...body, acceptBrokenLimits: true },
    });
    expect(accepted.status).toBe(200);
  });

  it("a date gone by (400), a trip of that date started (409)", async () => {
    const city = await dayPlanCity({ routes: 1, stops: 1, ridersPerStop: 2, seats: 6 });
    const past = await call(app, admin, API.planning.dayPropose, {
      body: { ...idsOf(city), date: "2030-11-30" },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(DAY_PLAN_PAST_MESSAGE);
    const { version } = await proposeDay(app, admin, idsOf(city));
    const route = city.routes[0];
    if (!route) throw new Error("a route");
    await insertTrip({
      driverId: route.driver.id,
      supplierId: route.driver.supplierId,
      routeId: route.id,
      startedAt: new Date(`${DAY}T10:35:00Z`),
      endedAt: null,
    });
    const started = await call(app, admin, API.planning.dayApply, { body: standingBody(city, version) });
    expect(started.status).toBe(409);
    expect(started.body.message).toBe(DAY_PLAN_STARTED_MESSAGE);
  });

  it("403 for a Collaborator and a Driver", async () => {
    const city = await dayPlanCity({ routes: 1, stops: 1, ridersPerStop: 1, seats: 4 });
    for (const role of ["Collaborator", "Driver"] as const) {
      const session = await signedInAs(app, role);
      expect((await call(app, session, API.planning.dayPropose, { body: idsOf(city) })).status).toBe(403);
      expect((await call(app, session, API.planning.day, { query: idsOf(city) })).status).toBe(403);
      const body = standingBody(city, "v");
      expect((await call(app, session, API.planning.dayApply, { body })).status).toBe(403);
      expect((await call(app, session, API.planning.dayDelete, { body: idsOf(city) })).status).toBe(403);
    }
  });
});
