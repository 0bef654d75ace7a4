import type { DayPlanResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/client.js";
import { dayPlanAutoRuns } from "../../src/db/schema.js";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { cancelRides, DAY, dayPlanCity } from "../helpers/day-plan-factories.js";
import { type SignedIn, signedInAs, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";

// Two API instances, each with its own pool on one PostgreSQL database (in the PGlite run too:
// what is tested is what only a server does).
const database = useOwnTestDatabase({ postgres: true });
// Stops from 06:40 (UTC−4: 10:40Z) with the 120-minute cut-off: it passes at 08:40Z on DAY.
const clock: TestClock = { now: Date.parse(`${DAY}T08:30:00Z`) };
let one: FastifyInstance;
let two: FastifyInstance;
let second: Database;
let admin: SignedIn;

beforeAll(async () => {
  second = await openDatabase({ url: database.url() as string });
  one = await bookingApp(clock);
  two = await bookingApp(clock, { database: second });
  admin = await signedInAs(one, "Admin");
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  await second?.close();
});

describe("«Automático»: the plan of the day at the cut-off", () => {
  it("runs once with two instances: applied when it saves a bus, the standing plan kept when nothing is better", async () => {
    const saving = await dayPlanCity({ routes: 2, stops: 3, ridersPerStop: 2, seats: 12, dayPlanAuto: true });
    const [a, b] = saving.routes;
    if (!a || !b) throw new Error("two routes");
    await cancelRides(a.id, a.riders.slice(0, 3), DAY);
    await cancelRides(b.id, b.riders.slice(0, 3), DAY);
    const full = await dayPlanCity({ routes: 1, stops: 2, ridersPerStop: 2, seats: 6, dayPlanAuto: true });
    const manual = await dayPlanCity({ routes: 2, stops: 1, ridersPerStop: 1, seats: 6 });

    // Before the cut-off: nothing.
    expect(await one.dayPlanAuto.run()).toEqual({ applied: 0, kept: 0, failed: 0 });

    clock.now = Date.parse(`${DAY}T08:41:00Z`);
    const [x, y] = await Promise.all([one.dayPlanAuto.run(), two.dayPlanAuto.run()]);
    expect(x.applied + y.applied).toBe(1);
    expect(x.kept + y.kept).toBe(1);
    expect(x.failed + y.failed).toBe(0);
    // Later ticks find the date handled.
    expect(await two.dayPlanAuto.run()).toEqual({ applied: 0, kept: 0, failed: 0 });

    const read = async (city: { shift: { id: number }; workplace: { id: number } }) =>
      (
        await call(one, admin, API.planning.day, {
          query: { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY },
        })
      ).body as DayPlanResponse;
    const applied = await read(saving);
    expect(applied.dayPlan).toMatchObject({ source: "auto", appliedBy: null });
    expect(applied.dayPlan?.routes).toHaveLength(1);
    expect(applied.dayPlan?.released).toHaveLength(1);
    expect((await read(full)).dayPlan).toBeNull();
    expect((await read(manual)).dayPlan).toBeNull();
    const { db } = await testDatabase();
    const runs = await db.select().from(dayPlanAutoRuns).where(eq(dayPlanAutoRuns.shiftId, full.shift.id));
    expect(runs.map((run) => run.outcome)).toEqual(["kept: nothing better than the standing plan"]);
  });
});
