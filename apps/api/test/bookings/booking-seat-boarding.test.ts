import { SEAT_CANCELLED_MESSAGE, SEAT_NO_SHOW_MESSAGE, SEAT_WAITLISTED_MESSAGE } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_ON_TRIP } from "../../src/modules/transport-services/transport-services-service.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
} from "../helpers/booking-factories.js";
import { insertTrip, signedInDriver } from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs } from "../helpers/test-app.js";

// Monday 23 November 2026 on UTC−4: the stop is planned at 06:40 local (10:40Z), cut-off 04:40 (08:40Z).
const DATE = "2026-11-23";
const at = (hhmmss: string) => `${DATE}T${hhmmss}.000Z`;
const clock: TestClock = { now: Date.parse(at("08:00:00")) };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

/** A full route (2 seats, 1 assigned rider) and five riders of its branch office, none assigned. */
async function seatRoute() {
  const shift = await bookingShift({ direction: "inbound", time: "08:00" });
  const driver = await signedInDriver(app);
  const assigned = await bookingRider(app, shift.branchOfficeId, { name: "Asignada" });
  const others: Awaited<ReturnType<typeof bookingRider>>[] = [];
  for (const name of ["Ana", "Bea", "Carla", "Dora", "Eva"]) {
    others.push(await bookingRider(app, shift.branchOfficeId, { name }));
  }
  const route = await bookingRoute({
    shiftId: shift.id,
    seats: 2,
    drivers: [driver.driver.id],
    departureTime: "06:40",
    stops: [{ name: "Parada Los Prados", time: "06:40", riders: [assigned.employee.id] }],
  });
  return { driver, route, others };
}

describe("boarding a rider who asked for a seat on a route they are not assigned to", () => {
  it("boards a CONFIRMED seat holder and refuses the waitlisted, cancelled, absent and unbooked", async () => {
    const { driver, route, others } = await seatRoute();
    const [seated, waiting, cancelled, absent, stranger] = others;
    if (!seated || !waiting || !cancelled || !absent || !stranger) throw new Error("riders");
    const ask = (rider: typeof seated) =>
      call(app, rider.session, API.booking.confirm, { body: { routeId: route.id, date: DATE } });
    expect((await ask(seated)).body).toMatchObject({ status: "CONFIRMED" });
    expect((await ask(waiting)).body).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
    for (const [rider, status] of [
      [cancelled, "CANCELLED"],
      [absent, "NO_SHOW"],
    ] as const) {
      const changed = await call(app, admin, API.booking.admin, {
        body: { employeeId: rider.employee.id, routeId: route.id, date: DATE, status, reason: "Prueba" },
      });
      expect(changed.status).toBe(200);
    }
    await insertTrip({
      driverId: driver.driver.id,
      supplierId: driver.supplier.id,
      routeId: route.id,
      startedAt: new Date(at("10:20:00")),
      endedAt: null,
    });
    const scan = (rider: typeof seated) =>
      call(app, driver.session, API.transportService.scan, {
        body: { codeQr: rider.employee.codeQr, expectedOnly: true, scannedAt: at("10:41:00") },
      });
    expect(await scan(seated)).toMatchObject({
      status: 201,
      body: { employeeId: seated.employee.id, boardingMethod: "qr" },
    });
    expect(await scan(waiting)).toMatchObject({ status: 403, body: { message: SEAT_WAITLISTED_MESSAGE } });
    expect(await scan(cancelled)).toMatchObject({ status: 403, body: { message: SEAT_CANCELLED_MESSAGE } });
    expect(await scan(absent)).toMatchObject({ status: 403, body: { message: SEAT_NO_SHOW_MESSAGE } });
    expect(await scan(stranger)).toMatchObject({ status: 403, body: { message: NOT_ON_TRIP } });
    // The manual boarding follows the same roster.
    const manual = await call(app, driver.session, API.transportService.manual, {
      body: { employeeId: waiting.employee.id, reason: "Sin teléfono", scannedAt: at("10:42:00") },
    });
    expect(manual).toMatchObject({ status: 403, body: { message: SEAT_WAITLISTED_MESSAGE } });
  });
});
