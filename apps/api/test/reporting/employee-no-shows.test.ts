import type { EmployeeReportItem } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transportServices, tripPositions } from "../../src/db/schema.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
} from "../helpers/booking-factories.js";
import { insertTrip, signedInDriver } from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";

// Issue 35: «Reporte Colaboradores» gains each collaborator's no-shows and the 3-in-30-days flag.
useOwnTestDatabase();

// December 2030 on UTC−4; the bookings' clock after every day of the scenario.
const clock: TestClock = { now: Date.parse("2030-12-20T12:00:00Z") };
const STOP = { latitude: 18.47, longitude: -69.94 };
let app: FastifyInstance;
let admin: SignedIn;
let scene: Awaited<ReturnType<typeof scenario>>;

type Rider = Awaited<ReturnType<typeof bookingRider>>;

/**
 * Ana absent (by an admin) on north 2, 3 and 4 Dec; Berta on north 2 Dec; both rode north on 5 Dec
 * (driver 1). Carla marked absent at the stop by driver 2 on south, 3 Dec, and never rode.
 */
async function scenario() {
  const shift = await bookingShift({ direction: "inbound", time: "08:00" });
  const [first, second] = [await signedInDriver(app), await signedInDriver(app)];
  const riders: Rider[] = [];
  for (const name of ["Ana", "Berta", "Carla"])
    riders.push(await bookingRider(app, shift.branchOfficeId, { name }));
  const [ana, berta, carla] = riders as [Rider, Rider, Rider];
  const north = await bookingRoute({ shiftId: shift.id, riders: [ana.employee.id, berta.employee.id] });
  const south = await bookingRoute({
    shiftId: shift.id,
    drivers: [second.driver.id],
    departureTime: "06:40",
    stops: [{ name: "Parada Los Prados", time: "06:40", ...STOP, riders: [carla.employee.id] }],
  });
  const absent = (employeeId: number, date: string) =>
    call(app, admin, API.booking.admin, {
      body: { employeeId, routeId: north.id, date, status: "NO_SHOW", reason: "No llegó" },
    });
  for (const date of ["2030-12-02", "2030-12-03", "2030-12-04"])
    expect((await absent(ana.employee.id, date)).status).toBe(200);
  expect((await absent(berta.employee.id, "2030-12-02")).status).toBe(200);

  const ride = await insertTrip({
    driverId: first.driver.id,
    supplierId: first.supplier.id,
    routeId: north.id,
    startedAt: new Date("2030-12-05T10:00:00Z"),
  });
  const { db } = await testDatabase();
  for (const rider of [ana, berta]) {
    await db.insert(transportServices).values({
      intermediateRouteId: ride.id,
      employeeId: rider.employee.id,
      status: "Boarded",
      scannedAt: new Date("2030-12-05T10:10:00Z"),
      boardingMethod: "qr",
    });
  }
  const trip = await insertTrip({
    driverId: second.driver.id,
    supplierId: second.supplier.id,
    routeId: south.id,
    startedAt: new Date("2030-12-03T10:20:00Z"),
    endedAt: null,
  });
  // The bus reached the stop at 06:41; the driver marks her at 06:45 (2 minutes' wait done).
  await db
    .insert(tripPositions)
    .values({ intermediateRouteId: trip.id, ...STOP, recordedAt: new Date("2030-12-03T10:41:00Z") });
  const noShow = await call(app, second.session, API.transportService.noShow, {
    body: {
      intermediateRouteId: trip.id,
      employeeId: carla.employee.id,
      ...STOP,
      recordedAt: "2030-12-03T10:45:00.000Z",
    },
  });
  expect(noShow.status).toBe(200);
  return { ana, berta, carla, north, second };
}

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
  scene = await scenario();
});
afterAll(() => app.close());

async function report(query: Record<string, string | number>) {
  const response = await call(app, admin, API.employee.report, { query: { amount: 100, ...query } });
  expect(response.status).toBe(200);
  const items = response.body.data.items as EmployeeReportItem[];
  const of = (rider: Rider) => items.find((item) => item.employeeId === rider.employee.id);
  return { amount: response.body.amount as number, items, of };
}

describe("Employee/report: no-shows and the flag (issue 35)", () => {
  it("counts each collaborator's no-shows of the period, lists those who never rode, and flags 3 in 30 days", async () => {
    const { ana, berta, carla } = scene;
    const week = await report({ sinceDate: "12/01/2030", untilDate: "12/07/2030" });
    expect(week.amount).toBe(3);
    expect(week.of(ana)).toMatchObject({ trips: 1, noShows: 3, flagged: true });
    expect(week.of(berta)).toMatchObject({ trips: 1, noShows: 1, flagged: false });
    // Carla never rode: her row has only the no-show (her branch office of today).
    expect(week.of(carla)).toMatchObject({
      trips: 0,
      canceledServices: 0,
      cost: 0,
      noShows: 1,
      flagged: false,
    });
    expect(week.of(carla)?.branchOfficeName).not.toBeNull();
    // Collaborators who rode are still counted as before.
    const body = (
      await call(app, admin, API.employee.report, {
        query: { sinceDate: "12/01/2030", untilDate: "12/07/2030" },
      })
    ).body;
    expect(body.data.amountCollaborators).toBe(2);
  });

  it("the flag looks at the 30 days up to the period's end, on any route, whatever the period's own no-shows", async () => {
    const { ana, carla } = scene;
    // 5–7 Dec: none of Ana's no-shows, but three in the 30 days up to the 7th.
    const later = await report({ sinceDate: "12/05/2030", untilDate: "12/07/2030" });
    expect(later.of(ana)).toMatchObject({ trips: 1, noShows: 0, flagged: true });
    expect(later.of(carla)).toBeUndefined();
    // Up to 3 January: the 30 days start on 5 December.
    const month = await report({ sinceDate: "12/05/2030", untilDate: "01/03/2031" });
    expect(month.of(ana)).toMatchObject({ noShows: 0, flagged: false });
  });

  it("the route filters narrow the no-shows: a driver or supplier by the trip it was recorded on", async () => {
    const { ana, berta, carla, north, second } = scene;
    const range = { sinceDate: "12/01/2030", untilDate: "12/07/2030" };
    const byRoute = await report({ ...range, routeName: north.name });
    expect(byRoute.items.map((item) => item.employeeId).sort()).toEqual(
      [ana.employee.id, berta.employee.id].sort(),
    );
    expect(byRoute.of(ana)?.noShows).toBe(3);
    const byDriver = await report({ ...range, driverId: second.driver.id });
    expect(byDriver.items).toEqual([expect.objectContaining({ employeeId: carla.employee.id, noShows: 1 })]);
    const bySupplier = await report({ ...range, supplierName: second.supplier.name });
    expect(bySupplier.items.map((item) => item.employeeId)).toEqual([carla.employee.id]);
    const search = await report({ ...range, criterion: carla.employee.codeEmployee });
    expect(search.items.map((item) => item.employeeId)).toEqual([carla.employee.id]);
  });

  it("the Excel has the no-shows (with their total) and the flag", async () => {
    const response = await app.inject({
      method: "GET",
      url: `${API.employee.reportExcel.path}?sinceDate=12/01/2030&untilDate=12/07/2030`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    for (const row of workbook.worksheets[0]?.getSheetValues() ?? [])
      if (Array.isArray(row)) rows.push(row.slice(1));
    const headerAt = rows.findIndex((row) => row[0] === "Código");
    const header = rows[headerAt] as string[];
    const [noShows, flagged] = [
      header.indexOf("Ausencias"),
      header.indexOf("Marcado (3 ausencias en 30 días)"),
    ];
    expect(noShows).toBeGreaterThan(0);
    expect(flagged).toBeGreaterThan(noShows);
    const body = rows.slice(headerAt + 1, -1);
    expect(body).toHaveLength(3);
    expect(body.map((row) => row[flagged]).sort()).toEqual(["No", "No", "Sí"]);
    const totals = rows.at(-1) as unknown[];
    expect(totals[0]).toBe("Total");
    expect(totals[noShows]).toBe(5);
  });
});
