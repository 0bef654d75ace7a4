import { API } from "@treiber/contract/api-paths";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeEmployees, routes } from "../../src/db/schema.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
} from "../helpers/booking-factories.js";
import { type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

// The report looks back from Saturday 28 November 2026 (UTC−4).
const clock: TestClock = { now: Date.parse("2026-11-28T15:00:00.000Z") };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

describe("«Reporte Reservas»: a rider is expected only from their assignment and the route's creation", () => {
  it("counts nobody before the route existed, one from the first assignment, two from the second", async () => {
    const shift = await bookingShift({ direction: "inbound", time: "08:00" });
    const first = await bookingRider(app, shift.branchOfficeId, { name: "Ana" });
    const second = await bookingRider(app, shift.branchOfficeId, { name: "Bea" });
    const route = await bookingRoute({
      shiftId: shift.id,
      departureTime: "06:40",
      stops: [{ name: "Parada Los Prados", time: "06:40", riders: [first.employee.id, second.employee.id] }],
    });
    const { db } = await testDatabase();
    // Route created on the 20th (local), Ana assigned on the 18th (before it: the route counts),
    // Bea on the 25th at 01:00 local (the 25th is already hers; 05:00Z).
    await db
      .update(routes)
      .set({ createdAt: new Date("2026-11-20T12:00:00Z") })
      .where(eq(routes.id, route.id));
    const assignedAt = async (employeeId: number, at: string) =>
      db
        .update(routeEmployees)
        .set({ createdAt: new Date(at) })
        .where(and(eq(routeEmployees.routeId, route.id), eq(routeEmployees.employeeId, employeeId)));
    await assignedAt(first.employee.id, "2026-11-18T12:00:00Z");
    await assignedAt(second.employee.id, "2026-11-25T05:00:00Z");
    const report = await call(app, admin, API.booking.report, {
      query: { sinceDate: "2026-11-18", untilDate: "2026-11-27", routeId: route.id, amount: 50 },
    });
    expect(report.status).toBe(200);
    const byDate = Object.fromEntries(
      (report.body.data.items as { date: string; confirmed: number; demand: number }[]).map((item) => [
        item.date,
        [item.confirmed, item.demand],
      ]),
    );
    expect(byDate).toEqual({
      "2026-11-18": [0, 0],
      "2026-11-19": [0, 0],
      "2026-11-20": [1, 1],
      "2026-11-21": [1, 1],
      "2026-11-22": [1, 1],
      "2026-11-23": [1, 1],
      "2026-11-24": [1, 1],
      "2026-11-25": [2, 2],
      "2026-11-26": [2, 2],
      "2026-11-27": [2, 2],
    });
    expect(report.body.data.confirmed).toBe(5 * 1 + 3 * 2);
  });
});
