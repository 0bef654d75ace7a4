import { API } from "@treiber/contract/api-paths";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes, transportServices } from "../../src/db/schema.js";
import {
  apiDate,
  createFixedScenario,
  createRoute,
  createRouteNotScheduled,
  createSupplierDriver,
  createTrip,
  DAY,
  type FixedScenario,
  localTime,
  uniqueDay,
} from "../helpers/reporting-factories.js";
import { createEmployee } from "../helpers/route-factories.js";
import { buildTestApp, getOk, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
let scenario: FixedScenario;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  scenario = await createFixedScenario();
});
afterAll(() => app.close());

const get = (path: string, gmt: number = scenario.gmt) => getOk(app, admin, path, gmt);

const byName = <T extends Record<string, unknown>>(items: T[], key: keyof T) =>
  [...items].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

describe("Route/report", () => {
  it("sums the finished scheduled trips of the local days per route and supplier", async () => {
    const { routeA, routeB, s1, s2, range } = scenario;
    const body = await get(`Route/report?${range}&amount=50`);
    expect(body.amount).toBe(2);
    expect(body.data.total).toBe(90);
    expect(body.data.amountCollaborator).toBe(7);
    expect(byName(body.data.items, "routeName")).toEqual([
      {
        routeId: routeA.id,
        routeName: routeA.name,
        destinationName: scenario.destination.name,
        supplierId: s1.supplier.id,
        supplierName: s1.supplier.name,
        trips: 2,
        collaborators: 6,
        cost: 40,
        costPerCollaborator: 6.67,
      },
      expect.objectContaining({
        routeId: routeB.id,
        supplierId: s2.supplier.id,
        trips: 2,
        collaborators: 1,
        cost: 50,
        // t7 (25.00) had nobody aboard: charged to nobody, so 25.00 ÷ 1 boarding, not 50.00 ÷ 1.
        costPerCollaborator: 25,
      }),
    ]);
  });

  it("Costo por colaborador is the cost of the trips with riders ÷ boardings (decision 0021)", async () => {
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "30.00" });
    const riders = [await createEmployee(), await createEmployee(), await createEmployee()].map((e) => e.id);
    await createTrip({
      routeId: route.id,
      driver,
      cost: "30.00",
      startedAt: localTime(day, 8, 0),
      endedAt: localTime(day, 9, 0),
      riders,
    });
    // Nobody boarded this one: it costs 30.00 but is charged to no collaborator.
    await createTrip({
      routeId: route.id,
      driver,
      cost: "30.00",
      startedAt: localTime(day, 17, 0),
      endedAt: localTime(day, 18, 0),
    });
    const range = `sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`;
    const body = await get(`Route/report?${range}&routeName=${encodeURIComponent(route.name)}`, 0);
    expect(body.data.items).toMatchObject([
      { trips: 2, collaborators: 3, cost: 60, costPerCollaborator: 10 },
    ]);
    const shares = await get(`Employee/report?${range}&routeName=${encodeURIComponent(route.name)}`, 0);
    expect(shares.data.items.map((item: { cost: number }) => item.cost)).toEqual([10, 10, 10]);
  });

  it("reads the days in the caller's zone: the same dates in UTC take other trips", async () => {
    const body = await get(`Route/report?${scenario.range}`, 0);
    // In UTC, t3 (ends 03:30 UTC of the first day) is in and t4 (02:00 UTC after the range) is out.
    const b = body.data.items.find((item: { routeId: number }) => item.routeId === scenario.routeB.id);
    expect(b).toMatchObject({ trips: 2, collaborators: 1, cost: 50 });
    expect(body.data.total).toBe(90);
    const only = await get(
      `Route/report?sinceDate=${apiDate(scenario.day - DAY)}&untilDate=${apiDate(scenario.day - DAY)}`,
    );
    expect(only.data.items).toEqual([
      expect.objectContaining({ routeId: scenario.routeB.id, trips: 1, cost: 25 }),
    ]);
    const utc = await get(
      `Route/report?sinceDate=${apiDate(scenario.day - DAY)}&untilDate=${apiDate(scenario.day - DAY)}`,
      0,
    );
    expect(utc.amount).toBe(0);
    expect(utc.data).toEqual({ total: 0, items: [], amountCollaborator: 0 });
  });

  it("filters by supplier, route, destination, driver and search text", async () => {
    const { range, s1, s2, routeA, destination } = scenario;
    const bySupplier = await get(
      `Route/report?${range}&supplierName=${encodeURIComponent(s2.supplier.name.toUpperCase())}`,
    );
    expect(bySupplier.data.items.map((item: { routeId: number }) => item.routeId)).toEqual([
      scenario.routeB.id,
    ]);
    expect(bySupplier.data.total).toBe(50);
    const byRoute = await get(`Route/report?${range}&routeName=${encodeURIComponent(routeA.name)}`);
    expect(byRoute.data.total).toBe(40);
    const byDestination = await get(`Route/report?${range}&destinationId=${destination.id}`);
    expect(byDestination.data.items).toEqual([expect.objectContaining({ routeId: routeA.id })]);
    const byDriver = await get(`Route/report?${range}&driverId=${s1.driver.id}`);
    expect(byDriver.data.total).toBe(40);
    const all = await get(`Route/report?${range}&driverId=0&destinationId=0&routeName=`);
    expect(all.data.total).toBe(90);
    const search = await get(
      `Route/report?${range}&criterion=${encodeURIComponent(routeA.name.slice(0, 12))}`,
    );
    expect(search.amount).toBeGreaterThanOrEqual(1);
    expect(
      search.data.items.every((item: { routeName: string }) =>
        item.routeName.startsWith(routeA.name.slice(0, 12)),
      ),
    ).toBe(true);
    const none = await get(`Route/report?${range}&criterion=zzz%25_no_existe`);
    expect(none).toEqual({ amount: 0, data: { total: 0, items: [], amountCollaborator: 0 } });
  });
});

describe("Driver reports", () => {
  it("Driver/report sums scheduled trips per driver", async () => {
    const { s1, s2, range } = scenario;
    const body = await get(`Driver/report?${range}`);
    expect(body.amount).toBe(2);
    expect(body.data.total).toBe(90);
    expect(body.data.amountCollaborators).toBe(7);
    expect(byName(body.data.items, "driverName")).toEqual([
      {
        driverId: s2.driver.id,
        driverName: "Luis Peña",
        name: "Luis",
        lastname: "Peña",
        identityCard: s2.driver.identityCard,
        supplierName: s2.supplier.name,
        trips: 2,
        collaborators: 1,
        cost: 50,
      },
      expect.objectContaining({
        driverId: s1.driver.id,
        driverName: "Ramón Ulloa",
        trips: 2,
        collaborators: 6,
        cost: 40,
      }),
    ]);
    const byCard = await get(`Driver/report?${range}&criterion=${s2.driver.identityCard}`);
    expect(byCard.data.items).toEqual([expect.objectContaining({ driverId: s2.driver.id })]);
  });

  it("Driver/report/routeNotScheduled sums the not-scheduled trips per driver", async () => {
    const body = await get(`Driver/report/routeNotScheduled?${scenario.range}`);
    expect(body).toEqual({
      amount: 1,
      data: {
        total: 40,
        amountCollaborators: 2,
        items: [
          expect.objectContaining({ driverId: scenario.s2.driver.id, trips: 1, collaborators: 2, cost: 40 }),
        ],
      },
    });
  });
});

describe("Employee/report and BranchOffice/report", () => {
  it("splits each trip's cost among its riders to the cent", async () => {
    const { e1, e2, e3, e4, e5 } = scenario.employees;
    const body = await get(`Employee/report?${scenario.range}`);
    expect(body.amount).toBe(5);
    expect(body.data.amountCollaborators).toBe(4);
    expect(body.data.total).toBe(105);
    const cost = Object.fromEntries(
      body.data.items.map((item: { employeeId: number; cost: number }) => [item.employeeId, item.cost]),
    );
    // t2 (10.00 among three): the first rider by id gets the extra cent.
    expect(cost).toEqual({ [e1.id]: 13.34, [e2.id]: 33.33, [e3.id]: 13.33, [e4.id]: 0, [e5.id]: 45 });
    const dario = body.data.items.find((item: { employeeId: number }) => item.employeeId === e4.id);
    expect(dario).toMatchObject({ trips: 0, canceledServices: 1, name: "Dario", lastname: "Díaz" });
    const ana = body.data.items.find((item: { employeeId: number }) => item.employeeId === e1.id);
    expect(ana).toMatchObject({ trips: 2, canceledServices: 0, branchOfficeName: scenario.b1.name });
  });

  it("BranchOffice/report groups the collaborators' shares by branch office", async () => {
    const body = await get(`BranchOffice/report?${scenario.range}`);
    expect(body.amount).toBe(3);
    expect(body.data.total).toBe(105);
    expect(body.data.amountCollaborators).toBe(4);
    expect(byName(body.data.items, "name")).toEqual(
      byName(
        [
          { branchOfficeId: scenario.b1.id, name: scenario.b1.name, collaborators: 2, trips: 5, cost: 46.67 },
          { branchOfficeId: scenario.b2.id, name: scenario.b2.name, collaborators: 1, trips: 2, cost: 13.33 },
          { branchOfficeId: 0, name: "Sin sucursal", collaborators: 1, trips: 2, cost: 45 },
        ],
        "name",
      ),
    );
  });
});

describe("RouteNotScheduled/report", () => {
  it("lists each not-scheduled trip, 3 per page by default", async () => {
    const { rns, trips, s2 } = scenario;
    const body = await get(`RouteNotScheduled/report?${scenario.range}`);
    expect(body).toEqual({
      amount: 1,
      data: {
        total: 40,
        amountCollaborator: 2,
        items: [
          {
            intermediateRouteId: trips.t5.id,
            routeNotScheduledId: rns.id,
            name: rns.name,
            startedAt: trips.t5.startedAt.toISOString(),
            endedAt: trips.t5.endedAt?.toISOString(),
            destinationName: scenario.destination.name,
            driverId: s2.driver.id,
            driverName: "Luis Peña",
            supplierName: s2.supplier.name,
            collaborators: 2,
            cost: 40,
            costPerCollaborator: 20,
          },
        ],
      },
    });
  });
});

describe("totals agree", () => {
  it("route + not-scheduled totals = driver totals = supplier statistics", async () => {
    const { range } = scenario;
    const route = await get(`Route/report?${range}`);
    const rns = await get(`RouteNotScheduled/report?${range}`);
    const driver = await get(`Driver/report?${range}`);
    const driverRns = await get(`Driver/report/routeNotScheduled?${range}`);
    const suppliers = await get(`Supplier/service/stats?${range}`);
    const supplierTotal = suppliers.reduce((sum: number, item: { amount: number }) => sum + item.amount, 0);
    expect(driver.data.total).toBe(route.data.total);
    expect(driverRns.data.total).toBe(rns.data.total);
    expect(supplierTotal).toBe(route.data.total + rns.data.total);
    expect(driver.data.amountCollaborators).toBe(route.data.amountCollaborator);
  });
});

describe("paging", () => {
  it("each report's total is the sum of its items over all pages", async () => {
    const day = await uniqueDay();
    const gmt = -5.5;
    const { driver } = await createSupplierDriver();
    const rider = await createEmployee();
    const costs = ["10.10", "20.20", "30.30", "40.40", "50.50", "60.60", "70.70"];
    for (const [i, cost] of costs.entries()) {
      const route = await createRoute({ cost });
      await createTrip({
        routeId: route.id,
        driver,
        cost,
        startedAt: localTime(day, 6 + i, gmt),
        endedAt: localTime(day, 6.5 + i, gmt),
        riders: i % 2 === 0 ? [rider.id] : [],
      });
    }
    const range = `sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`;
    const pages = [];
    for (let skip = 1; skip <= 3; skip++)
      pages.push(await get(`Route/report?${range}&amount=3&skip=${skip}`, gmt));
    expect(pages.map((page) => page.data.items.length)).toEqual([3, 3, 1]);
    for (const page of pages) {
      expect(page.amount).toBe(7);
      expect(page.data.total).toBe(282.8);
    }
    const items = pages.flatMap((page) => page.data.items);
    expect(new Set(items.map((item: { routeId: number }) => item.routeId)).size).toBe(7);
    const sumCents = items.reduce(
      (sum: number, item: { cost: number }) => sum + Math.round(item.cost * 100),
      0,
    );
    expect(sumCents).toBe(28280);
    const beyond = await get(`Route/report?${range}&amount=3&skip=4`, gmt);
    expect(beyond.data.items).toEqual([]);
    expect(beyond.data.total).toBe(282.8);
  });

  it("pages the not-scheduled report 3 at a time by default, newest first", async () => {
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const trips = [];
    for (let i = 0; i < 4; i++) {
      const rns = await createRouteNotScheduled({
        driverId: driver.id,
        scheduledAt: localTime(day, 8 + i, 0),
        cost: "20.00",
      });
      trips.push(
        await createTrip({
          routeNotScheduledId: rns.id,
          driver,
          cost: "20.00",
          startedAt: localTime(day, 8 + i, 0),
          endedAt: localTime(day, 8.5 + i, 0),
        }),
      );
    }
    const range = `sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`;
    const first = await get(`RouteNotScheduled/report?${range}`, 0);
    expect(first.amount).toBe(4);
    expect(first.data.total).toBe(80);
    expect(first.data.items.map((item: { intermediateRouteId: number }) => item.intermediateRouteId)).toEqual(
      [trips[3]?.id, trips[2]?.id, trips[1]?.id],
    );
    const second = await get(`RouteNotScheduled/report?${range}&skip=2`, 0);
    expect(
      second.data.items.map((item: { intermediateRouteId: number }) => item.intermediateRouteId),
    ).toEqual([trips[0]?.id]);
  });

  it("defaults to the last 6 days through today", async () => {
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "11.00" });
    const now = Date.now();
    await createTrip({
      routeId: route.id,
      driver,
      cost: "11.00",
      startedAt: new Date(now - 3 * DAY),
      endedAt: new Date(now - 3 * DAY + 60_000),
    });
    await createTrip({
      routeId: route.id,
      driver,
      cost: "11.00",
      startedAt: new Date(now - 9 * DAY),
      endedAt: new Date(now - 9 * DAY + 60_000),
    });
    const body = await get(`Route/report?routeName=${encodeURIComponent(route.name)}`);
    expect(body.data.items).toEqual([expect.objectContaining({ routeId: route.id, trips: 1, cost: 11 })]);
  });
});

describe("riders per trip", () => {
  it("follow boardings added, canceled and removed after the trip was created", async () => {
    const { db } = await testDatabase();
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "12.00" });
    const riders = [
      await createEmployee(),
      await createEmployee(),
      await createEmployee(),
      await createEmployee(),
    ];
    const trip = await createTrip({
      routeId: route.id,
      driver,
      cost: "12.00",
      startedAt: localTime(day, 7, 0),
      endedAt: localTime(day, 8, 0),
      riders: riders.slice(0, 2).map((rider) => rider.id),
    });
    const report = async () =>
      (await get(`Route/report?sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`, 0)).data;
    expect((await report()).amountCollaborator).toBe(2);
    for (const rider of riders.slice(2)) {
      await db.insert(transportServices).values({
        intermediateRouteId: trip.id,
        employeeId: rider.id,
        status: "Boarded",
        scannedAt: localTime(day, 7.5, 0),
      });
    }
    expect((await report()).amountCollaborator).toBe(4);
    await db
      .update(transportServices)
      .set({ status: "Canceled", scannedAt: null, canceledAt: new Date(), comment: "Me equivoqué" })
      .where(
        and(
          eq(transportServices.intermediateRouteId, trip.id),
          eq(transportServices.employeeId, riders[0]?.id ?? 0),
        ),
      );
    await db
      .delete(transportServices)
      .where(
        and(
          eq(transportServices.intermediateRouteId, trip.id),
          eq(transportServices.employeeId, riders[1]?.id ?? 0),
        ),
      );
    const data = await report();
    expect(data.amountCollaborator).toBe(2);
    expect(data.items[0]).toMatchObject({ collaborators: 2, cost: 12, costPerCollaborator: 6 });
    const employees = await get(`Employee/report?sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`, 0);
    expect(employees.data.total).toBe(12);
    expect(employees.data.amountCollaborators).toBe(2);
  });
});

describe("collaborator shares", () => {
  it("Employee/report and BranchOffice/report keep only the shares of the filtered trips", async () => {
    const { range, s1, s2 } = scenario;
    const { e1, e2, e3, e4, e5 } = scenario.employees;
    const costs = (items: { employeeId: number; cost: number }[]) =>
      Object.fromEntries(items.map((item) => [item.employeeId, item.cost]));
    const byDriver1 = await get(`Employee/report?${range}&driverId=${s1.driver.id}`);
    expect(costs(byDriver1.data.items)).toEqual({
      [e1.id]: 13.34,
      [e2.id]: 13.33,
      [e3.id]: 13.33,
      [e4.id]: 0,
    });
    expect(byDriver1.data.total).toBe(40);
    const bySupplier2 = await get(
      `Employee/report?${range}&supplierName=${encodeURIComponent(s2.supplier.name)}`,
    );
    expect(costs(bySupplier2.data.items)).toEqual({ [e2.id]: 20, [e5.id]: 45 });
    const branches = await get(`BranchOffice/report?${range}&driverId=${s2.driver.id}`);
    expect(branches.data.total).toBe(65);
  });

  it("bill a trip once it ends and split its cost again when it changes or is deleted", async () => {
    const { db } = await testDatabase();
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "10.00" });
    const riders = [await createEmployee(), await createEmployee(), await createEmployee()];
    const trip = await createTrip({
      routeId: route.id,
      driver,
      cost: "10.00",
      startedAt: localTime(day, 7, 0),
      endedAt: null,
      riders: riders.map((rider) => rider.id),
    });
    const shares = async () => {
      const body = await get(`Employee/report?sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`, 0);
      return body.data.items.map((item: { cost: number }) => item.cost);
    };
    expect(await shares()).toEqual([]);
    await db
      .update(intermediateRoutes)
      .set({ status: "Finished", endedAt: localTime(day, 8, 0) })
      .where(eq(intermediateRoutes.id, trip.id));
    expect((await shares()).sort()).toEqual([3.33, 3.33, 3.34]);
    await db.update(intermediateRoutes).set({ cost: "20.00" }).where(eq(intermediateRoutes.id, trip.id));
    expect((await shares()).sort()).toEqual([6.66, 6.67, 6.67]);
    await db
      .update(intermediateRoutes)
      .set({ endedAt: localTime(day + DAY, 8, 0) })
      .where(eq(intermediateRoutes.id, trip.id));
    expect(await shares()).toEqual([]);
    await db
      .update(intermediateRoutes)
      .set({ endedAt: localTime(day, 9, 0) })
      .where(eq(intermediateRoutes.id, trip.id));
    expect((await shares()).length).toBe(3);
    await db.delete(intermediateRoutes).where(eq(intermediateRoutes.id, trip.id));
    expect(await shares()).toEqual([]);
  });
});

describe("collaborator day totals", () => {
  it("follow services canceled and added after the trip ended, whole days and edges alike", async () => {
    const { db } = await testDatabase();
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "12.00" });
    const [a, b, c] = [await createEmployee(), await createEmployee(), await createEmployee()];
    if (!a || !b || !c) throw new Error("no riders");
    // Ends 05:00 UTC of `day`: inside a whole UTC day of the range for GMT 0, in the partial first
    // day (from 04:00 UTC) for GMT 4.
    const trip = await createTrip({
      routeId: route.id,
      driver,
      cost: "12.00",
      startedAt: localTime(day, 0.5, 4),
      endedAt: localTime(day, 1, 4),
      riders: [a.id, b.id],
    });
    const report = async (gmt: number) => {
      const body = await get(
        `Employee/report?sinceDate=${apiDate(day)}&untilDate=${apiDate(day + DAY)}`,
        gmt,
      );
      return Object.fromEntries(
        body.data.items.map(
          (item: { employeeId: number; trips: number; canceledServices: number; cost: number }) => [
            item.employeeId,
            [item.trips, item.canceledServices, item.cost],
          ],
        ),
      );
    };
    for (const gmt of [0, 4]) expect(await report(gmt)).toEqual({ [a.id]: [1, 0, 6], [b.id]: [1, 0, 6] });
    await db
      .update(transportServices)
      .set({ status: "Canceled", canceledAt: new Date(), comment: "Me bajé antes" })
      .where(and(eq(transportServices.intermediateRouteId, trip.id), eq(transportServices.employeeId, b.id)));
    await db.insert(transportServices).values({
      intermediateRouteId: trip.id,
      employeeId: c.id,
      status: "Boarded",
      scannedAt: localTime(day, 0.75, 4),
    });
    for (const gmt of [0, 4]) {
      expect(await report(gmt)).toEqual({ [a.id]: [1, 0, 6], [b.id]: [0, 1, 0], [c.id]: [1, 0, 6] });
    }
    await db.delete(transportServices).where(eq(transportServices.intermediateRouteId, trip.id));
    for (const gmt of [0, 4]) expect(await report(gmt)).toEqual({});
  });
});

describe("validation and roles", () => {
  const paths = [
    "Route/report",
    "Route/report/excel",
    "Driver/report",
    "driver/report/excel",
    "Driver/report/routeNotScheduled",
    "Driver/report/routeNotScheduled/excel",
    "Employee/report",
    "employee/report/excel",
    "BranchOffice/report",
    "branchOffice/report/excel",
    "RouteNotScheduled/report",
    "RouteNotScheduled/report/excel",
    "Cut/General",
    "Cut/Headboard",
    "Cut/General/excel",
    "Cut/Headboard/excel",
    "IntermediateRoute/services/stats",
    "Supplier/service/stats",
    "Employee/services/stats",
  ];

  it("answers 401 without a session and 403 to collaborators and drivers", async () => {
    const collaborator = await signedInAs(app, "Collaborator");
    const driver = await signedInAs(app, "Driver");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    for (const path of paths) {
      const url = `/api/v1/${path}`;
      expect((await app.inject({ method: "GET", url })).statusCode, path).toBe(401);
      expect((await app.inject({ method: "GET", url, headers: collaborator.headers })).statusCode, path).toBe(
        403,
      );
      expect((await app.inject({ method: "GET", url, headers: driver.headers })).statusCode, path).toBe(403);
      expect((await app.inject({ method: "GET", url, headers: superAdmin.headers })).statusCode, path).toBe(
        200,
      );
    }
    expect(
      (
        await app.inject({
          method: "POST",
          url: API.cut.create.path,
          payload: {},
          headers: collaborator.headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("refuses bad dates and filters with 400 and a Spanish message", async () => {
    const cases: [string, string][] = [
      ["sinceDate=2026-01-01&untilDate=01/02/2026", "Fecha inválida (formato MM/DD/YYYY)"],
      ["sinceDate=02/30/2026&untilDate=03/01/2026", "Fecha inválida"],
      ["sinceDate=03/02/2026&untilDate=03/01/2026", "La fecha inicial no puede ser posterior a la final"],
      ["amount=0", "Cantidad inválida"],
      ["skip=abc", "Página inválida"],
      ["destinationId=-1", "Identificador inválido"],
    ];
    for (const path of paths) {
      for (const [query, message] of cases) {
        if (path.includes("stats") && !query.includes("Date")) continue;
        if (path.startsWith("Cut") && query.startsWith("destinationId")) continue;
        const response = await app.inject({
          method: "GET",
          url: `/api/v1/${path}?${query}`,
          headers: admin.headers,
        });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        const body = response.json();
        expect(body.statusCode).toBe(400);
        expect(JSON.stringify(body), `${path}?${query}`).toContain(message.slice(0, 14));
      }
    }
    for (const query of [
      "sinceDate=01/01/0000&untilDate=12/31/9999",
      "sinceDate=12/31/9999&untilDate=12/31/9999",
    ]) {
      for (const path of [
        "Route/report",
        "Employee/report",
        "Cut/Headboard",
        "Employee/services/stats",
        "Route/report/excel",
      ]) {
        const response = await app.inject({
          method: "GET",
          url: `/api/v1/${path}?${query}`,
          headers: admin.headers,
        });
        expect(response.statusCode, `${path}?${query}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    const gmt = await app.inject({
      method: "GET",
      url: API.route.report.path,
      headers: { ...admin.headers, gmt: "x" },
    });
    expect(gmt.statusCode).toBe(400);
    expect(gmt.json().message).toBe("Encabezado GMT inválido");
  });
});

describe("OpenAPI", () => {
  it("documents the report, cut and statistics calls", async () => {
    const response = await app.inject({ method: "GET", url: "/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      API.route.report.path,
      API.route.reportExcel.path,
      API.driver.reportExcel.path,
      API.cut.create.path,
      API.cut.list.path,
      API.cut.check.path,
      API.cut.headboardExcel.path,
      API.supplier.serviceStats.path,
    ]) {
      expect(paths).toContain(path);
    }
  });
});
