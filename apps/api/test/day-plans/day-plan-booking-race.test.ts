import { DAY_PLAN_CHANGED_MESSAGE } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../src/db/schema.js";
import { lockRouteDay } from "../../src/modules/bookings/bookings-repository.js";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { applyBody, DAY, dayPlanCity, proposeDay } from "../helpers/day-plan-factories.js";
import { type SignedIn, signedInAs, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";

// Two transactions at once need a server: PostgreSQL in the PGlite run too.
useOwnTestDatabase({ postgres: true });
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

describe("Planning/day/apply against a booking change in flight", () => {
  it("waits for the booking change of one of its routes' day and answers 409 once it commits", async () => {
    const city = await dayPlanCity({ routes: 2, stops: 2, ridersPerStop: 2, seats: 6 });
    const [route] = city.routes;
    if (!route) throw new Error("route");
    const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY };
    const proposal = await proposeDay(app, admin, ids);
    const { db } = await testDatabase();

    // A rider's «No viajaré» in its transaction (the route's day locked, as bookings do), not committed yet.
    let commit = () => {};
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let held = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const change = db.transaction(async (tx) => {
      await lockRouteDay(tx, route.id, DAY);
      await tx.insert(bookings).values({
        routeId: route.id,
        serviceDate: DAY,
        employeeId: route.riders[0] as number,
        status: "CANCELLED",
        assigned: true,
        reason: "No viajaré",
      });
      held();
      await committing;
    });
    await holding;

    let settled = false;
    const apply = call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) }).finally(() => {
      settled = true;
    });
    // Until the apply either answers or waits on the route's day.
    for (;;) {
      const [row] = (
        await db.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
        )
      ).rows as { n: number }[];
      if (settled || (row?.n ?? 0) > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    commit();
    await change;
    const answer = await apply;
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(DAY_PLAN_CHANGED_MESSAGE);
  });
});
