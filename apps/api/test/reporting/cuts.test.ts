import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes } from "../../src/db/schema.js";
import {
  createFixedScenario,
  createRoute,
  createSupplierDriver,
  createTrip,
  cutDate,
  DAY,
  HOUR,
  uniqueDay,
} from "../helpers/reporting-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const headers = (gmt = 4) => ({ ...admin.headers, gmt: String(gmt) });
const postCut = (sinceDate: string, untilDate: string) =>
  app.inject({ method: "POST", url: "/api/v1/Cut", headers: headers(), payload: { sinceDate, untilDate } });
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
      routeName: scenario.rns.name,
      kind: "notScheduled",
      driverName: "Luis Peña",
      supplierName: s2.supplier.name,
      collaborators: 2,
      cost: 40,
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

    // Overlapping → 409; the adjacent period is free and bills only what is left (t8).
    const overlap = await postCut(
      cutDate(scenario.from.getTime() + HOUR),
      cutDate(scenario.to.getTime() + DAY),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({
      statusCode: 409,
      message: "El período se solapa con un corte existente",
    });
    const next = await postCut(cutDate(scenario.to.getTime()), cutDate(scenario.to.getTime() + DAY));
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ trips: 1, total: 30, collaborators: 1 });
    expect((await cutIdsOf([trips.t1.id, trips.t8.id]))[trips.t8.id]).toBe(next.json().id);

    const missing = await app.inject({
      method: "GET",
      url: "/api/v1/Cut/General?cutId=999999999",
      headers: headers(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Corte no encontrado");
  });

  it("of two overlapping cuts requested at once, exactly one is created", async () => {
    const day = await uniqueDay();
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
      postCut(cutDate(day), cutDate(day + DAY)),
      postCut(cutDate(day + 6 * HOUR), cutDate(day + 2 * DAY)),
      postCut(cutDate(day - DAY), cutDate(day + 12 * HOUR)),
    ]);
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const winner = results.find((result) => result.statusCode === 201)?.json();
    expect(winner).toMatchObject({ trips: 1, total: 15 });
    expect((await cutIdsOf([trip.id]))[trip.id]).toBe(winner.id);
    for (const loser of results.filter((result) => result.statusCode === 409)) {
      expect(loser.json().message).toBe("El período se solapa con un corte existente");
    }
  });

  it("refuses bad dates, inverted and future periods with 400", async () => {
    const day = await uniqueDay();
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
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({ method: "POST", url: "/api/v1/Cut", headers: headers(), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const badList = await app.inject({
      method: "GET",
      url: "/api/v1/Cut/Headboard?sinceDate=2026-13-01T00:00:00Z",
      headers: headers(),
    });
    expect(badList.statusCode).toBe(400);
  });
});

describe("statistics", () => {
  it("counts finished trips by end and their services, in progress apart; supplier amounts are the billed money", async () => {
    const scenario = await createFixedScenario();
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
