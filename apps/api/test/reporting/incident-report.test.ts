/**
 * Issue 25, point 3: the incidents report (by supplier, driver, route and type, with on-time
 * performance per supplier computed from real trips and their GPS positions), its Excel, and the
 * trip's incidents in its trip sheet and in the cut's Detail.
 */
import {
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
  type IncidentReportListResponse,
  type IncidentReportResponse,
  REPORT_FILE_NAMES,
  type TripSheet,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees } from "../../src/db/schema.js";
import { addPositions, createIncident, setIncidentThresholds } from "../helpers/incident-factories.js";
import { createShift } from "../helpers/plan-factories.js";
import { WORKPLACE } from "../helpers/planning-factories.js";
import {
  apiDate,
  createDestination,
  createNamedBranchOffice,
  createRoute,
  createRouteNotScheduled,
  createSupplierDriver,
  createTrip,
  cutDate,
  DAY,
  localTime,
  uniqueDay,
} from "../helpers/reporting-factories.js";
import { buildTestApp, signedInAs, testDatabase, unique, useOwnTestDatabase } from "../helpers/test-app.js";

// The cut of the Detail check tiles time across the database: this file has a database of its own.
useOwnTestDatabase();

const GMT = 4;
/** About 55 m north of the workplace (inside the 150 m arrival radius) and 2 km north (outside). */
const AT_WORK: [number, number] = [WORKPLACE.latitude + 0.0005, WORKPLACE.longitude];
const AWAY: [number, number] = [WORKPLACE.latitude + 0.018, WORKPLACE.longitude];

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let day: number;
let range: string;
const s = {} as Record<string, Awaited<ReturnType<typeof createSupplierDriver>>>;
const ids = {} as Record<string, number>;

const at = (hours: number, dayOffset = 0) => localTime(day + dayOffset * DAY, hours, GMT);

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  day = await uniqueDay();
  range = `sinceDate=${apiDate(day)}&untilDate=${apiDate(day + DAY)}`;

  const north = await createNamedBranchOffice(unique("Sucursal Norte "));
  const south = await createNamedBranchOffice(unique("Sucursal Sur "));
  ids.north = north.id;
  // The north office allows 15 minutes (the default is 10).
  await setIncidentThresholds(north.id, { lateMinutes: 15 });
  const entry = await createShift({ branchOfficeId: north.id, direction: "inbound", time: "07:00" });
  const exit = await createShift({ branchOfficeId: south.id, direction: "outbound", time: "17:00" });
  const workplace = await createDestination({ ...WORKPLACE });
  const inbound = await createRoute({
    name: unique("Ruta Entrada "),
    shiftId: entry.id,
    destinationId: workplace.id,
  });
  const outbound = await createRoute({
    name: unique("Ruta Salida "),
    shiftId: exit.id,
    destinationId: workplace.id,
  });
  ids.inbound = inbound.id;
  ids.outbound = outbound.id;
  s.one = await createSupplierDriver({ supplierName: unique("Caribe "), name: "Ramón", lastname: "Ulloa" });
  s.two = await createSupplierDriver({ supplierName: unique("Cibao "), name: "Luis", lastname: "Peña" });
  const one = s.one.driver;
  const two = s.two.driver;

  // Planned arrival 07:00 local; the north office's deadline is 07:15.
  // onTimeByEnd: ended 06:55.
  const onTimeByEnd = await createTrip({
    routeId: inbound.id,
    driver: one,
    cost: "30.00",
    startedAt: at(6),
    endedAt: at(6 + 55 / 60),
  });
  // onTimeByTrace: ended 07:40, but at the workplace (55 m) at 07:12.
  const onTimeByTrace = await createTrip({
    routeId: inbound.id,
    driver: one,
    cost: "30.00",
    startedAt: at(6 + 10 / 60),
    endedAt: at(7 + 40 / 60),
  });
  await addPositions(onTimeByTrace.id, [
    [...AWAY, at(6 + 30 / 60)],
    [...AT_WORK, at(7 + 12 / 60)],
    [...AWAY, at(7 + 30 / 60)],
  ]);
  // late: near the workplace only at 07:30 (2 km away at 07:10), ended 07:50.
  const late = await createTrip({
    routeId: inbound.id,
    driver: one,
    cost: "30.00",
    startedAt: at(6 + 20 / 60),
    endedAt: at(7 + 50 / 60),
  });
  await addPositions(late.id, [
    [...AWAY, at(7 + 10 / 60)],
    [...AT_WORK, at(7 + 30 / 60)],
  ]);
  // withinOfficeThreshold: ended 07:12, late by the default 10 minutes, on time by the office's 15.
  const withinOfficeThreshold = await createTrip({
    routeId: inbound.id,
    driver: two,
    cost: "25.00",
    startedAt: at(6 + 15 / 60),
    endedAt: at(7 + 12 / 60),
  });
  // Outbound and not-scheduled trips have no planned arrival at the workplace.
  const leaving = await createTrip({
    routeId: outbound.id,
    driver: two,
    cost: "25.00",
    startedAt: at(17),
    endedAt: at(18),
  });
  const rns = await createRouteNotScheduled({ driverId: two.id, scheduledAt: at(10), cost: "40.00" });
  await createTrip({
    routeNotScheduledId: rns.id,
    driver: two,
    cost: "40.00",
    startedAt: at(10),
    endedAt: at(11),
  });
  // The next day, outside the range: not counted.
  const outside = await createTrip({
    routeId: inbound.id,
    driver: one,
    cost: "30.00",
    startedAt: at(6, 3),
    endedAt: at(8, 3),
  });
  ids.late = late.id;
  ids.leaving = leaving.id;
  ids.onTimeByEnd = onTimeByEnd.id;
  ids.withinOfficeThreshold = withinOfficeThreshold.id;

  const snapshot = (trip: { id: number; driverId: number; supplierId: number; routeId: number | null }) => ({
    intermediateRouteId: trip.id,
    routeId: trip.routeId,
    driverId: trip.driverId,
    supplierId: trip.supplierId,
  });
  await createIncident({
    ...snapshot(late),
    type: "LATE",
    openedAt: at(7 + 5 / 60),
    closedAt: at(7 + 25 / 60),
  });
  await createIncident({
    ...snapshot(late),
    type: "OFF_ROUTE",
    status: "ACKNOWLEDGED",
    openedAt: at(6 + 40 / 60),
    acknowledgedByUserId: admin.user.id,
    note: "Desvío por obras",
  });
  await createIncident({ ...snapshot(leaving), type: "NO_GPS", openedAt: at(17 + 20 / 60) });
  // A route that never started that day: incident without a trip.
  await createIncident({
    routeId: inbound.id,
    driverId: one.id,
    supplierId: one.supplierId,
    type: "NOT_STARTED",
    openedAt: at(5 + 10 / 60),
    serviceDay: new Date(day).toISOString().slice(0, 10),
  });
  await createIncident({ ...snapshot(outside), type: "LATE", openedAt: at(7 + 20 / 60, 3) });
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = { ...admin.headers, gmt: String(GMT) }) =>
  app.inject({ method: "GET", url, headers });

async function report(query = range): Promise<IncidentReportResponse> {
  const response = await get(`${API.incident.report.path}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET /api/v1/Incident/report", () => {
  it("counts trips, on-time arrivals and incidents by supplier, driver, route and type", async () => {
    const body = await report();
    expect(body.sinceDate).toBe(apiDate(day));
    const one = body.suppliers.find((row) => row.supplierId === s.one?.supplier.id);
    const two = body.suppliers.find((row) => row.supplierId === s.two?.supplier.id);
    // Supplier one: 3 inbound trips, on time by its end and by its trace; the third arrived 07:30.
    expect(one).toMatchObject({
      trips: 3,
      tripsWithArrival: 3,
      onTimeTrips: 2,
      onTimePercent: 66.7,
      incidents: 3,
      byType: { LATE: 1, OFF_ROUTE: 1, NOT_STARTED: 1, NO_GPS: 0 },
    });
    // Supplier two: 3 trips, only the inbound one has a planned arrival (on time by the office's 15 min).
    expect(two).toMatchObject({
      trips: 3,
      tripsWithArrival: 1,
      onTimeTrips: 1,
      onTimePercent: 100,
      incidents: 1,
      byType: { NO_GPS: 1 },
    });
    // Best on-time performance first.
    expect(body.suppliers.map((row) => row.supplierId)).toEqual([s.two?.supplier.id, s.one?.supplier.id]);

    const driverOne = body.drivers.find((row) => row.driverId === s.one?.driver.id);
    expect(driverOne).toMatchObject({ driverName: "Ramón Ulloa", incidents: 3, trips: 3, onTimeTrips: 2 });
    expect(driverOne?.supplierName).toBe(s.one?.supplier.name);
    expect(body.drivers[0]?.driverId).toBe(s.one?.driver.id);

    const inbound = body.routes.find((row) => row.routeId === ids.inbound);
    expect(inbound).toMatchObject({
      trips: 4,
      tripsWithArrival: 4,
      onTimeTrips: 3,
      onTimePercent: 75,
      incidents: 3,
    });
    const outbound = body.routes.find((row) => row.routeId === ids.outbound);
    expect(outbound).toMatchObject({ trips: 1, tripsWithArrival: 0, onTimePercent: null, incidents: 1 });
    expect(body.routes.find((row) => row.routeId === 0)).toMatchObject({
      routeName: "Rutas no programadas",
      trips: 1,
      incidents: 0,
    });

    const late = body.types.find((row) => row.type === "LATE");
    expect(late).toEqual({ type: "LATE", incidents: 1, trips: 1, unclosed: 0, averageMinutes: 20 });
    expect(body.types.find((row) => row.type === "OFF_ROUTE")).toMatchObject({ incidents: 1, unclosed: 1 });
    // One row per type (the safety types of issue 38 included).
    expect(body.types.map((row) => row.type)).toEqual([...INCIDENT_TYPES]);

    expect(body.totals).toMatchObject({
      trips: 6,
      tripsWithArrival: 4,
      onTimeTrips: 3,
      onTimePercent: 75,
      incidents: 4,
      byType: { LATE: 1, OFF_ROUTE: 1, NOT_STARTED: 1, NO_GPS: 1, SKIPPED_STOP: 0 },
    });
  });

  it("narrows by supplier and by branch office (of the route's shift)", async () => {
    const bySupplier = await report(`${range}&supplierId=${s.two?.supplier.id}`);
    expect(bySupplier.suppliers.map((row) => row.supplierId)).toEqual([s.two?.supplier.id]);
    expect(bySupplier.totals).toMatchObject({ trips: 3, incidents: 1, onTimeTrips: 1 });

    const byOffice = await report(`${range}&branchOfficeId=${ids.north}`);
    // Only the inbound route's trips and incidents (the outbound shift is of the south office).
    expect(byOffice.totals).toMatchObject({ trips: 4, tripsWithArrival: 4, onTimeTrips: 3, incidents: 3 });
    expect(byOffice.totals.byType.NO_GPS).toBe(0);
    expect(byOffice.routes.map((row) => row.routeId)).toEqual([ids.inbound]);
  });

  it("judges a late arrival by the default threshold when the office has none", async () => {
    const trips = await report(`${range}&supplierId=${s.one?.supplier.id}`);
    expect(trips.totals.onTimeTrips).toBe(2);
  });

  it("answers an empty period with zero figures and null percentages", async () => {
    const body = await report(`sinceDate=${apiDate(day - 5 * DAY)}&untilDate=${apiDate(day - 4 * DAY)}`);
    expect(body.suppliers).toEqual([]);
    expect(body.totals).toMatchObject({ trips: 0, incidents: 0, onTimePercent: null });
    expect(body.types.every((row) => row.incidents === 0 && row.averageMinutes === null)).toBe(true);
  });

  it("refuses a half range", async () => {
    const response = await get(`${API.incident.report.path}?sinceDate=${apiDate(day)}`);
    expect(response.statusCode).toBe(400);
  });

  it("is for Admin and SuperAdmin: 403 for Collaborator and Driver, 401 anonymous", async () => {
    for (const path of [
      API.incident.report.path,
      API.incident.reportIncidents.path,
      API.incident.reportExcel.path,
    ]) {
      for (const role of ["Collaborator", "Driver"] as const) {
        const session = await signedInAs(app, role);
        const response = await get(`${path}?${range}`, { ...session.headers, gmt: String(GMT) });
        expect(response.statusCode, `${role} ${path}`).toBe(403);
      }
      expect((await get(`${path}?${range}`, { gmt: String(GMT) })).statusCode).toBe(401);
      const superAdmin = await signedInAs(app, "SuperAdmin");
      expect((await get(`${path}?${range}`, { ...superAdmin.headers, gmt: String(GMT) })).statusCode).toBe(
        200,
      );
    }
  });
});

describe("GET /api/v1/Incident/report/excel", () => {
  it("has a sheet per grouping, on-time performance by supplier first, with the JSON's figures", async () => {
    const response = await get(`${API.incident.reportExcel.path}?${range}&branchOfficeId=${ids.north}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers["content-disposition"]).toContain(REPORT_FILE_NAMES.incidents);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "Suplidores",
      "Choferes",
      "Rutas",
      "Tipos",
      "Incidencias",
    ]);

    const suppliers = workbook.getWorksheet("Suplidores") as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    suppliers.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]?.[0]).toBe("Puntualidad e incidencias por suplidor");
    expect(rows.some((row) => row[0] === "Sucursal")).toBe(true);
    const header = rows.find((row) => row[0] === "Suplidor" && row[1] === "Viajes");
    expect(header).toEqual([
      "Suplidor",
      "Viajes",
      "Viajes con llegada planificada",
      "Viajes a tiempo",
      "Puntualidad (%)",
      "Incidencias",
      ...Object.values(INCIDENT_TYPE_LABELS),
    ]);
    const one = rows.find((row) => row[0] === s.one?.supplier.name);
    expect(one?.slice(1, 6)).toEqual([3, 3, 2, 66.7, 3]);
    const two = rows.find((row) => row[0] === s.two?.supplier.name);
    // The office filter leaves supplier two with its inbound trip only.
    expect(two?.slice(1, 6)).toEqual([1, 1, 1, 100, 0]);
    // The totals row has its own on-time percentage (3 of 4), not an empty cell.
    expect(rows.at(-1)?.slice(0, 5)).toEqual(["Total", 4, 4, 3, 75]);

    const types = workbook.getWorksheet("Tipos") as ExcelJS.Worksheet;
    const labels: unknown[] = [];
    types.eachRow((row) => {
      labels.push(row.getCell(1).value);
    });
    expect(labels).toContain(INCIDENT_TYPE_LABELS.OFF_ROUTE);
  });
});

/** The admin's full name as the report names who acknowledged (their collaborator record, else e-mail). */
async function adminName() {
  const { db } = await testDatabase();
  const [person] = await db
    .select({ name: employees.name, lastname: employees.lastname })
    .from(employees)
    .where(eq(employees.userId, admin.user.id));
  return person ? `${person.name} ${person.lastname}` : admin.user.email;
}

describe("GET /api/v1/Incident/report/incidents", () => {
  async function list(query: string): Promise<IncidentReportListResponse> {
    const response = await get(`${API.incident.reportIncidents.path}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it("lists every incident of the period, oldest first: times, who acknowledged, the note, minutes open", async () => {
    const before = Date.now();
    const body = await list(range);
    expect(body.amount).toBe(4);
    expect(body.list.map((item) => item.type)).toEqual(["NOT_STARTED", "OFF_ROUTE", "LATE", "NO_GPS"]);
    const [notStarted, offRoute, late, noGps] = body.list;
    expect(late).toMatchObject({
      status: "CLOSED",
      intermediateRouteId: ids.late,
      driverName: "Ramón Ulloa",
      supplierName: s.one?.supplier.name,
      openedAt: at(7 + 5 / 60).toISOString(),
      closedAt: at(7 + 25 / 60).toISOString(),
      minutesOpen: 20,
      open: false,
      acknowledgedBy: null,
      note: null,
    });
    expect(offRoute).toMatchObject({
      status: "ACKNOWLEDGED",
      note: "Desvío por obras",
      acknowledgedBy: await adminName(),
      acknowledgedAt: at(6 + 40 / 60).toISOString(),
      closedAt: null,
      open: true,
    });
    // Still unclosed: open until now.
    expect(offRoute?.minutesOpen).toBeGreaterThanOrEqual((before - at(6 + 40 / 60).getTime()) / 60_000 - 0.1);
    expect(offRoute?.routeName).toBe(late?.routeName);
    expect(notStarted).toMatchObject({ intermediateRouteId: null, driverName: "Ramón Ulloa", open: true });
    expect(notStarted?.routeName).toMatch(/^Ruta Entrada /);
    expect(noGps).toMatchObject({ intermediateRouteId: ids.leaving, supplierName: s.two?.supplier.name });
    expect(noGps?.routeName).toMatch(/^Ruta Salida /);
  });

  it("pages like the other report lists and takes the report's filters", async () => {
    const page = await list(`${range}&amount=2&skip=2`);
    expect(page.amount).toBe(4);
    expect(page.list.map((item) => item.type)).toEqual(["LATE", "NO_GPS"]);
    const bySupplier = await list(`${range}&supplierId=${s.two?.supplier.id}`);
    expect(bySupplier).toMatchObject({ amount: 1, list: [{ type: "NO_GPS" }] });
    const byOffice = await list(`${range}&branchOfficeId=${ids.north}`);
    expect(byOffice.list.map((item) => item.type)).toEqual(["NOT_STARTED", "OFF_ROUTE", "LATE"]);
    const empty = await list(`sinceDate=${apiDate(day - 5 * DAY)}&untilDate=${apiDate(day - 4 * DAY)}`);
    expect(empty).toEqual({ amount: 0, list: [] });
  });

  it("refuses a bad page or a half range", async () => {
    for (const query of [`${range}&amount=0`, `${range}&skip=0`, `sinceDate=${apiDate(day)}`]) {
      const response = await get(`${API.incident.reportIncidents.path}?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("is the Excel's sheet «Incidencias», with the same rows", async () => {
    const response = await get(`${API.incident.reportExcel.path}?${range}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Incidencias") as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]?.[0]).toBe("Incidencias del período");
    const headerAt = rows.findIndex((row) => row[0] === "Apertura");
    expect(rows[headerAt]).toEqual([
      "Apertura",
      "Tipo",
      "Severidad",
      "Ruta",
      "Parada",
      "Chofer",
      "Suplidor",
      "Estado",
      "Cierre",
      "Minutos abierta",
      "Atendida por",
      "Atendida el",
      "Nota",
      "Viaje",
      "Persona",
      "Resultado",
      "Cerrada por",
    ]);
    const data = rows.slice(headerAt + 1, -1);
    expect(data.map((row) => row[1])).toEqual([
      INCIDENT_TYPE_LABELS.NOT_STARTED,
      INCIDENT_TYPE_LABELS.OFF_ROUTE,
      INCIDENT_TYPE_LABELS.LATE,
      INCIDENT_TYPE_LABELS.NO_GPS,
    ]);
    const offRoute = data[1] as unknown[];
    expect(offRoute[7]).toBe("Atendida");
    expect(offRoute[10]).toBe(await adminName());
    expect(offRoute[12]).toBe("Desvío por obras");
    expect(offRoute[8] ?? null).toBeNull(); // not closed yet: an empty cell
    const late = data[2] as unknown[];
    expect(late.slice(7, 10)).toEqual(["Cerrada", expect.any(Date), 20]);
    expect(late[13]).toBe(ids.late);
    // Dates are the caller's wall clock (GMT −4): 07:05 local.
    const opened = late[0] as Date;
    expect([opened.getUTCHours(), opened.getUTCMinutes()]).toEqual([7, 5]);
    expect(rows.at(-1)?.[0]).toBe("4 incidencias");
  });
});

describe("each trip's incidents", () => {
  it("are in the trip sheet: type, opened/closed, status, who acknowledged it and the note", async () => {
    const response = await get(`${API.intermediateRoute.sheet.path}?intermediateRouteId=${ids.late}`);
    expect(response.statusCode, response.body).toBe(200);
    const sheet = response.json() as TripSheet;
    expect(sheet.incidents.map((incident) => [incident.type, incident.status])).toEqual([
      ["OFF_ROUTE", "ACKNOWLEDGED"],
      ["LATE", "CLOSED"],
    ]);
    expect(sheet.incidents[0]?.note).toBe("Desvío por obras");
    // The admin's full name (their collaborator record), as the cut list names who made a cut.
    const { db } = await testDatabase();
    const [person] = await db
      .select({ name: employees.name, lastname: employees.lastname })
      .from(employees)
      .where(eq(employees.userId, admin.user.id));
    expect(sheet.incidents[0]?.acknowledgedBy).toBe(
      person ? `${person.name} ${person.lastname}` : admin.user.email,
    );
    expect(sheet.incidents[1]?.closedAt).toBe(at(7 + 25 / 60).toISOString());
    const clean = await get(`${API.intermediateRoute.sheet.path}?intermediateRouteId=${ids.onTimeByEnd}`);
    expect((clean.json() as TripSheet).incidents).toEqual([]);
  });

  it("are in the cut's Detail (count and types per trip) and its Excel", async () => {
    const cut = await app.inject({
      method: "POST",
      url: API.cut.create.path,
      headers: admin.headers,
      payload: { sinceDate: cutDate(at(0).getTime()), untilDate: cutDate(at(0, 2).getTime()) },
    });
    expect(cut.statusCode, cut.body).toBe(201);
    const cutId = cut.json().id;
    const detail = await get(`${API.cut.headboard.path}?cutId=${cutId}&amount=50`);
    expect(detail.statusCode, detail.body).toBe(200);
    const items = detail.json().data.items as {
      intermediateRouteId: number;
      incidents: number;
      incidentTypes: string[];
    }[];
    expect(items.find((item) => item.intermediateRouteId === ids.late)).toMatchObject({
      incidents: 2,
      incidentTypes: ["LATE", "OFF_ROUTE"],
    });
    expect(items.find((item) => item.intermediateRouteId === ids.onTimeByEnd)).toMatchObject({
      incidents: 0,
      incidentTypes: [],
    });

    const excel = await get(`${API.cut.headboardExcel.path}?cutId=${cutId}`);
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    let headerRow = 0;
    sheet.eachRow((row, number) => {
      if (row.getCell(1).value === "Fecha") headerRow = number;
    });
    const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    const countColumn = headers.indexOf("Incidencias") + 1;
    const typesColumn = headers.indexOf("Tipos de incidencia") + 1;
    const tripColumn = headers.indexOf("Viaje") + 1;
    expect(countColumn).toBeGreaterThan(0);
    let found = false;
    sheet.eachRow((row) => {
      if (row.getCell(tripColumn).value !== ids.late) return;
      found = true;
      expect(row.getCell(countColumn).value).toBe(2);
      expect(row.getCell(typesColumn).value).toBe(
        `${INCIDENT_TYPE_LABELS.LATE}, ${INCIDENT_TYPE_LABELS.OFF_ROUTE}`,
      );
    });
    expect(found).toBe(true);
  });
});
