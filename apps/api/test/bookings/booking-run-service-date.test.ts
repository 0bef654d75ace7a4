import type { TodayRoute } from "@treiber/contract";
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
import { insertTrip, signedInDriver } from "../helpers/operation-factories.js";

/**
 * The driver's «Hoy» gives each route's service date, decided by the server on the branch offices'
 * clock (issue 35, decision 0064), never by the phone: a night run (an Entrada at 06:00 picking up
 * at 22:30 the evening before) is the next day's before it starts and once started, whatever the
 * phone's zone; a trip in progress keeps the date of its own start.
 */

// Sunday 1 December 2030, 19:00 on UTC−4 (23:00Z); the phone (GMT 0 or +9) may read another date.
const clock: TestClock = { now: Date.parse("2030-12-01T23:00:00.000Z") };
let app: FastifyInstance;

beforeAll(async () => {
  app = await bookingApp(clock);
});
afterAll(() => app.close());

/** A driver's route of one stop at `stopTime` with one rider, on an Entrada shift at `shiftTime`. */
async function driverRoute(shiftTime: string, stopTime: string) {
  const shift = await bookingShift({ direction: "inbound", time: shiftTime });
  const driver = await signedInDriver(app);
  const rider = await bookingRider(app, shift.branchOfficeId, { name: "Ana" });
  const route = await bookingRoute({
    shiftId: shift.id,
    drivers: [driver.driver.id],
    departureTime: stopTime,
    stops: [{ name: "Parada Naco", time: stopTime, riders: [rider.employee.id] }],
  });
  return { driver, rider, route };
}

async function hoy(session: Awaited<ReturnType<typeof signedInDriver>>["session"], gmt: string) {
  const response = await call(app, session, API.intermediateRoute.today, { gmt });
  expect(response.status).toBe(200);
  return (response.body as { response: TodayRoute[] }).response;
}

describe("GET IntermediateRoute/today: the service date of each run", () => {
  it("a night run not started yet is the next day's, in any phone zone; its manifest is that date's", async () => {
    const { driver, rider, route } = await driverRoute("06:00", "22:30");
    for (const gmt of ["0", "9", "4"]) {
      const [row] = await hoy(driver.session, gmt);
      expect(row).toMatchObject({ routeId: route.id, state: "Pendiente", serviceDate: "2030-12-02" });
    }
    // Ana says «No viajaré» for Monday before its cut-off (20:30 on Sunday): the driver's manifest of
    // the date «Hoy» gives already leaves her out.
    const cancelled = await call(app, rider.session, API.booking.cancel, {
      body: { routeId: route.id, date: "2030-12-02" },
    });
    expect(cancelled.status).toBe(200);
    const manifest = await call(app, driver.session, API.booking.manifest, {
      query: { routeId: route.id, date: "2030-12-02" },
    });
    expect(manifest.status).toBe(200);
    expect(manifest.body).toMatchObject({ confirmed: 0, cancelled: 1 });
    expect(manifest.body.list[0]).toMatchObject({ employeeId: rider.employee.id, status: "CANCELLED" });
  });

  it("a night run started at 22:25 is the next day's; a morning trip still running keeps its own day", async () => {
    const night = await driverRoute("06:00", "22:30");
    await insertTrip({
      driverId: night.driver.driver.id,
      supplierId: night.driver.supplier.id,
      routeId: night.route.id,
      startedAt: new Date("2030-12-02T02:25:00.000Z"),
      endedAt: null,
    });
    const morning = await driverRoute("08:00", "06:40");
    await insertTrip({
      driverId: morning.driver.driver.id,
      supplierId: morning.driver.supplier.id,
      routeId: morning.route.id,
      startedAt: new Date("2030-12-01T10:45:00.000Z"),
      endedAt: null,
    });
    const [nightRow] = await hoy(night.driver.session, "9");
    expect(nightRow).toMatchObject({ state: "En curso", serviceDate: "2030-12-02" });
    // Not started yet at 19:00 its nearest run would be Monday's; the trip started Sunday 06:45 is Sunday's.
    const [morningRow] = await hoy(morning.driver.session, "0");
    expect(morningRow).toMatchObject({ state: "En curso", serviceDate: "2030-12-01" });
  });
});
