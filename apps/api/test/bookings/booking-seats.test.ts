import {
  BOOKING_ROUTE_INACTIVE_MESSAGE,
  BOOKING_ROUTE_NOT_FOUND_MESSAGE,
  NO_BOOKING_MESSAGE,
  NOT_A_SERVICE_DAY_MESSAGE,
  OTHER_BRANCH_OFFICE_MESSAGE,
  UNCONFIRMED_REASON,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../../src/db/schema.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
  take,
} from "../helpers/booking-factories.js";
import { signedInDriver } from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

// Monday 2 December 2030, long before its cut-off.
const DATE = "2030-12-02";
const clock: TestClock = { now: Date.parse("2030-11-28T12:00:00Z") };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const confirm = (session: SignedIn, routeId: number, date = DATE) =>
  call(app, session, API.booking.confirm, { body: { routeId, date } });
const cancel = (session: SignedIn, routeId: number, date = DATE) =>
  call(app, session, API.booking.cancel, { body: { routeId, date } });
const manifest = (routeId: number) =>
  call(app, admin, API.booking.manifest, { query: { routeId, date: DATE } });
const unread = async (session: SignedIn) => (await call(app, session, API.notification.unread)).body;

/** A shift of a new branch office and `count` riders of that branch office. */
async function officeWith(count: number, values: Parameters<typeof bookingShift>[0] = {}) {
  const shift = await bookingShift(values);
  const riders = [];
  for (let i = 0; i < count; i++)
    riders.push(await bookingRider(app, shift.branchOfficeId, { name: `Rider${i}` }));
  return { shift, riders };
}

describe("seats and the waitlist", () => {
  it("a seat on another route is CONFIRMED while one is free, then WAITLISTED in arrival order", async () => {
    const { shift, riders } = await officeWith(5);
    const [own, a, b, c, d] = take(riders, 5);
    const route = await bookingRoute({ shiftId: shift.id, seats: 3, riders: [own.employee.id] });
    expect(await confirm(a.session, route.id)).toEqual({ status: 200, body: { status: "CONFIRMED" } });
    expect(await confirm(b.session, route.id)).toEqual({ status: 200, body: { status: "CONFIRMED" } });
    expect(await confirm(c.session, route.id)).toEqual({
      status: 200,
      body: { status: "WAITLISTED", waitlistPosition: 1 },
    });
    expect(await confirm(d.session, route.id)).toEqual({
      status: 200,
      body: { status: "WAITLISTED", waitlistPosition: 2 },
    });
    // Asking again changes nothing.
    expect((await confirm(d.session, route.id)).body).toEqual({ status: "WAITLISTED", waitlistPosition: 2 });
    const day = (await manifest(route.id)).body;
    expect(day).toMatchObject({ seats: 3, confirmed: 3, waitlisted: 2, cancelled: 0, noShow: 0 });
    expect(day.list.map((item: { employeeId: number }) => item.employeeId).slice(3)).toEqual([
      c.employee.id,
      d.employee.id,
    ]);
    const mine = await call(app, d.session, API.booking.my, { query: { sinceDate: DATE, untilDate: DATE } });
    expect(mine.body.list).toEqual([
      expect.objectContaining({
        routeId: route.id,
        status: "WAITLISTED",
        waitlistPosition: 2,
        assigned: false,
      }),
    ]);
  });

  it("a freed seat promotes exactly the first waiting rider, once, and tells them", async () => {
    const { shift, riders } = await officeWith(4);
    const [a, b, c, d] = take(riders, 4);
    const route = await bookingRoute({
      shiftId: shift.id,
      seats: 2,
      riders: [a.employee.id, b.employee.id],
    });
    await confirm(c.session, route.id);
    await confirm(d.session, route.id);
    expect(await cancel(a.session, route.id)).toEqual({ status: 200, body: { status: "CANCELLED" } });
    // Cancelling again frees nothing more.
    expect((await cancel(a.session, route.id)).status).toBe(200);
    const day = (await manifest(route.id)).body;
    expect(day).toMatchObject({ confirmed: 2, waitlisted: 1, cancelled: 1 });
    const status = (employeeId: number) =>
      day.list.find((item: { employeeId: number }) => item.employeeId === employeeId);
    expect(status(c.employee.id)).toMatchObject({ status: "CONFIRMED" });
    expect(status(d.employee.id)).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
    const told = await unread(c.session);
    expect(told).toEqual([
      expect.objectContaining({
        title: "Tienes asiento",
        message: expect.stringContaining(`Tienes asiento en la ruta ${route.name} el 02/12/2030`),
      }),
    ]);
    expect(await unread(d.session)).toEqual([]);
  });

  it("the rider who cancelled and comes back competes for a seat like anyone else", async () => {
    const { shift, riders } = await officeWith(3);
    const [a, b, c] = take(riders, 3);
    const route = await bookingRoute({
      shiftId: shift.id,
      seats: 2,
      riders: [a.employee.id, b.employee.id],
    });
    await cancel(a.session, route.id);
    expect((await confirm(c.session, route.id)).body).toEqual({ status: "CONFIRMED" });
    expect((await confirm(a.session, route.id)).body).toEqual({ status: "WAITLISTED", waitlistPosition: 1 });
    await cancel(c.session, route.id);
    expect(
      (await call(app, a.session, API.booking.my, { query: { sinceDate: DATE, untilDate: DATE } })).body.list,
    ).toEqual([expect.objectContaining({ status: "CONFIRMED", assigned: true })]);
  });

  it("without seats of its own the route has its smallest vehicle's", async () => {
    const { shift, riders } = await officeWith(2);
    const { driver } = await signedInDriver(app);
    const { db } = await testDatabase();
    await db.update(drivers).set({ vehicleCapacity: 1 }).where(eq(drivers.id, driver.id));
    const route = await bookingRoute({ shiftId: shift.id, drivers: [driver.id] });
    expect((await confirm(take(riders, 1)[0].session, route.id)).body).toEqual({ status: "CONFIRMED" });
    expect((await confirm(take(riders, 2)[1].session, route.id)).body).toEqual({
      status: "WAITLISTED",
      waitlistPosition: 1,
    });
    expect((await manifest(route.id)).body.seats).toBe(1);
  });

  it("an opt-in shift: a day without «Sí viajaré» is CANCELLED «Sin confirmar» and takes no seat", async () => {
    const { shift, riders } = await officeWith(3, { confirmationRequired: true });
    const [a, b, c] = take(riders, 3);
    const route = await bookingRoute({
      shiftId: shift.id,
      seats: 1,
      riders: [a.employee.id, b.employee.id],
    });
    const mine = await call(app, a.session, API.booking.my, { query: { sinceDate: DATE, untilDate: DATE } });
    expect(mine.body.list).toEqual([
      expect.objectContaining({ status: "CANCELLED", reason: UNCONFIRMED_REASON, canChange: true }),
    ]);
    expect((await manifest(route.id)).body).toMatchObject({ confirmed: 0, cancelled: 2 });
    expect((await confirm(c.session, route.id)).body).toEqual({ status: "CONFIRMED" });
    expect((await confirm(a.session, route.id)).body).toEqual({ status: "WAITLISTED", waitlistPosition: 1 });
    expect((await manifest(route.id)).body).toMatchObject({ confirmed: 1, waitlisted: 1, cancelled: 1 });
  });

  it("refusals: another branch office's route, a day it does not run, an inactive or unknown route, no booking", async () => {
    const { shift, riders } = await officeWith(1);
    const other = await officeWith(0);
    const foreign = await bookingRoute({ shiftId: other.shift.id, seats: 10 });
    expect(await confirm(take(riders, 1)[0].session, foreign.id)).toMatchObject({
      status: 403,
      body: { message: OTHER_BRANCH_OFFICE_MESSAGE },
    });
    const weekdays = await bookingRoute({ shiftId: shift.id, dayIds: [2, 3, 4, 5, 6] });
    expect(await confirm(take(riders, 1)[0].session, weekdays.id)).toMatchObject({
      status: 409,
      body: { message: NOT_A_SERVICE_DAY_MESSAGE },
    });
    const inactive = await bookingRoute({ shiftId: shift.id, status: "inactive" });
    expect(await confirm(take(riders, 1)[0].session, inactive.id)).toMatchObject({
      status: 409,
      body: { message: BOOKING_ROUTE_INACTIVE_MESSAGE },
    });
    expect(await confirm(take(riders, 1)[0].session, 999_999_999)).toMatchObject({
      status: 404,
      body: { message: BOOKING_ROUTE_NOT_FOUND_MESSAGE },
    });
    const open = await bookingRoute({ shiftId: shift.id, seats: 10 });
    expect(await cancel(take(riders, 1)[0].session, open.id)).toMatchObject({
      status: 409,
      body: { message: NO_BOOKING_MESSAGE },
    });
    const badDate = await call(app, take(riders, 1)[0].session, API.booking.confirm, {
      body: { routeId: open.id, date: "2030-02-30" },
    });
    expect(badDate).toMatchObject({
      status: 400,
      body: { errors: { date: "Fecha inválida (formato YYYY-MM-DD)" } },
    });
  });

  it("«Pedir asiento» lists the other routes of the branch office running that day, with their seats", async () => {
    const { shift, riders } = await officeWith(2);
    const [a, b] = take(riders, 2);
    const mine = await bookingRoute({ shiftId: shift.id, seats: 5, riders: [a.employee.id] });
    const other = await bookingRoute({ shiftId: shift.id, seats: 1, riders: [b.employee.id] });
    const list = (await call(app, a.session, API.booking.routes, { query: { date: DATE } })).body.list;
    expect(list.map((item: { routeId: number }) => item.routeId)).toEqual([other.id]);
    expect(list[0]).toMatchObject({ seats: 1, confirmed: 1, waitlisted: 0, canChange: true });
    expect(list.some((item: { routeId: number }) => item.routeId === mine.id)).toBe(false);
  });
});
