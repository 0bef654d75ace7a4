import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, routes, routesNotScheduled, transportServices } from "../../src/db/schema.js";
import {
  apiDate,
  createNamedBranchOffice,
  createRider,
  createRoute,
  createRouteNotScheduled,
  createSupplierDriver,
  createTrip,
  DAY,
  localTime,
  uniqueDay,
} from "../helpers/reporting-factories.js";
import { buildTestApp, getOk, type SignedIn, signedInAs, testDatabase, unique } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const get = (path: string, gmt: number) => getOk(app, admin, path, gmt);

describe("reports bill the collaborator's branch office at the time of the trip", () => {
  it("moving a collaborator to another branch office leaves past weeks unchanged", async () => {
    const { db } = await testDatabase();
    const day = await uniqueDay();
    const north = await createNamedBranchOffice();
    const south = await createNamedBranchOffice();
    const ana = await createRider({ name: "Ana", lastname: "Abreu", branchOfficeId: north.id });
    const beto = await createRider({ name: "Beto", lastname: "Báez", branchOfficeId: south.id });
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "20.00" });
    // Two trips on `day` (local noon), each 20.00 split between Ana and Beto.
    for (const hours of [12, 14]) {
      await createTrip({
        routeId: route.id,
        driver,
        cost: "20.00",
        startedAt: localTime(day, hours, 4),
        endedAt: localTime(day, hours + 1, 4),
        riders: [ana.id, beto.id],
      });
    }
    const week = `sinceDate=${apiDate(day - 2 * DAY)}&untilDate=${apiDate(day + 2 * DAY)}`;
    const branches = async (gmt: number, filter = "") => {
      const body = await get(`BranchOffice/report?${week}${filter}`, gmt);
      return Object.fromEntries(
        body.data.items.map((item: { branchOfficeId: number; trips: number; cost: number }) => [
          item.branchOfficeId,
          [item.trips, item.cost],
        ]),
      );
    };
    const before = { [north.id]: [2, 20], [south.id]: [2, 20] };
    // GMT 0 reads whole UTC days from employee_day_totals, GMT 4 partial days from service_shares,
    // a driver filter the shares of that driver's trips only.
    for (const gmt of [0, 4]) expect(await branches(gmt)).toEqual(before);
    expect(await branches(4, `&driverId=${driver.id}`)).toEqual(before);

    await db.update(employees).set({ branchOfficeId: south.id }).where(eq(employees.id, ana.id));

    for (const gmt of [0, 4]) expect(await branches(gmt)).toEqual(before);
    expect(await branches(4, `&driverId=${driver.id}`)).toEqual(before);
    const people = await get(`Employee/report?${week}`, 4);
    const anaRow = people.data.items.find((item: { employeeId: number }) => item.employeeId === ana.id);
    expect(anaRow).toMatchObject({ branchOfficeName: north.name, trips: 2, cost: 20 });

    // A trip after the move bills Ana to her new branch office; her row splits by branch office,
    // and she still counts once among the collaborators.
    await createTrip({
      routeId: route.id,
      driver,
      cost: "20.00",
      startedAt: localTime(day + DAY, 12, 4),
      endedAt: localTime(day + DAY, 13, 4),
      riders: [ana.id],
    });
    for (const gmt of [0, 4]) {
      expect(await branches(gmt)).toEqual({ [north.id]: [2, 20], [south.id]: [3, 40] });
    }
    const after = await get(`Employee/report?${week}`, 0);
    const anaRows = after.data.items
      .filter((item: { employeeId: number }) => item.employeeId === ana.id)
      .map((item: { branchOfficeName: string; trips: number }) => [item.branchOfficeName, item.trips]);
    expect(anaRows).toEqual([
      [north.name, 2],
      [south.name, 1],
    ]);
    expect(after.data.amountCollaborators).toBe(2);

    const [service] = await db
      .select({ branchOfficeId: transportServices.branchOfficeId })
      .from(transportServices)
      .where(eq(transportServices.employeeId, beto.id));
    expect(service?.branchOfficeId).toBe(south.id);
  });
});

describe("reports show a trip's route under the name it ran with", () => {
  it("renaming a route or a not-scheduled route leaves past reports and trip sheets unchanged", async () => {
    const { db } = await testDatabase();
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const oldName = unique("Ruta Vieja ");
    const newName = unique("Ruta Nueva ");
    const route = await createRoute({ name: oldName, cost: "20.00" });
    const rider = await createRider();
    const trip = await createTrip({
      routeId: route.id,
      driver,
      cost: "20.00",
      startedAt: localTime(day, 8, 4),
      endedAt: localTime(day, 9, 4),
      riders: [rider.id],
    });
    const specialName = unique("Especial Viejo ");
    const special = await createRouteNotScheduled({
      driverId: driver.id,
      scheduledAt: localTime(day, 10, 4),
      cost: "40.00",
      name: specialName,
    });
    await createTrip({
      routeNotScheduledId: special.id,
      driver,
      cost: "40.00",
      startedAt: localTime(day, 10, 4),
      endedAt: localTime(day, 11, 4),
      riders: [rider.id],
    });
    await db.update(routes).set({ name: newName }).where(eq(routes.id, route.id));
    await db
      .update(routesNotScheduled)
      .set({ name: unique("Especial Nuevo ") })
      .where(eq(routesNotScheduled.id, special.id));

    const range = `sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`;
    for (const name of [oldName, newName]) {
      const report = await get(`Route/report?${range}&routeName=${encodeURIComponent(name)}`, 4);
      expect(report.data.items, name).toMatchObject([{ routeId: route.id, routeName: oldName, trips: 1 }]);
    }
    const specials = await get(`RouteNotScheduled/report?${range}&driverId=${driver.id}`, 4);
    expect(specials.data.items).toMatchObject([{ routeNotScheduledId: special.id, name: specialName }]);
    const byOldName = await get(
      `RouteNotScheduled/report?${range}&criterion=${encodeURIComponent(specialName)}`,
      4,
    );
    expect(byOldName.amount).toBe(1);
    const sheet = await get(`IntermediateRoute/sheet?intermediateRouteId=${trip.id}`, 4);
    expect(sheet.routeName).toBe(oldName);
  });
});

describe("Route/report names each route as its latest trip of the period", () => {
  it("takes the name of the trip that ended last (then the highest id), per supplier and after the criterion", async () => {
    const { db } = await testDatabase();
    const day = await uniqueDay();
    const first = await createSupplierDriver();
    const second = await createSupplierDriver();
    const names = [
      unique("Ruta Alfa "),
      unique("Ruta Beta "),
      unique("Ruta Gamma "),
      unique("Ruta Delta "),
    ] as [string, string, string, string];
    const route = await createRoute({ name: names[0], cost: "10.00" });
    const rider = await createRider();
    // [name, driver, started hour, ended hour]: trips are created in this order, the route renamed before each.
    const plan: [string, typeof first, number, number][] = [
      [names[0], first, 6, 12], // ends last for the first supplier, though it started first
      [names[1], first, 8, 9],
      [names[2], second, 7, 10], // ties with the next trip on the end time: the higher id wins
      [names[3], second, 8, 10],
    ];
    for (const [name, { driver }, start, end] of plan) {
      await db.update(routes).set({ name }).where(eq(routes.id, route.id));
      await createTrip({
        routeId: route.id,
        driver,
        cost: "10.00",
        startedAt: localTime(day, start, 4),
        endedAt: localTime(day, end, 4),
        riders: [rider.id],
      });
    }
    await db
      .update(routes)
      .set({ name: unique("Ruta Actual ") })
      .where(eq(routes.id, route.id));
    const range = `sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`;
    const rows = async (criterion?: string) => {
      const query = criterion ? `&criterion=${encodeURIComponent(criterion)}` : "";
      const body = await get(`Route/report?${range}${query}`, 4);
      return (body.data.items as { supplierId: number; routeName: string; trips: number; cost: number }[])
        .map(({ supplierId, routeName, trips, cost }) => ({ supplierId, routeName, trips, cost }))
        .sort((a, b) => a.supplierId - b.supplierId);
    };
    const bySupplier = <T extends { supplierId: number }>(items: T[]) =>
      [...items].sort((a, b) => a.supplierId - b.supplierId);
    expect(await rows()).toEqual(
      bySupplier([
        { supplierId: first.supplier.id, routeName: names[0], trips: 2, cost: 20 },
        { supplierId: second.supplier.id, routeName: names[3], trips: 2, cost: 20 },
      ]),
    );
    // The criterion narrows the trips first: the latest matching trip names the row.
    expect(await rows(names[1])).toEqual([
      { supplierId: first.supplier.id, routeName: names[1], trips: 1, cost: 10 },
    ]);
    expect(await rows(names[2])).toEqual([
      { supplierId: second.supplier.id, routeName: names[2], trips: 1, cost: 10 },
    ]);
  });
});
