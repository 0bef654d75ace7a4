import type { PlanningContext } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../src/db/schema.js";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { addDrivers, addRiders } from "../helpers/plan-factories.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import { type SignedIn, signedInAs, signIn, testDatabase } from "../helpers/test-app.js";

// Sunday 1 December 2030, 08:00 on UTC−4: Monday 2 and Tuesday 3 are open (cut-off 05:00 each day).
const PAST = "2030-11-25";
const DATE = "2030-12-02";
const NEXT = "2030-12-03";
const clock: TestClock = { now: Date.parse("2030-12-01T12:00:00.000Z") };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

type Rider = Awaited<ReturnType<typeof createRider>> & { session: SignedIn };
type Point = { latitude: number; longitude: number };
const stop = (name: string, point: Point, employeeIds: number[]) => ({
  name,
  address: `${name} 1`,
  ...point,
  employeeIds,
});

async function rider(officeId: number, home: Point, name: string): Promise<Rider> {
  const row = await createRider(officeId, home, { name });
  return { ...row, session: await signIn(app, row.user.email) };
}

/**
 * Route A (2 seats, Mon–Fri, riders Ana and Beto: full) and route B (Carla) of an 08:00 shift.
 * Carla asked for a seat on A on DATE (waiting 1st) and on NEXT (waiting, then withdrew: CANCELLED);
 * Dora and Eva wait on A on DATE (2nd, 3rd). Beto cancelled NEXT and was absent on PAST.
 */
async function scenario() {
  const { office, shift, workplace } = await planningSetting();
  const week = {
    destinationId: workplace.id,
    shiftId: shift.id,
    dayIds: [1, 2, 3, 4, 5],
    departureTime: "07:00",
  };
  const routeA = await createRoute({ ...week, seats: 2 });
  const routeB = await createRoute({ ...week, seats: 10 });
  const ana = await rider(office.id, near(5), "Ana");
  const beto = await rider(office.id, near(6), "Beto");
  const carla = await rider(office.id, near(7, 1), "Carla");
  const dora = await rider(office.id, near(4, -1), "Dora");
  const eva = await rider(office.id, near(3, 1), "Eva");
  const [dA, dB] = [await createVehicleDriver(10), await createVehicleDriver(10)];
  await addRiders(routeA.id, [ana.id, beto.id]);
  await addRiders(routeB.id, [carla.id]);
  await addDrivers(routeA.id, [dA.id]);
  await addDrivers(routeB.id, [dB.id]);
  const ask = (who: Rider, date: string) =>
    call(app, who.session, API.booking.confirm, { body: { routeId: routeA.id, date } });
  const cancel = (who: Rider, date: string) =>
    call(app, who.session, API.booking.cancel, { body: { routeId: routeA.id, date } });
  expect((await ask(carla, DATE)).body).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
  expect((await ask(dora, DATE)).body).toMatchObject({ status: "WAITLISTED", waitlistPosition: 2 });
  expect((await ask(eva, DATE)).body).toMatchObject({ status: "WAITLISTED", waitlistPosition: 3 });
  expect((await ask(carla, NEXT)).body).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
  expect((await cancel(carla, NEXT)).body).toEqual({ status: "CANCELLED" });
  expect((await cancel(beto, NEXT)).body).toEqual({ status: "CANCELLED" });
  const absent = await call(app, admin, API.booking.admin, {
    body: { employeeId: beto.id, routeId: routeA.id, date: PAST, status: "NO_SHOW", reason: "No llegó" },
  });
  expect(absent.status).toBe(200);
  const context = await call(app, admin, API.planning.context, {
    query: { shiftId: shift.id, destinationId: workplace.id },
  });
  expect(context.status).toBe(200);
  return { shift, workplace, routeA, riders: { ana, beto, carla, dora, eva }, dA, context: context.body };
}

const rowsOf = async (routeId: number, employeeId: number) => {
  const { db } = await testDatabase();
  return db
    .select({ date: bookings.serviceDate, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.routeId, routeId), eq(bookings.employeeId, employeeId)))
    .orderBy(asc(bookings.serviceDate));
};
const statusOn = async (who: Rider, routeId: number, date: string) => {
  const mine = await call(app, who.session, API.booking.my, { query: { sinceDate: date, untilDate: date } });
  return mine.body.list.find((row: { routeId: number }) => row.routeId === routeId);
};
const seatsGranted = async (who: Rider) =>
  ((await call(app, who.session, API.notification.unread)).body as { title: string }[]).filter(
    (notice) => notice.title === "Tienes asiento",
  ).length;

describe("Planificación's apply keeps the bookings consistent (issue 35, decision 0064)", () => {
  it("drops a removed rider's coming rows (not the absences), clears an added rider's requests, promotes the first waiting once", async () => {
    const s = await scenario();
    const { ana, beto, carla, dora, eva } = s.riders;
    // A keeps Ana, gains Carla and a third seat; Beto is left out; B is retired.
    const applied = await call(app, admin, API.planning.apply, {
      body: {
        shiftId: s.shift.id,
        destinationId: s.workplace.id,
        dayIds: [1, 2, 3, 4, 5],
        version: (s.context as PlanningContext).version,
        routes: [
          {
            routeId: s.routeA.id,
            name: s.routeA.name,
            driverId: s.dA.id,
            seats: 3,
            stops: [stop("Parque", near(5), [ana.id]), stop("Colmado", near(7, 1), [carla.id])],
          },
        ],
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ updated: 1, deactivated: 1 });

    // Beto: his cancellation of NEXT is gone with him; his absence on PAST stays on record.
    expect(await rowsOf(s.routeA.id, beto.id)).toEqual([{ date: PAST, status: "NO_SHOW" }]);
    expect(await statusOn(beto, s.routeA.id, NEXT)).toBeUndefined();
    // Carla: her waiting (DATE) and withdrawn (NEXT) requests gave way to her place on the list.
    expect(await rowsOf(s.routeA.id, carla.id)).toEqual([]);
    expect(await statusOn(carla, s.routeA.id, DATE)).toMatchObject({ status: "CONFIRMED" });
    expect(await statusOn(carla, s.routeA.id, NEXT)).toMatchObject({ status: "CONFIRMED" });
    // DATE: Ana and Carla take 2 of the 3 seats; Dora, first still waiting, gets the third, told once.
    expect(await statusOn(dora, s.routeA.id, DATE)).toMatchObject({
      status: "CONFIRMED",
      waitlistPosition: null,
    });
    expect(await statusOn(eva, s.routeA.id, DATE)).toMatchObject({
      status: "WAITLISTED",
      waitlistPosition: 1,
    });
    expect(await seatsGranted(dora)).toBe(1);
    expect(await seatsGranted(eva)).toBe(0);
    expect(await seatsGranted(carla)).toBe(0);
    const manifest = await call(app, admin, API.booking.manifest, {
      query: { routeId: s.routeA.id, date: DATE },
    });
    expect(manifest.body).toMatchObject({ seats: 3, confirmed: 3, waitlisted: 1 });
  });

  it("judges the coming days and the cut-off by the app's bookings clock", async () => {
    clock.now = Date.parse("2030-12-01T12:00:00.000Z");
    const s = await scenario();
    const { ana, carla, dora } = s.riders;
    // 06:00 local on NEXT: DATE is past, NEXT's cut-off (05:00) too.
    clock.now = Date.parse(`${NEXT}T10:00:00.000Z`);
    const applied = await call(app, admin, API.planning.apply, {
      body: {
        shiftId: s.shift.id,
        destinationId: s.workplace.id,
        dayIds: [1, 2, 3, 4, 5],
        version: (s.context as PlanningContext).version,
        routes: [
          {
            routeId: s.routeA.id,
            name: s.routeA.name,
            driverId: s.dA.id,
            seats: 3,
            stops: [stop("Parque", near(5), [ana.id]), stop("Colmado", near(7, 1), [carla.id])],
          },
        ],
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // Carla's request on DATE (before the app's today) stays on record; from NEXT on it gave way.
    expect(await rowsOf(s.routeA.id, carla.id)).toEqual([{ date: DATE, status: "WAITLISTED" }]);
    // Past DATE's cut-off nobody moves up: Dora is still waiting and was not told.
    expect(await rowsOf(s.routeA.id, dora.id)).toEqual([{ date: DATE, status: "WAITLISTED" }]);
    expect(await seatsGranted(dora)).toBe(0);
  });
});
