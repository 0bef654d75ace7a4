import { CUT_EMPTY_MESSAGE, cutStartMessage } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  drivers,
  intermediateRoutes,
  routes,
  suppliers,
  transportServices,
  tripPositions,
} from "../../src/db/schema.js";
import {
  createFixedScenario,
  createRoute,
  createSupplierDriver,
  createTrip,
  cutDate,
  DAY,
  HOUR,
  nextCutStart,
} from "../helpers/reporting-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  testDatabase,
  unique,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

// Cuts tile time across the whole database: this file's cuts live in a database of their own.
useOwnTestDatabase();

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const headers = (gmt = 4) => ({ ...admin.headers, gmt: String(gmt) });
const postCut = (sinceDate: string, untilDate: string, gmt = 4) =>
  app.inject({
    method: "POST",
    url: API.cut.create.path,
    headers: headers(gmt),
    payload: { sinceDate, untilDate },
  });
async function get(path: string, gmt = 4) {
  const response = await app.inject({ method: "GET", url: `/api/v1/${path}`, headers: headers(gmt) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function cutIdsOf(ids: number[]) {
  const { db } = await testDatabase();
  const rows = await db
    .select({ id: intermediateRoutes.id, cutId: intermediateRoutes.cutId })
    .from(intermediateRoutes)
    .where(inArray(intermediateRoutes.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.cutId]));
}

describe("POST /api/v1/Cut", () => {
  it("freezes the finished, uncut trips of its period; totals agree with the reports and statistics", async () => {
    const scenario = await createFixedScenario();
    const { trips, s1, s2 } = scenario;
    const created = await postCut(cutDate(scenario.from.getTime()), cutDate(scenario.to.getTime()));
    expect(created.statusCode, created.body).toBe(201);
    const cut = created.json();
    expect(cut).toEqual({
      id: expect.any(Number),
      message: "Corte generado",
      sinceDate: cutDate(scenario.from.getTime()),
      untilDate: cutDate(scenario.to.getTime()),
      trips: 5,
      collaborators: 9,
      total: 130,
    });

    const frozen = await cutIdsOf(Object.values(trips).map((trip) => trip.id));
    expect(frozen).toEqual({
      [trips.t1.id]: cut.id,
      [trips.t2.id]: cut.id,
      [trips.t3.id]: null,
      [trips.t4.id]: cut.id,
      [trips.t5.id]: cut.id,
      [trips.t6.id]: null, // still in progress
      [trips.t7.id]: cut.id,
      [trips.t8.id]: null,
    });

    // Same trips and period: route + not-scheduled report totals = supplier statistics = cut total.
    const route = await get(`Route/report?${scenario.range}`);
    const rns = await get(`RouteNotScheduled/report?${scenario.range}`);
    const suppliers = await get(`Supplier/service/stats?${scenario.range}`);
    const supplierCents = suppliers.reduce(
      (sum: number, s: { amount: number }) => sum + Math.round(s.amount * 100),
      0,
    );
    expect(Math.round((route.data.total + rns.data.total) * 100)).toBe(13000);
    expect(supplierCents).toBe(13000);

    const general = await get(`Cut/General?cutId=${cut.id}`);
    expect(general.amount).toBe(2);
    expect(general.data.total).toBe(130);
    expect(general.data.amountTrips).toBe(5);
    expect(general.data.amountCollaborators).toBe(9);
    const bySupplier = Object.fromEntries(
      general.data.items.map((item: { supplierId: number }) => [item.supplierId, item]),
    );
    expect(bySupplier[s1.supplier.id]).toEqual({
      supplierId: s1.supplier.id,
      supplierName: s1.supplier.name,
      trips: 2,
      collaborators: 6,
      total: 40,
    });
    expect(bySupplier[s2.supplier.id]).toMatchObject({ trips: 3, collaborators: 3, total: 90 });

    // The same list by the report's local days.
    const byDays = await get(`Cut/General?${scenario.range}`);
    expect(byDays.data.total).toBe(130);
    expect(byDays.amount).toBe(2);

    const detail = await get(`Cut/Headboard?cutId=${cut.id}&amount=10`);
    expect(detail.amount).toBe(5);
    expect(detail.data.total).toBe(130);
    expect(detail.data.amountCollaborators).toBe(9);
    const lines = detail.data.items;
    // Newest first; every line names its trip (traceable to its boardings and trail).
    expect(lines.map((line: { intermediateRouteId: number }) => line.intermediateRouteId)).toEqual([
      trips.t4.id,
      trips.t2.id,
      trips.t7.id,
      trips.t5.id,
      trips.t1.id,
    ]);
    expect(lines[3]).toEqual({
      intermediateRouteId: trips.t5.id,
      cutId: cut.id,
      startedAt: trips.t5.startedAt.toISOString(),
      endedAt: (trips.t5.endedAt as Date).toISOString(),
      plannedDepartureAt: scenario.rns.scheduledAt.toISOString(),
      minutesLate: 0,
      km: 0,
      manualBoardings: 0,
      vehicle: null,
      destinationName: scenario.destination.name,
      routeName: scenario.rns.name,
      kind: "notScheduled",
      driverName: "Luis Peña",
      supplierName: s2.supplier.name,
      collaborators: 2,
      cost: 40,
      incidents: 0,
      incidentTypes: [],
    });
    expect(lines[4]).toMatchObject({
      routeName: scenario.routeA.name,
      kind: "scheduled",
      collaborators: 3,
      cost: 30,
    });

    const page2 = await get(`Cut/Headboard?cutId=${cut.id}&amount=2&skip=3`);
    expect(page2.data.items.map((line: { intermediateRouteId: number }) => line.intermediateRouteId)).toEqual(
      [trips.t1.id],
    );
    const search = await get(
      `Cut/Headboard?cutId=${cut.id}&criterion=${encodeURIComponent(scenario.rns.name)}`,
    );
    expect(search.amount).toBe(1);
    const onlyS1 = await get(
      `Cut/Headboard?cutId=${cut.id}&supplierName=${encodeURIComponent(s1.supplier.name)}`,
    );
    expect(onlyS1.data.total).toBe(40);

    // Cuts tile time: a period not starting at the last cut's end → 400 naming the expected start;
    // the adjacent period bills only what is left (t8).
    const overlap = await postCut(
      cutDate(scenario.from.getTime() + HOUR),
      cutDate(scenario.to.getTime() + DAY),
    );
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toMatchObject({
      statusCode: 400,
      message: cutStartMessage(cutDate(scenario.to.getTime())),
    });
    const gap = await postCut(cutDate(scenario.to.getTime() + HOUR), cutDate(scenario.to.getTime() + DAY));
    expect(gap.statusCode).toBe(400);
    const next = await postCut(cutDate(scenario.to.getTime()), cutDate(scenario.to.getTime() + DAY));
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ trips: 1, total: 30, collaborators: 1 });
    expect((await cutIdsOf([trips.t1.id, trips.t8.id]))[trips.t8.id]).toBe(next.json().id);

    const missing = await app.inject({
      method: "GET",
      url: `${API.cut.general.path}?cutId=999999999`,
      headers: headers(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Corte no encontrado");
  });

  it("of cuts requested at once from the last cut's end, exactly one is created", async () => {
    const { since, day } = await nextCutStart();
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "15.00" });
    const trip = await createTrip({
      routeId: route.id,
      driver,
      cost: "15.00",
      startedAt: new Date(day + 10 * HOUR),
      endedAt: new Date(day + 11 * HOUR),
    });
    const results = await Promise.all([
      postCut(cutDate(since), cutDate(day + DAY)),
      postCut(cutDate(since), cutDate(day + 2 * DAY)),
      postCut(cutDate(since), cutDate(day + 12 * HOUR)),
    ]);
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400]);
    const winner = results.find((result) => result.statusCode === 201)?.json();
    expect(winner, JSON.stringify(results.map((r) => r.json()))).toMatchObject({ trips: 1, total: 15 });
    expect((await cutIdsOf([trip.id]))[trip.id]).toBe(winner.id);
    for (const loser of results.filter((result) => result.statusCode === 400)) {
      expect(loser.json().message).toBe(cutStartMessage(winner.untilDate));
    }
    expect(await get("Cut/check")).toEqual({
      uncutFinishedTrips: 0,
      tripsInTwoCuts: 0,
      lastUntilDate: winner.untilDate,
    });
  });

  it("refuses bad dates, inverted, future, misplaced and empty periods with 400, using no id", async () => {
    const { since, day } = await nextCutStart();
    const before = (await get("Cut/list?amount=1")).list[0]?.id as number;
    const cases: [object, string][] = [
      [
        { sinceDate: "2026-01-01", untilDate: "2026-01-02T00:00:00Z" },
        "Fecha inválida (formato YYYY-MM-DDTHH:mm:ssZ)",
      ],
      [
        { sinceDate: "2026-02-30T00:00:00Z", untilDate: "2026-03-02T00:00:00Z" },
        "Fecha inválida (formato YYYY-MM-DDTHH:mm:ssZ)",
      ],
      [{ sinceDate: "01/01/2026", untilDate: "01/02/2026" }, "Fecha inválida (formato YYYY-MM-DDTHH:mm:ssZ)"],
      [
        { sinceDate: "0000-01-01T00:00:00Z", untilDate: "0001-01-02T00:00:00Z" },
        "Fecha inválida (formato YYYY-MM-DDTHH:mm:ssZ)",
      ],
      [{ untilDate: "2026-01-02T00:00:00Z" }, "Fecha inválida"],
      [
        { sinceDate: cutDate(day + DAY), untilDate: cutDate(day) },
        "La fecha inicial debe ser anterior a la final",
      ],
      [{ sinceDate: cutDate(day), untilDate: cutDate(day) }, "La fecha inicial debe ser anterior a la final"],
      [
        { sinceDate: cutDate(Date.now() - DAY), untilDate: cutDate(Date.now() + DAY) },
        "El corte no puede terminar en el futuro",
      ],
      [{ sinceDate: cutDate(day), untilDate: cutDate(day + DAY) }, cutStartMessage(cutDate(since))],
      [{ sinceDate: cutDate(since), untilDate: cutDate(day + DAY) }, CUT_EMPTY_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({
        method: "POST",
        url: API.cut.create.path,
        headers: headers(),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    // Refused requests leave no gap: the next good cut takes the next id.
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "12.00" });
    await createTrip({
      routeId: route.id,
      driver,
      cost: "12.00",
      startedAt: new Date(day + 8 * HOUR),
      endedAt: new Date(day + 9 * HOUR),
    });
    const good = await postCut(cutDate(since), cutDate(day + DAY));
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().id).toBe(before + 1);
    const badList = await app.inject({
      method: "GET",
      url: `${API.cut.headboard.path}?sinceDate=2026-13-01T00:00:00Z`,
      headers: headers(),
    });
    expect(badList.statusCode).toBe(400);
  });
});

describe("statistics", () => {
  it("counts finished trips by end and their services, in progress apart; supplier amounts are the billed money", async () => {
    // Far after every cut of this file (a scenario before them would read as trips left uncut).
    const scenario = await createFixedScenario({ day: Date.UTC(2090, 0, 1) });
    const services = await get(`IntermediateRoute/services/stats?${scenario.range}`);
    expect(services).toEqual({
      amountIntermediateRoute: 4, // t1 t2 t4 t7
      amountNotScheduleServices: 1,
      amountEmployeeService: 9,
      amountEmployeeCanceledService: 1,
      amountInProgress: 1, // t6
    });
    const suppliers = await get(`Supplier/service/stats?${scenario.range}`);
    expect(suppliers).toEqual([
      { supplierId: scenario.s2.supplier.id, name: scenario.s2.supplier.name, amount: 90, trips: 3 },
      { supplierId: scenario.s1.supplier.id, name: scenario.s1.supplier.name, amount: 40, trips: 2 },
    ]);
    const employees = await get(`Employee/services/stats?${scenario.range}`);
    const first = new Date(scenario.day).toISOString().slice(0, 10);
    const second = new Date(scenario.day + DAY).toISOString().slice(0, 10);
    expect(employees).toMatchObject({
      amountEmployeesServed: 4,
      amountEmployeeService: 9,
      amountEmployeeCanceledService: 1,
      days: [
        { date: first, services: 5, canceled: 1 },
        { date: second, services: 4, canceled: 0 },
      ],
    });
    expect(employees.amountEmployees).toBeGreaterThanOrEqual(5);
    const defaults = await get("IntermediateRoute/services/stats");
    expect(defaults.amountIntermediateRoute).toBeGreaterThanOrEqual(0);
    const week = await get("Employee/services/stats");
    expect(week.days).toHaveLength(7);
  });
});

/** A finished trip after the last cut, and the cut that bills it (the next tile). */
async function cutOneTrip(options: { cost?: string; supplierName?: string; gmt?: number } = {}) {
  const { since, day } = await nextCutStart();
  const { driver, supplier } = await createSupplierDriver({
    supplierName: options.supplierName ?? unique("Cutter "),
    name: "Pedro",
    lastname: "Mota",
  });
  const route = await createRoute({ name: unique("Ruta Fija "), cost: options.cost ?? "20.00" });
  const trip = await createTrip({
    routeId: route.id,
    driver,
    cost: options.cost ?? "20.00",
    startedAt: new Date(day + 8 * HOUR),
    endedAt: new Date(day + 9 * HOUR),
  });
  const created = await postCut(cutDate(since), cutDate(day + DAY), options.gmt);
  expect(created.statusCode, created.body).toBe(201);
  return { cut: created.json(), trip, route, driver, supplier, day };
}

describe("GET /api/v1/Cut/list and /Cut/check", () => {
  it("lists the cuts newest first with who made them and their frozen totals", async () => {
    const first = await cutOneTrip({ cost: "11.00" });
    const second = await cutOneTrip({ cost: "22.50" });
    const list = await get("Cut/list?amount=2");
    expect(list.amount).toBeGreaterThanOrEqual(2);
    expect(list.list).toEqual([
      {
        id: second.cut.id,
        sinceDate: first.cut.untilDate,
        untilDate: second.cut.untilDate,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        createdBy: "María Rodríguez",
        trips: 1,
        collaborators: 0,
        total: 22.5,
        openDisputes: 0,
      },
      expect.objectContaining({ id: first.cut.id, untilDate: first.cut.untilDate, total: 11 }),
    ]);
    // One cut as a record, the same as its row in the list plus its adjustment lines (issue 37);
    // an unknown id is a Spanish 404.
    expect(await get(`Cut/${second.cut.id}`)).toEqual({
      ...list.list[0],
      adjustments: [],
      adjustmentsTotal: 0,
    });
    const missing = await app.inject({
      method: "GET",
      url: apiPath(API.cut.get, { id: 999999 }),
      headers: headers(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Corte no encontrado");
    // Local days a cut's period touches (both dates or neither).
    const day = apiDateOf(second.day);
    const touching = await get(`Cut/list?sinceDate=${day}&untilDate=${day}`, 0);
    expect(touching.list.map((cut: { id: number }) => cut.id)).toEqual([second.cut.id]);
    const half = await app.inject({
      method: "GET",
      url: `${API.cut.list.path}?sinceDate=${day}`,
      headers: headers(),
    });
    expect(half.statusCode).toBe(400);
    expect(await get("Cut/check")).toEqual({
      uncutFinishedTrips: 0,
      tripsInTwoCuts: 0,
      lastUntilDate: second.cut.untilDate,
    });
    // A finished trip ending inside a cut period but in no cut is what the check reports.
    const { driver } = await createSupplierDriver();
    const stray = await createTrip({
      routeId: first.route.id,
      driver,
      cost: "1.00",
      startedAt: new Date(second.day + 10 * HOUR),
      endedAt: new Date(second.day + 11 * HOUR),
    });
    expect((await get("Cut/check")).uncutFinishedTrips).toBe(1);
    const { db } = await testDatabase();
    // A trip marked with a cut that did not freeze it is what tripsInTwoCuts reports.
    const mark = (id: number, cutId: number | null) =>
      db.update(intermediateRoutes).set({ cutId }).where(eq(intermediateRoutes.id, id));
    await mark(stray.id, first.cut.id);
    expect(await get("Cut/check")).toMatchObject({ uncutFinishedTrips: 0, tripsInTwoCuts: 1 });
    await db.delete(intermediateRoutes).where(eq(intermediateRoutes.id, stray.id));
    expect((await get("Cut/check")).tripsInTwoCuts).toBe(0);
    // A frozen trip can't be marked with another cut, nor unmarked: the database refuses it.
    await expect(mark(second.trip.id, first.cut.id)).rejects.toThrow();
    await expect(mark(second.trip.id, null)).rejects.toThrow();
    expect(await get("Cut/check")).toMatchObject({ uncutFinishedTrips: 0, tripsInTwoCuts: 0 });
    const collaborator = await signedInAs(app, "Collaborator");
    for (const url of [API.cut.list.path, API.cut.check.path]) {
      expect((await app.inject({ method: "GET", url, headers: collaborator.headers })).statusCode).toBe(403);
    }
  });
});

const apiDateOf = (day: number) => {
  const d = new Date(day);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
};

describe("a cut is fixed when made", () => {
  it("shows the same rows and totals by cutId for every zone, after renames and cost edits", async () => {
    const oldName = unique("Viejo ");
    const { cut, route, driver, supplier } = await cutOneTrip({ supplierName: oldName, cost: "33.00" });
    const read = async (gmt: number) => ({
      general: await get(`Cut/General?cutId=${cut.id}`, gmt),
      detail: await get(`Cut/Headboard?cutId=${cut.id}`, gmt),
    });
    const before = await read(4);
    expect(before.general.data.items).toEqual([
      { supplierId: supplier.id, supplierName: oldName, trips: 1, collaborators: 0, total: 33 },
    ]);
    expect(before.detail.data.items[0]).toMatchObject({
      routeName: route.name,
      driverName: "Pedro Mota",
      supplierName: oldName,
      cost: 33,
    });
    const { db } = await testDatabase();
    await db
      .update(suppliers)
      .set({ name: unique("Nuevo ") })
      .where(eq(suppliers.id, supplier.id));
    await db.update(drivers).set({ name: "Otro", lastname: "Nombre" }).where(eq(drivers.id, driver.id));
    await db
      .update(routes)
      .set({ name: unique("Renombrada "), cost: "99.00" })
      .where(eq(routes.id, route.id));
    await db.update(intermediateRoutes).set({ cost: "99.00" }).where(eq(intermediateRoutes.cutId, cut.id));
    for (const gmt of [-5.5, 0, 4, 5]) expect(await read(gmt)).toEqual(before);
    // Filtering old cuts by the name the supplier had still finds them.
    const byOldName = await get(`Cut/Headboard?cutId=${cut.id}&supplierName=${encodeURIComponent(oldName)}`);
    expect(byOldName.data.total).toBe(33);
    expect((await get(`Cut/list?amount=1`)).list[0]).toMatchObject({ id: cut.id, total: 33 });
  });

  it("keeps each trip's evidence: end, km, minutes late, manual boardings; the Detail Excel shows them", async () => {
    const { since, day } = await nextCutStart();
    const { driver } = await createSupplierDriver({ name: "Rosa", lastname: "Lora" });
    const route = await createRoute({ name: unique("Puntual "), cost: "18.00", departureTime: "08:00:00" });
    const gmt = 4;
    const startedAt = new Date(day + (8 + gmt) * HOUR + 15 * 60_000); // 08:15 local
    const endedAt = new Date(startedAt.getTime() + HOUR);
    const a = await signedInAs(app, "Collaborator");
    const b = await signedInAs(app, "Collaborator");
    const { db } = await testDatabase();
    const trip = await createTrip({ routeId: route.id, driver, cost: "18.00", startedAt, endedAt });
    const employeeIds = (await db.execute(
      sql`select id from employees where user_id in (${a.userId}, ${b.userId}) order by id`,
    )) as unknown as { rows: { id: number }[] };
    await db.insert(transportServices).values(
      employeeIds.rows.map((row, i) => ({
        intermediateRouteId: trip.id,
        employeeId: Number(row.id),
        status: "Boarded",
        scannedAt: new Date(startedAt.getTime() + (i + 1) * 60_000),
        boardingMethod: i === 0 ? "manual" : "qr",
        boardingReason: i === 0 ? "Teléfono sin batería" : null,
      })),
    );
    // 0.01° of latitude ≈ 1.11 km, twice.
    await db.insert(tripPositions).values(
      [18.47, 18.48, 18.49].map((latitude, i) => ({
        intermediateRouteId: trip.id,
        latitude,
        longitude: -69.9,
        recordedAt: new Date(startedAt.getTime() + i * 60_000),
      })),
    );
    const created = await postCut(cutDate(since), cutDate(day + DAY), gmt);
    expect(created.statusCode, created.body).toBe(201);
    const cut = created.json();
    const [line] = (await get(`Cut/Headboard?cutId=${cut.id}`, 0)).data.items;
    expect(line).toMatchObject({
      intermediateRouteId: trip.id,
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      plannedDepartureAt: new Date(day + (8 + gmt) * HOUR).toISOString(),
      minutesLate: 15,
      manualBoardings: 1,
      collaborators: 2,
      driverName: "Rosa Lora",
      cost: 18,
    });
    expect(line.km).toBeCloseTo(2.22, 2);

    const response = await app.inject({
      method: "GET",
      url: `${API.cut.headboardExcel.path}?cutId=${cut.id}`,
      headers: headers(gmt),
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row) => {
      rows.push(row);
    });
    const header = rows.find((row) => row.getCell(1).value === "Fecha") as ExcelJS.Row;
    const names = (header.values as unknown[]).slice(1).map(String);
    expect(names).toEqual([
      "Fecha",
      "Ruta",
      "Tipo",
      "Chofer",
      "Suplidor",
      "Colaboradores",
      "Costo",
      "Km",
      "Minutos de retraso",
      "Abordajes manuales",
      "Incidencias",
      "Tipos de incidencia",
      "Viaje",
      "Corte",
    ]);
    const data = rows[rows.indexOf(header) + 1] as ExcelJS.Row;
    const cell = (name: string) => data.getCell(names.indexOf(name) + 1).value;
    // The date is the trip's end, as the caller's wall clock (09:15 local).
    expect((cell("Fecha") as Date).toISOString()).toBe(
      new Date(endedAt.getTime() - gmt * HOUR).toISOString(),
    );
    expect(cell("Km")).toBeCloseTo(2.22, 2);
    expect(cell("Minutos de retraso")).toBe(15);
    expect(cell("Abordajes manuales")).toBe(1);
    // The period in the header is local time, not raw UTC.
    expect(sheet.getCell("B2").value).toMatch(/^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d:\d\d (am|pm) \(GMT-4\)$/);
  });
});
