import { NOT_ROUTE_DRIVER_MESSAGE } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transportServices } from "../../src/db/schema.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
  take,
} from "../helpers/booking-factories.js";
import { insertTrip, signedInDriver } from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

// Monday 2 December 2030 (UTC−4); the route's stop at 06:00 local, cut-off 04:00 (08:00Z).
const DAY = "2030-12-02";
const clock: TestClock = { now: Date.parse("2030-11-28T12:00:00Z") };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

type Rider = Awaited<ReturnType<typeof bookingRider>>;

const adminSets = (employeeId: number, routeId: number, date: string, status: string, reason: string) =>
  call(app, admin, API.booking.admin, { body: { employeeId, routeId, date, status, reason } });

/**
 * The day: A cancelled in time, B absent, C rode (a seat asked), D waited and was cancelled by an
 * admin after the cut-off. Seats 2.
 */
async function reportDay() {
  const shift = await bookingShift({ direction: "inbound", time: "08:00" });
  const driver = await signedInDriver(app);
  const riders = [];
  for (const name of ["Ana", "Berta", "Carla", "Dora"])
    riders.push(await bookingRider(app, shift.branchOfficeId, { name }));
  const [ana, berta, carla, dora] = riders as [Rider, Rider, Rider, Rider];
  const route = await bookingRoute({
    shiftId: shift.id,
    seats: 2,
    drivers: [driver.driver.id],
    stops: [{ name: "Km 9", time: "06:00", riders: [ana.employee.id, berta.employee.id] }],
  });
  clock.now = Date.parse("2030-11-28T12:00:00Z");
  await call(app, ana.session, API.booking.cancel, {
    body: { routeId: route.id, date: DAY, reason: "Vacaciones" },
  });
  expect(
    (await call(app, carla.session, API.booking.confirm, { body: { routeId: route.id, date: DAY } })).body
      .status,
  ).toBe("CONFIRMED");
  expect(
    (await call(app, dora.session, API.booking.confirm, { body: { routeId: route.id, date: DAY } })).body
      .status,
  ).toBe("WAITLISTED");
  clock.now = Date.parse(`${DAY}T12:00:00Z`);
  const trip = await insertTrip({
    driverId: driver.driver.id,
    supplierId: driver.supplier.id,
    routeId: route.id,
    startedAt: new Date(`${DAY}T09:50:00Z`),
  });
  const { db } = await testDatabase();
  await db.insert(transportServices).values({
    intermediateRouteId: trip.id,
    employeeId: carla.employee.id,
    status: "Boarded",
    scannedAt: new Date(`${DAY}T10:00:00Z`),
    boardingMethod: "qr",
  });
  expect((await adminSets(berta.employee.id, route.id, DAY, "NO_SHOW", "No llegó")).status).toBe(200);
  expect((await adminSets(dora.employee.id, route.id, DAY, "CANCELLED", "Sin cupo")).status).toBe(200);
  return { route, driver, ana, berta, carla, dora, shift };
}

describe("«Reporte Reservas»", () => {
  it("demand against seats per route and day, late cancellations, no-shows and rides; the Excel has the same", async () => {
    const { route, shift } = await reportDay();
    const report = await call(app, admin, API.booking.report, {
      query: { sinceDate: "12/01/2030", untilDate: DAY, routeId: route.id },
    });
    expect(report.status).toBe(200);
    const monday = {
      routeId: route.id,
      routeName: route.name,
      shiftName: shift.name,
      date: DAY,
      seats: 2,
      confirmed: 1,
      waitlisted: 0,
      demand: 1,
      cancelled: 2,
      lateCancellations: 1,
      noShows: 1,
      ridden: 1,
    };
    expect(report.body).toEqual({
      amount: 2,
      data: expect.objectContaining({
        view: "days",
        items: [expect.objectContaining({ date: "2030-12-01", confirmed: 2, ridden: 0 }), monday],
        sinceDate: "2030-12-01",
        untilDate: DAY,
        lateCancellations: 1,
        noShows: 1,
        ridden: 1,
      }),
    });
    const excel = await app.inject({
      method: "GET",
      url: `${API.booking.reportExcel.path}?sinceDate=${DAY}&untilDate=${DAY}&routeId=${route.id}`,
      headers: admin.headers,
    });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers["content-disposition"]).toBe("attachment; filename=ReporteReservas.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const values = take(workbook.worksheets, 1)[0]
      .getSheetValues()
      .flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
    expect(values).toContainEqual(["02/12/2030", route.name, shift.name, 2, 1, 0, 1, 2, 1, 1, 1]);
  });

  it("the no-show rate per collaborator and route, flagging 3 no-shows in 30 days", async () => {
    const { route, berta, carla, dora } = await reportDay();
    for (const date of ["2030-11-25", "2030-11-27"]) {
      expect((await adminSets(berta.employee.id, route.id, date, "NO_SHOW", "No llegó")).status).toBe(200);
    }
    const report = await call(app, admin, API.booking.report, {
      query: { sinceDate: "2030-11-20", untilDate: DAY, routeId: route.id, view: "collaborators" },
    });
    expect(report.body.amount).toBe(3);
    expect(report.body.data.view).toBe("collaborators");
    expect(report.body.data.items).toEqual([
      expect.objectContaining({
        employeeId: berta.employee.id,
        noShows: 3,
        ridden: 0,
        expected: 3,
        noShowRate: 1,
        flagged: true,
      }),
      expect.objectContaining({
        employeeId: carla.employee.id,
        noShows: 0,
        ridden: 1,
        noShowRate: 0,
        flagged: false,
      }),
      expect.objectContaining({
        employeeId: dora.employee.id,
        lateCancellations: 1,
        expected: 0,
        noShowRate: null,
      }),
    ]);
    const page2 = await call(app, admin, API.booking.report, {
      query: {
        sinceDate: "2030-11-20",
        untilDate: DAY,
        routeId: route.id,
        view: "collaborators",
        amount: 2,
        skip: 2,
      },
    });
    expect(page2.body.amount).toBe(3);
    expect(page2.body.data.items.map((item: { employeeId: number }) => item.employeeId)).toEqual([
      dora.employee.id,
    ]);
  });

  it("a report longer than a year, or with a bad date, is refused", async () => {
    const long = await call(app, admin, API.booking.report, {
      query: { sinceDate: "2029-01-01", untilDate: "2030-12-31" },
    });
    expect(long).toMatchObject({ status: 400, body: { message: "El reporte abarca como máximo 366 días" } });
    const bad = await call(app, admin, API.booking.report, { query: { sinceDate: "2030-13-01" } });
    expect(bad).toMatchObject({
      status: 400,
      body: { errors: { sinceDate: "Fecha inválida (formato YYYY-MM-DD o MM/DD/YYYY)" } },
    });
  });
});

describe("who may do what", () => {
  it("a collaborator only their own bookings; a driver only their routes' manifests; admins the rest", async () => {
    const { route, driver, ana } = await reportDay();
    const collaborator = ana.session;
    for (const [endpoint, input] of [
      [API.booking.manifest, { query: { routeId: route.id, date: DAY } }],
      [
        API.booking.admin,
        {
          body: {
            employeeId: ana.employee.id,
            routeId: route.id,
            date: DAY,
            status: "CONFIRMED",
            reason: "x",
          },
        },
      ],
      [API.booking.report, { query: {} }],
      [
        API.transportService.noShow,
        { body: { intermediateRouteId: 1, employeeId: 1, latitude: 18, longitude: -69 } },
      ],
    ] as const) {
      expect((await call(app, collaborator, endpoint, input)).status, endpoint.path).toBe(403);
    }
    for (const endpoint of [API.booking.my, API.booking.routes]) {
      expect(
        (await call(app, driver.session, endpoint, { query: { date: DAY } })).status,
        endpoint.path,
      ).toBe(403);
    }
    expect(
      (await call(app, driver.session, API.booking.cancel, { body: { routeId: route.id, date: DAY } }))
        .status,
    ).toBe(403);
    const own = await call(app, driver.session, API.booking.manifest, {
      query: { routeId: route.id, date: DAY },
    });
    expect(own.status).toBe(200);
    const stranger = await signedInDriver(app);
    expect(
      await call(app, stranger.session, API.booking.manifest, { query: { routeId: route.id, date: DAY } }),
    ).toMatchObject({
      status: 403,
      body: { message: NOT_ROUTE_DRIVER_MESSAGE },
    });
    const anonymous = await app.inject({ method: "GET", url: `${API.booking.my.path}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
