import { API } from "@treiber/contract/api-paths";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingDays, bookings } from "../../src/db/schema.js";
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

const clock: TestClock = { now: Date.parse("2030-11-28T12:00:00Z") };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const confirm = (session: SignedIn, routeId: number, date: string) =>
  call(app, session, API.booking.confirm, { body: { routeId, date } });
const unread = async (session: SignedIn) => (await call(app, session, API.notification.unread)).body;

/** A route with `seats`, one assigned rider, and riders of the branch office waiting for a seat. */
async function fullRoute(date: string, waiting: number) {
  const shift = await bookingShift({ direction: "inbound", time: "08:00" });
  const own = await bookingRider(app, shift.branchOfficeId);
  const route = await bookingRoute({
    shiftId: shift.id,
    seats: 1,
    stops: [{ name: "Av. Luperón", time: "06:00", riders: [own.employee.id] }],
  });
  const others = [];
  for (let i = 0; i < waiting; i++) {
    const rider = await bookingRider(app, shift.branchOfficeId);
    expect((await confirm(rider.session, route.id, date)).body.status).toBe("WAITLISTED");
    others.push(rider);
  }
  return { route, own, others };
}

describe("the cut-off sweep", () => {
  it("at the cut-off tells each rider still waiting «Sin asiento» once, and freezes the day", async () => {
    const date = "2030-12-02";
    clock.now = Date.parse("2030-11-30T12:00:00Z");
    const { route, others } = await fullRoute(date, 2);
    // 04:00 local (UTC−4) is 08:00Z: not yet.
    clock.now = Date.parse(`${date}T07:59:00Z`);
    await app.bookingSweep.sweep();
    const { db } = await testDatabase();
    const frozen = () =>
      db
        .select()
        .from(bookingDays)
        .where(and(eq(bookingDays.routeId, route.id), eq(bookingDays.serviceDate, date)));
    expect(await frozen()).toEqual([]);
    clock.now = Date.parse(`${date}T08:00:00Z`);
    // Two runs at once (two instances): the day is swept and its riders told once.
    await Promise.all([app.bookingSweep.sweep(), app.bookingSweep.sweep()]);
    await app.bookingSweep.sweep();
    expect(await frozen()).toEqual([
      expect.objectContaining({ serviceDate: date, seats: 1, confirmed: 1, waitlisted: 2, cancelled: 0 }),
    ]);
    for (const rider of others) {
      expect(await unread(rider.session)).toEqual([
        expect.objectContaining({
          title: "Sin asiento",
          message: `Sin asiento en la ruta ${route.name} el 02/12/2030: no se liberó ningún asiento antes del plazo`,
        }),
      ]);
    }
    // The report reads the day as it stood at the cut-off; what came after is counted apart.
    await call(app, admin, API.booking.admin, {
      body: {
        employeeId: take(others, 1)[0].employee.id,
        routeId: route.id,
        date,
        status: "CONFIRMED",
        reason: "Cupo extra",
      },
    });
    const report = await call(app, admin, API.booking.report, {
      query: { sinceDate: date, untilDate: date, routeId: route.id },
    });
    expect(report.body.data.items).toEqual([
      expect.objectContaining({ routeId: route.id, date, seats: 1, confirmed: 1, waitlisted: 2, demand: 3 }),
    ]);
    const manifest = await call(app, admin, API.booking.manifest, { query: { routeId: route.id, date } });
    expect(manifest.body).toMatchObject({ confirmed: 2, waitlisted: 1 });
  });

  it("after the cut-off a freed seat promotes nobody", async () => {
    const date = "2030-12-03";
    clock.now = Date.parse("2030-11-30T12:00:00Z");
    const { route, own, others } = await fullRoute(date, 1);
    clock.now = Date.parse(`${date}T09:00:00Z`);
    await call(app, admin, API.booking.admin, {
      body: { employeeId: own.employee.id, routeId: route.id, date, status: "CANCELLED", reason: "Licencia" },
    });
    const manifest = await call(app, admin, API.booking.manifest, { query: { routeId: route.id, date } });
    expect(manifest.body).toMatchObject({ confirmed: 0, waitlisted: 1, cancelled: 1 });
    expect(await unread(take(others, 1)[0].session)).toEqual([]);
  });
});

describe("assigning and removing riders keeps the bookings consistent", () => {
  // «Coming days» and the cut-off are the app's bookings clock's, as in the rest of the module.
  const earlier = "2031-01-05";
  const date = "2031-01-06";
  const later = "2031-01-07";

  it("removeRoute drops the rider's coming rows there (from the app's today) and gives their seat to the first waiting", async () => {
    clock.now = Date.parse("2031-01-04T12:00:00Z");
    const { route, own, others } = await fullRoute(date, 1);
    await call(app, own.session, API.booking.cancel, { body: { routeId: route.id, date: earlier } });
    await call(app, own.session, API.booking.cancel, { body: { routeId: route.id, date: later } });
    // 02:00 local on `date` (UTC−4): `earlier` is past, `date`'s cut-off (04:00) still ahead.
    clock.now = Date.parse(`${date}T06:00:00Z`);
    const removed = await app.inject({
      method: "DELETE",
      url: `${API.employee.removeRoute.path}?employeeId=${own.employee.id}&routeId=${route.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const { db } = await testDatabase();
    const rowsOf = (employeeId: number) =>
      db
        .select()
        .from(bookings)
        .where(and(eq(bookings.routeId, route.id), eq(bookings.employeeId, employeeId)));
    // The day before the app's today stays on record; the coming one went with the assignment.
    expect(await rowsOf(own.employee.id)).toEqual([
      expect.objectContaining({ serviceDate: earlier, status: "CANCELLED" }),
    ]);
    const manifest = await call(app, admin, API.booking.manifest, { query: { routeId: route.id, date } });
    expect(manifest.body.list).toEqual([
      expect.objectContaining({ employeeId: take(others, 1)[0].employee.id, status: "CONFIRMED" }),
    ]);
    expect(await unread(take(others, 1)[0].session)).toEqual([
      expect.objectContaining({ title: "Tienes asiento" }),
    ]);
  });

  it("addRoute turns a rider's waiting seat request into their place on the standing list", async () => {
    clock.now = Date.parse("2031-01-04T12:00:00Z");
    const { route, others } = await fullRoute(date, 1);
    const added = await app.inject({
      method: "PUT",
      url: `${API.employee.addRoute.path}?employeeId=${take(others, 1)[0].employee.id}&routeId=${route.id}`,
      headers: admin.headers,
    });
    expect(added.statusCode, added.body).toBe(200);
    const mine = await call(app, take(others, 1)[0].session, API.booking.my, {
      query: { sinceDate: date, untilDate: date },
    });
    expect(mine.body.list).toEqual([expect.objectContaining({ status: "CONFIRMED", assigned: true })]);
  });
});
