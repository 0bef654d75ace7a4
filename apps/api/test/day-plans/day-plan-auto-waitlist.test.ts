import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
} from "../helpers/booking-factories.js";
import type { SignedIn } from "../helpers/test-app.js";

const clock: TestClock = { now: Date.parse("2030-11-28T12:00:00Z") };
let app: FastifyInstance;

beforeAll(async () => {
  app = await bookingApp(clock);
});
afterAll(() => app.close());

const unread = async (session: SignedIn) =>
  ((await call(app, session, API.notification.unread)).body as { title: string }[]).map((n) => n.title);

/** A one-seat route of a shift (automatic plan of the day or not) and a rider waiting for its seat. */
async function fullRoute(date: string, dayPlanAuto: boolean) {
  const shift = await bookingShift({ direction: "inbound", time: "08:00", dayPlanAuto });
  const own = await bookingRider(app, shift.branchOfficeId);
  const route = await bookingRoute({
    shiftId: shift.id,
    seats: 1,
    stops: [{ name: "Av. Luperón", time: "06:00", riders: [own.employee.id] }],
  });
  const waiting = await bookingRider(app, shift.branchOfficeId);
  const asked = await call(app, waiting.session, API.booking.confirm, { body: { routeId: route.id, date } });
  expect(asked.body.status).toBe("WAITLISTED");
  return waiting;
}

describe("«Sin asiento» on a shift with an automatic plan of the day", () => {
  it("is told by the plan of the day's run, once, not by the sweep before it", async () => {
    const date = "2030-12-02";
    clock.now = Date.parse("2030-11-30T12:00:00Z");
    const manual = await fullRoute(date, false);
    const auto = await fullRoute(date, true);
    // The cut-off (06:00 − 120 min, UTC−4) passed.
    clock.now = Date.parse(`${date}T08:01:00Z`);
    await app.bookingSweep.sweep();
    expect(await unread(manual.session)).toEqual(["Sin asiento"]);
    expect(await unread(auto.session)).toEqual([]);

    await app.dayPlanAuto.run();
    await app.dayPlanAuto.run();
    await app.bookingSweep.sweep();
    expect(await unread(auto.session)).toEqual(["Sin asiento"]);
    expect(await unread(manual.session)).toEqual(["Sin asiento"]);
  });
});
