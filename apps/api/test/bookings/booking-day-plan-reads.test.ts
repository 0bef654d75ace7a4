import {
  type BookingManifestResponse,
  type DayPlanProposal,
  type MyBookingItem,
  TODAY_DATE_RANGE_MESSAGE,
  type TodayRoute,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees } from "../../src/db/schema.js";
import { NOT_YOUR_TRIP } from "../../src/modules/trips/trip-access.js";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { applyBody, cancelRides, dayPlanCity, proposeDay } from "../helpers/day-plan-factories.js";
import { insertTrip } from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs, signIn, testDatabase } from "../helpers/test-app.js";

/**
 * The plan of the day on every read of who rides what on a date (issue 36): the driver's «Hoy» and
 * «Mañana», the manifest, «Mis viajes», boarding and «Mi bus». Two routes of a city; half their
 * riders cancel Monday DAY, so that date's plan releases one bus and the other carries everyone.
 */

// Monday DAY and the day after; Sunday the 22nd, 12:00 on UTC−4, is the test's «today». Past dates
// of the real clock: a boarding's device time may not be after the server's.
const DAY = "2026-11-23";
const NEXT_DAY = "2026-11-24";
const SUNDAY_NOON = Date.parse("2026-11-22T16:00:00.000Z");
const clock: TestClock = { now: SUNDAY_NOON };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

/** The city with DAY's plan applied: which route runs, which is released, who was moved. */
async function plannedCity() {
  const city = await dayPlanCity({ routes: 2, stops: 3, ridersPerStop: 2, seats: 12 });
  const [a, b] = city.routes;
  if (!a || !b) throw new Error("two routes");
  await cancelRides(a.id, a.riders.slice(0, 3), DAY);
  await cancelRides(b.id, b.riders.slice(0, 3), DAY);
  const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY };
  const proposal: DayPlanProposal = await proposeDay(app, admin, ids);
  expect((await call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) })).status).toBe(
    200,
  );
  const releasedId = proposal.released[0]?.routeId;
  const [released, running] = releasedId === a.id ? [a, b] : [b, a];
  const day = proposal.day.routes.find((route) => route.routeId === running.id);
  if (!day) throw new Error("the running route");
  const moved = released.riders.slice(3);
  const email = (id: number) => city.emails.get(id) as string;
  return { city, released, running, day, moved, email };
}

const today = async (session: SignedIn, date?: string) => {
  const answer = await call(app, session, API.intermediateRoute.today, date ? { query: { date } } : {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { response: TodayRoute[] }).response;
};

describe("the plan of the day on the reads of a date (issue 36)", () => {
  it("«Mañana»: the released route says so; the running one has the day's stops, times and riders; today stays standing", async () => {
    const { released, running, day, moved } = await plannedCity();
    const releasedDriver = await signIn(app, released.driver.user.email);
    const runningDriver = await signIn(app, running.driver.user.email);

    const [off] = await today(releasedDriver, DAY);
    expect(off).toMatchObject({
      routeId: released.id,
      state: "Pendiente",
      serviceDate: DAY,
      released: true,
      stops: [],
      riders: [],
      amountRiders: 0,
    });
    const [on] = await today(runningDriver, DAY);
    expect(on).toMatchObject({ routeId: running.id, serviceDate: DAY, released: false, amountRiders: 6 });
    expect(on?.stops.map((stop) => [stop.plannedTime, stop.employeeIds])).toEqual(
      day.stops.map((stop) => [stop.plannedTime, stop.employeeIds]),
    );
    const riderIds = on?.riders.map((rider) => rider.id) ?? [];
    expect([...riderIds].sort()).toEqual([...running.riders.slice(3), ...moved].sort());

    // Today (Sunday) and the day after DAY run the standing plan.
    const [sunday] = await today(runningDriver);
    expect(sunday).toMatchObject({ routeId: running.id, serviceDate: "2026-11-22" });
    expect(sunday?.released).toBeFalsy();
    expect(sunday?.stops.map((stop) => stop.name)).toEqual(running.stops.map((stop) => stop.name));
    const [after] = await today(releasedDriver, NEXT_DAY);
    expect(after).toMatchObject({ serviceDate: NEXT_DAY, amountRiders: 6 });
    expect(after?.released).toBeFalsy();

    // Monday 05:00 local, «Hoy» itself: DAY's run, released.
    clock.now = Date.parse(`${DAY}T09:00:00.000Z`);
    try {
      expect((await today(releasedDriver))[0]).toMatchObject({ serviceDate: DAY, released: true });
      expect((await today(runningDriver))[0]).toMatchObject({ serviceDate: DAY, amountRiders: 6 });
    } finally {
      clock.now = SUNDAY_NOON;
    }

    // Only today … today + 7.
    for (const date of ["2026-11-21", "2026-11-30"]) {
      const refused = await call(app, runningDriver, API.intermediateRoute.today, { query: { date } });
      expect(refused).toMatchObject({ status: 400, body: { message: TODAY_DATE_RANGE_MESSAGE } });
    }
  });

  it("the manifest lists who the day puts on the route; «Mis viajes» shows the route, stop and time that carry the rider", async () => {
    const { released, running, day, moved, email } = await plannedCity();
    const runningDriver = await signIn(app, running.driver.user.email);
    const manifest = (
      await call(app, runningDriver, API.booking.manifest, { query: { routeId: running.id, date: DAY } })
    ).body as BookingManifestResponse;
    const confirmed = manifest.list
      .filter((item) => item.status === "CONFIRMED")
      .map((item) => item.employeeId);
    expect([...confirmed].sort()).toEqual([...running.riders.slice(3), ...moved].sort());
    expect(manifest.confirmed).toBe(6);
    expect(manifest.cancelled).toBe(3);
    const movedItem = manifest.list.find((item) => item.employeeId === moved[0]);
    const movedStop = day.stops.find((stop) => stop.employeeIds.includes(moved[0] as number));
    expect(movedItem).toMatchObject({ assigned: false, plannedTime: movedStop?.plannedTime });

    const off = (await call(app, admin, API.booking.manifest, { query: { routeId: released.id, date: DAY } }))
      .body as BookingManifestResponse;
    expect(off.confirmed).toBe(0);
    expect(off.list.map((item) => item.status)).toEqual(["CANCELLED", "CANCELLED", "CANCELLED"]);
    const standing = (
      await call(app, admin, API.booking.manifest, { query: { routeId: released.id, date: NEXT_DAY } })
    ).body as BookingManifestResponse;
    expect(standing.confirmed).toBe(6);

    const rider = await signIn(app, email(moved[0] as number));
    const mine = (await call(app, rider, API.booking.my, { query: { sinceDate: DAY, untilDate: NEXT_DAY } }))
      .body as { list: MyBookingItem[] };
    const [monday, tuesday] = mine.list;
    expect(monday).toMatchObject({
      routeId: released.id,
      routeName: running.name,
      date: DAY,
      status: "CONFIRMED",
      stopName: movedStop?.name,
      plannedTime: movedStop?.plannedTime,
    });
    expect(tuesday).toMatchObject({ routeId: released.id, routeName: released.name, date: NEXT_DAY });
  });

  it("«Mis viajes» over dates with different plans of the day: each date shows its own plan's route, stop and time", async () => {
    const city = await dayPlanCity({ routes: 2, stops: 3, ridersPerStop: 2, seats: 12 });
    const [a, b] = city.routes;
    if (!a || !b) throw new Error("two routes");
    const planOf = async (date: string, cancelled: (riders: number[]) => number[]) => {
      await cancelRides(a.id, cancelled(a.riders), date);
      await cancelRides(b.id, cancelled(b.riders), date);
      const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date };
      const proposal: DayPlanProposal = await proposeDay(app, admin, ids);
      const applied = await call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) });
      expect(applied.status).toBe(200);
      return proposal;
    };
    const plans = new Map([
      [DAY, await planOf(DAY, (riders) => riders.slice(0, 3))],
      [NEXT_DAY, await planOf(NEXT_DAY, (riders) => riders.slice(3))],
    ]);
    const nameOf = new Map(city.routes.map((route) => [route.id, route.name]));
    const rider = a.riders[0] as number;
    const mine = (
      await call(app, await signIn(app, city.emails.get(rider) as string), API.booking.my, {
        query: { sinceDate: DAY, untilDate: NEXT_DAY },
      })
    ).body as { list: MyBookingItem[] };
    expect(mine.list.map((item) => [item.date, item.status])).toEqual([
      [DAY, "CANCELLED"],
      [NEXT_DAY, "CONFIRMED"],
    ]);
    const nextPlan = plans.get(NEXT_DAY)?.day.routes ?? [];
    const carrier = nextPlan.find((route) => route.stops.some((stop) => stop.employeeIds.includes(rider)));
    const stop = carrier?.stops.find((row) => row.employeeIds.includes(rider));
    expect(mine.list[1]).toMatchObject({
      routeId: a.id,
      routeName: nameOf.get(carrier?.routeId as number),
      stopName: stop?.name,
      plannedTime: stop?.plannedTime,
    });
    const moved = b.riders[3] as number;
    const movedList = (
      await call(app, await signIn(app, city.emails.get(moved) as string), API.booking.my, {
        query: { sinceDate: DAY, untilDate: NEXT_DAY },
      })
    ).body as { list: MyBookingItem[] };
    const dayPlan = plans.get(DAY)?.day.routes ?? [];
    const dayCarrier = dayPlan.find((route) => route.stops.some((row) => row.employeeIds.includes(moved)));
    const dayStop = dayCarrier?.stops.find((row) => row.employeeIds.includes(moved));
    expect(movedList.list.map((item) => [item.date, item.status])).toEqual([
      [DAY, "CONFIRMED"],
      [NEXT_DAY, "CANCELLED"],
    ]);
    expect(movedList.list[0]).toMatchObject({
      routeName: nameOf.get(dayCarrier?.routeId as number),
      stopName: dayStop?.name,
      plannedTime: dayStop?.plannedTime,
    });
    expect(movedList.list[1]).toMatchObject({ routeName: b.name });
  });

  it("a rider the day moves to another route boards it by QR and follows its trip; a stranger does not", async () => {
    const { released, running, moved, email } = await plannedCity();
    const runningDriver = await signIn(app, running.driver.user.email);
    // Monday DAY 06:30 local: the running route's trip in progress.
    clock.now = Date.parse(`${DAY}T10:30:00.000Z`);
    try {
      const trip = await insertTrip({
        driverId: running.driver.id,
        supplierId: running.driver.supplierId as number,
        routeId: running.id,
        startedAt: new Date(`${DAY}T10:30:00.000Z`),
        endedAt: null,
      });
      const rider = await signIn(app, email(moved[0] as number));
      const current = (session: SignedIn) =>
        call(app, session, {
          ...API.intermediateRoute.current,
          path: `/api/v1/IntermediateRoute/current/${trip.id}`,
        });
      expect(await current(rider)).toMatchObject({ status: 200, body: { view: "rider", id: trip.id } });
      const stranger = await signIn(app, email(released.riders[0] as number));
      expect(await current(stranger)).toMatchObject({ status: 403, body: { message: NOT_YOUR_TRIP } });

      // The driver's list of the trip: its own riders (those who cancelled too, folded by the app as
      // on any day) and the moved ones, pending.
      const listed = await call(app, runningDriver, API.transportService.listEmployee, {
        query: { intermediateRouteId: trip.id },
      });
      expect(listed.status).toBe(200);
      const pending = (listed.body as { employeeId: number; status: string }[]).map((row) => row.employeeId);
      expect([...pending].sort()).toEqual([...running.riders, ...moved].sort());

      const { db } = await testDatabase();
      const [row] = await db
        .select()
        .from(employees)
        .where(eq(employees.id, moved[0] as number));
      const scanned = await call(app, runningDriver, API.transportService.scan, {
        body: { codeQr: row?.codeQr, expectedOnly: true, scannedAt: `${DAY}T10:35:00.000Z` },
      });
      expect(scanned.status, JSON.stringify(scanned.body)).toBe(201);
    } finally {
      clock.now = SUNDAY_NOON;
    }
  });
});
