import { API } from "@treiber/contract/api-paths";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../src/db/schema.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
  take,
} from "../helpers/booking-factories.js";
import { type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

const DATE = "2030-12-09";
const clock: TestClock = { now: Date.parse("2030-12-01T12:00:00Z") };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

/** The route's waitlist in the database's order (queued_at, then employee). */
async function waitlistOrder(routeId: number) {
  const { db } = await testDatabase();
  const rows = await db
    .select({ employeeId: bookings.employeeId })
    .from(bookings)
    .where(
      and(eq(bookings.routeId, routeId), eq(bookings.serviceDate, DATE), eq(bookings.status, "WAITLISTED")),
    )
    .orderBy(asc(bookings.queuedAt), asc(bookings.employeeId));
  return rows.map((row) => row.employeeId);
}

describe("races on the last seats", () => {
  it("50 riders asking at once for the last 3 seats: exactly 3 CONFIRMED, 47 WAITLISTED in arrival order; a freed seat promotes one", async () => {
    const shift = await bookingShift();
    const assigned = [
      await bookingRider(app, shift.branchOfficeId),
      await bookingRider(app, shift.branchOfficeId),
    ];
    const route = await bookingRoute({
      shiftId: shift.id,
      seats: 5,
      riders: assigned.map((r) => r.employee.id),
    });
    const riders: Awaited<ReturnType<typeof bookingRider>>[] = [];
    for (let i = 0; i < 50; i++) riders.push(await bookingRider(app, shift.branchOfficeId));
    const answers = await Promise.all(
      riders.map((rider) =>
        call(app, rider.session, API.booking.confirm, { body: { routeId: route.id, date: DATE } }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const confirmed = answers.filter((answer) => answer.body.status === "CONFIRMED");
    const waiting = riders.flatMap((rider, i) =>
      answers[i]?.body.status === "WAITLISTED"
        ? [{ position: answers[i]?.body.waitlistPosition as number, rider }]
        : [],
    );
    expect(confirmed).toHaveLength(3);
    expect(waiting).toHaveLength(47);
    // Each got the place it arrived in: positions 1…47, in the waitlist's stored order.
    const byPosition = [...waiting].sort((a, b) => a.position - b.position);
    expect(byPosition.map((one) => one.position)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(await waitlistOrder(route.id)).toEqual(byPosition.map((one) => one.rider.employee.id));

    // Two seats freed at once promote exactly the first two, once each.
    const freeing = riders.filter((_, i) => answers[i]?.body.status === "CONFIRMED").slice(0, 2);
    await Promise.all(
      freeing.map((rider) =>
        call(app, rider.session, API.booking.cancel, { body: { routeId: route.id, date: DATE } }),
      ),
    );
    const manifest = (
      await call(app, admin, API.booking.manifest, { query: { routeId: route.id, date: DATE } })
    ).body;
    expect(manifest).toMatchObject({ seats: 5, confirmed: 5, waitlisted: 45, cancelled: 2 });
    const statusOf = (employeeId: number) =>
      manifest.list.find((item: { employeeId: number }) => item.employeeId === employeeId);
    const [head, second, third] = take(byPosition, 3);
    expect(statusOf(head.rider.employee.id)).toMatchObject({ status: "CONFIRMED" });
    expect(statusOf(second.rider.employee.id)).toMatchObject({ status: "CONFIRMED" });
    expect(statusOf(third.rider.employee.id)).toMatchObject({
      status: "WAITLISTED",
      waitlistPosition: 1,
    });
    const told = await Promise.all(
      byPosition
        .slice(0, 3)
        .map(async (one) => (await call(app, one.rider.session, API.notification.unread)).body.length),
    );
    expect(told).toEqual([1, 1, 0]);
  });
});
