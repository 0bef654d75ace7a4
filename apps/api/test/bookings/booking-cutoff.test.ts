import { cutoffPassedMessage } from "@treiber/contract";
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
import { signedInAs } from "../helpers/test-app.js";

// Monday 2 December 2030. The branch offices are on UTC−4 (Santo Domingo) unless a test says otherwise.
const DATE = "2030-12-02";
const clock: TestClock = { now: Date.parse("2030-11-28T12:00:00Z") };
let app: FastifyInstance;

beforeAll(async () => {
  app = await bookingApp(clock, { offsetMinutes: 240 });
});
afterAll(() => app.close());

/** A rider on an inbound route whose first stop is `firstStop` (local), of a shift with those rules. */
async function riderOnRoute(
  shift: { time?: string; cutoffMinutes?: number; cutoffDayBeforeTime?: string | null },
  firstStop: string,
) {
  const office = await bookingShift({ direction: "inbound", time: shift.time ?? "08:00", ...shift });
  const rider = await bookingRider(app, office.branchOfficeId);
  const route = await bookingRoute({
    shiftId: office.id,
    stops: [{ name: "Parque Enriquillo", time: firstStop, riders: [rider.employee.id] }],
  });
  return { rider, route };
}

const cancel = (session: Parameters<typeof call>[1], routeId: number, extra: object = {}, gmt = "4") =>
  call(app, session, API.booking.cancel, { body: { routeId, date: DATE, ...extra }, gmt });

describe("the cut-off (minutes before the first stop, or the day before at HH:mm), on the branch office's clock", () => {
  it("120 minutes before a 06:00 first stop: open until 03:59:59.999 local, refused at 04:00 naming it", async () => {
    const { rider, route } = await riderOnRoute({}, "06:00");
    // 04:00 at UTC−4 is 08:00Z.
    clock.now = Date.parse(`${DATE}T07:59:59.999Z`);
    const mine = await call(app, rider.session, API.booking.my, {
      query: { sinceDate: DATE, untilDate: DATE },
    });
    expect(mine.body.list).toEqual([
      expect.objectContaining({
        routeId: route.id,
        date: DATE,
        status: "CONFIRMED",
        stopName: "Parque Enriquillo",
        plannedTime: "06:00",
        cutoffAt: "2030-12-02T08:00:00.000Z",
        canChange: true,
        waitlistPosition: null,
      }),
    ]);
    expect(await cancel(rider.session, route.id)).toEqual({ status: 200, body: { status: "CANCELLED" } });

    clock.now = Date.parse(`${DATE}T08:00:00.000Z`);
    const late = await call(app, rider.session, API.booking.confirm, {
      body: { routeId: route.id, date: DATE },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(cutoffPassedMessage("04:00", "02/12/2030"));
    expect(late.body.message).toBe("El plazo para cambiar la reserva terminó a las 04:00 del 02/12/2030");
    const after = await call(app, rider.session, API.booking.my, {
      query: { sinceDate: DATE, untilDate: DATE },
    });
    expect(after.body.list[0]).toMatchObject({ status: "CANCELLED", canChange: false });
  });

  it("the caller's own GMT changes nothing: a phone at UTC+5:30 gets the branch office's 04:00", async () => {
    const { rider, route } = await riderOnRoute({}, "06:00");
    clock.now = Date.parse(`${DATE}T08:00:00.000Z`);
    const refused = await cancel(rider.session, route.id, {}, "-5.5");
    expect(refused).toMatchObject({
      status: 409,
      body: { message: cutoffPassedMessage("04:00", "02/12/2030") },
    });
  });

  it("«the day before at 20:00»: open until 19:59:59.999 of the day before, whatever the first stop", async () => {
    const { rider, route } = await riderOnRoute({ cutoffDayBeforeTime: "20:00" }, "06:00");
    // 1 December 20:00 at UTC−4 is 2 December 00:00Z.
    clock.now = Date.parse("2030-12-01T23:59:59.999Z");
    expect((await cancel(rider.session, route.id)).status).toBe(200);
    clock.now = Date.parse("2030-12-02T00:00:00.000Z");
    const refused = await call(app, rider.session, API.booking.confirm, {
      body: { routeId: route.id, date: DATE },
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: cutoffPassedMessage("20:00", "01/12/2030") },
    });
  });

  it("a shift of 00:30 whose first stop is 23:40: the trip of the 2nd starts the evening before, and so does its cut-off", async () => {
    const { rider, route } = await riderOnRoute({ time: "00:30", cutoffMinutes: 30 }, "23:40");
    // 1 December 23:10 local = 2 December 03:10Z.
    clock.now = Date.parse("2030-12-02T03:09:59.999Z");
    expect((await cancel(rider.session, route.id)).status).toBe(200);
    clock.now = Date.parse("2030-12-02T03:10:00.000Z");
    const refused = await call(app, rider.session, API.booking.confirm, {
      body: { routeId: route.id, date: DATE },
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: cutoffPassedMessage("23:10", "01/12/2030") },
    });
  });

  it("a branch office at UTC+5:45: the cut-off is its own local 04:00", async () => {
    const other = await bookingApp(clock, { offsetMinutes: -345 });
    try {
      const office = await bookingShift({ direction: "inbound", time: "08:00" });
      const rider = await bookingRider(other, office.branchOfficeId);
      const route = await bookingRoute({
        shiftId: office.id,
        stops: [{ name: "Thamel", time: "06:00", riders: [rider.employee.id] }],
      });
      // 04:00 at UTC+5:45 is 1 December 22:15Z.
      clock.now = Date.parse("2030-12-01T22:14:59.999Z");
      const open = await call(other, rider.session, API.booking.cancel, {
        body: { routeId: route.id, date: DATE },
      });
      expect(open.status).toBe(200);
      clock.now = Date.parse("2030-12-01T22:15:00.000Z");
      const refused = await call(other, rider.session, API.booking.confirm, {
        body: { routeId: route.id, date: DATE },
      });
      expect(refused).toMatchObject({
        status: 409,
        body: { message: cutoffPassedMessage("04:00", "02/12/2030") },
      });
    } finally {
      await other.close();
    }
  });

  it("a change queued offline before the cut-off that arrives after it is refused, naming both times", async () => {
    const { rider, route } = await riderOnRoute({}, "06:00");
    clock.now = Date.parse(`${DATE}T08:05:00.000Z`);
    const refused = await cancel(rider.session, route.id, { requestedAt: `${DATE}T07:50:00.000Z` });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "El plazo para cambiar la reserva terminó a las 04:00 del 02/12/2030; su cambio sin conexión de las 03:50 llegó después",
    );
  });

  it("Treiber App's outbox sends a queued «No viajaré» in a batch, once; past the cut-off the batch says so", async () => {
    const { rider, route } = await riderOnRoute({}, "06:00");
    const batch = (actions: object[]) =>
      call(app, rider.session, API.fieldAction.batch, { body: { actions } });
    const queued = (actionId: string) => ({
      method: "PUT",
      path: "/Booking/cancel",
      body: { routeId: route.id, date: DATE, actionId, requestedAt: `${DATE}T07:30:00.000Z` },
    });
    clock.now = Date.parse(`${DATE}T07:45:00.000Z`);
    const first = "6f1c4a52-8b4e-4c39-9d7e-2f1a3b4c5d6e";
    const sent = await batch([queued(first), queued(first)]);
    expect(sent.body.results).toEqual([
      { statusCode: 200, body: { status: "CANCELLED" } },
      { statusCode: 200, body: { status: "CANCELLED" } },
    ]);
    clock.now = Date.parse(`${DATE}T08:01:00.000Z`);
    const late = await batch([
      { ...queued("7a2d5b63-9c5f-4d4a-8e8f-3a2b4c5d6e7f"), path: "/Booking/confirm" },
    ]);
    expect(late.body.results).toEqual([
      {
        statusCode: 409,
        body: expect.objectContaining({
          message:
            "El plazo para cambiar la reserva terminó a las 04:00 del 02/12/2030; su cambio sin conexión de las 03:30 llegó después",
        }),
      },
    ]);
  });

  it("after the cut-off an admin still changes the booking, with a reason: a late cancellation in the manifest", async () => {
    const { rider, route } = await riderOnRoute({}, "06:00");
    const admin = await signedInAs(app, "Admin");
    clock.now = Date.parse(`${DATE}T09:00:00.000Z`);
    const noReason = await call(app, admin, API.booking.admin, {
      body: { employeeId: rider.employee.id, routeId: route.id, date: DATE, status: "CANCELLED" },
    });
    expect(noReason).toMatchObject({ status: 400, body: { errors: { reason: "Este campo es requerido" } } });
    const changed = await call(app, admin, API.booking.admin, {
      body: {
        employeeId: rider.employee.id,
        routeId: route.id,
        date: DATE,
        status: "CANCELLED",
        reason: "Llamó enfermo",
      },
    });
    expect(changed).toEqual({
      status: 200,
      body: { status: "CANCELLED", waitlistPosition: null, message: "Reserva actualizada" },
    });
    const manifest = await call(app, admin, API.booking.manifest, {
      query: { routeId: route.id, date: DATE },
    });
    expect(manifest.body).toMatchObject({ confirmed: 0, cancelled: 1 });
    expect(manifest.body.list).toEqual([
      expect.objectContaining({
        employeeId: rider.employee.id,
        status: "CANCELLED",
        reason: "Llamó enfermo",
        changedByAdmin: true,
        changedBy: "María Rodríguez",
        changedAt: "2030-12-02T09:00:00.000Z",
      }),
    ]);
  });
});
