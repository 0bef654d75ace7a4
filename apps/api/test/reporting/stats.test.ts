import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes, transportServices } from "../../src/db/schema.js";
import {
  apiDate,
  createRider,
  createRoute,
  createRouteNotScheduled,
  createSupplierDriver,
  createTrip,
  DAY,
  HOUR,
  localTime,
  uniqueDay,
} from "../helpers/reporting-factories.js";
import { buildTestApp, getOk, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const get = (path: string, gmt = "4") => getOk(app, admin, path, gmt);

describe("statistics count what the reports count", () => {
  it("a trip started the day before and finished today counts today, a trip in progress apart", async () => {
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const { driver: other } = await createSupplierDriver();
    const route = await createRoute({ cost: "18.00" });
    const [ana, beto] = [await createRider(), await createRider()];
    // Starts the evening before `day` (local), ends on `day`: the reports bill it on `day`.
    await createTrip({
      routeId: route.id,
      driver,
      cost: "18.00",
      startedAt: localTime(day - DAY, 23.5, 4),
      endedAt: localTime(day, 0.5, 4),
      riders: [ana.id, beto.id],
    });
    // Started on `day`, still in progress.
    await createTrip({
      routeId: route.id,
      driver: other,
      cost: "18.00",
      startedAt: localTime(day, 10, 4),
      riders: [ana.id],
    });
    const onDay = `sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`;
    const dayBefore = `sinceDate=${apiDate(day - DAY)}&untilDate=${apiDate(day - DAY)}`;

    expect(await get(`IntermediateRoute/services/stats?${onDay}`)).toEqual({
      amountIntermediateRoute: 1,
      amountNotScheduleServices: 0,
      amountEmployeeService: 2,
      amountEmployeeCanceledService: 0,
      amountInProgress: 1,
    });
    expect(await get(`IntermediateRoute/services/stats?${dayBefore}`)).toEqual({
      amountIntermediateRoute: 0,
      amountNotScheduleServices: 0,
      amountEmployeeService: 0,
      amountEmployeeCanceledService: 0,
      amountInProgress: 0,
    });
    const report = await get(`Route/report?${onDay}`);
    expect(report.data.items).toMatchObject([{ routeId: route.id, trips: 1, collaborators: 2 }]);

    const employees = await get(`Employee/services/stats?${onDay}`);
    expect(employees).toMatchObject({
      amountEmployeesServed: 2,
      amountEmployeeService: 2,
      days: [{ date: new Date(day).toISOString().slice(0, 10), services: 2, canceled: 0 }],
    });
    const before = await get(`Employee/services/stats?${dayBefore}`);
    expect(before).toMatchObject({ amountEmployeesServed: 0, amountEmployeeService: 0 });
  });
});

describe("Employee/services/stats over several days reads the summary tables", () => {
  it("counts each collaborator once and splits the days at local midnights in any zone, after changes too", async () => {
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "20.00" });
    const riders = await Promise.all([1, 2, 3, 4, 5].map(() => createRider()));
    const [a, b, c, d, e] = riders.map((rider) => rider.id) as [number, number, number, number, number];
    // Ends near UTC and local midnights, for whole, half and three-quarter hour offsets.
    const ends: [number, number[], number[]][] = [
      [day + DAY + 0.17 * HOUR, [a, b], []],
      [day + 2 * DAY - 0.08 * HOUR, [a], [c]],
      [day + 3 * DAY + 4.33 * HOUR, [c, d], [a]],
      [day + 5 * DAY + 18.67 * HOUR, [b], []],
      [day + 7 * DAY + 19 * HOUR, [d], [e]],
      [day + 8 * DAY - 0.17 * HOUR, [e], []],
      [day + 8 * DAY + 3 * HOUR, [a, e], []],
    ];
    const trips = [];
    for (const [end, boarded, canceled] of ends) {
      trips.push(
        await createTrip({
          routeId: route.id,
          driver,
          cost: "20.00",
          startedAt: new Date(end - HOUR),
          endedAt: new Date(end),
          riders: boarded,
          canceled,
        }),
      );
    }
    const { db } = await testDatabase();

    /** What the services themselves say for the local days day+1 … day+7 (the statement before 0011). */
    const expected = async (gmt: number) => {
      const from = new Date(day + DAY + gmt * HOUR);
      const to = new Date(day + 8 * DAY + gmt * HOUR);
      const { rows } = await db.execute<{ ended_at: string; employee_id: number; status: string }>(sql`
        select t.ended_at::text as ended_at, s.employee_id, s.status
        from intermediate_routes t join transport_services s on s.intermediate_route_id = t.id
        where t.status = 'Finished' and t.ended_at >= ${from} and t.ended_at < ${to}`);
      const served = new Set<number>();
      const days = new Map<string, { services: number; canceled: number }>();
      for (const row of rows) {
        const local = new Date(new Date(row.ended_at).getTime() - gmt * HOUR).toISOString().slice(0, 10);
        const counts = days.get(local) ?? { services: 0, canceled: 0 };
        if (row.status === "Boarded") {
          served.add(Number(row.employee_id));
          counts.services++;
        } else counts.canceled++;
        days.set(local, counts);
      }
      return { served: served.size, days };
    };
    const check = async () => {
      for (const gmt of [4, 0, -5.5, -5.75, 9.5, -14, 12]) {
        const want = await expected(gmt);
        const got = await get(
          `Employee/services/stats?sinceDate=${apiDate(day + DAY)}&untilDate=${apiDate(day + 7 * DAY)}`,
          String(gmt),
        );
        expect(got.amountEmployeesServed, `GMT ${gmt}`).toBe(want.served);
        expect(got.days, `GMT ${gmt}`).toHaveLength(7);
        for (const row of got.days as { date: string; services: number; canceled: number }[]) {
          expect(row, `GMT ${gmt}`).toEqual({
            date: row.date,
            ...(want.days.get(row.date) ?? { services: 0, canceled: 0 }),
          });
        }
      }
    };
    await check();
    // After the trips ended: a boarding becomes a cancellation, another service goes away.
    const [first, , third] = trips.map((trip) => trip.id);
    await db
      .update(transportServices)
      .set({ status: "Canceled", scannedAt: null, canceledAt: new Date(day + DAY) })
      .where(
        and(eq(transportServices.intermediateRouteId, Number(first)), eq(transportServices.employeeId, b)),
      );
    await db
      .delete(transportServices)
      .where(
        and(eq(transportServices.intermediateRouteId, Number(third)), eq(transportServices.employeeId, d)),
      );
    await check();
  });
});

describe("IntermediateRoute/services/stats and Supplier/service/stats read the trip quarter totals", () => {
  it("agree with the trips themselves in any zone, after trips change, move, are cut and go away", async () => {
    const day = await uniqueDay();
    const north = await createSupplierDriver();
    const south = await createSupplierDriver();
    const route = await createRoute({ cost: "20.00" });
    const [a, b, c] = (await Promise.all([1, 2, 3].map(() => createRider()))).map((rider) => rider.id) as [
      number,
      number,
      number,
    ];
    // [end, driver, scheduled, cost, boarded, canceled]: ends near UTC and local midnights.
    const plan: [number, typeof north, boolean, string, number[], number[]][] = [
      [day + DAY + 0.17 * HOUR, north, true, "20.00", [a, b], []],
      [day + 2 * DAY - 0.08 * HOUR, south, true, "33.33", [a], [c]],
      [day + 3 * DAY + 4.33 * HOUR, north, false, "45.10", [c], [a]],
      [day + 5 * DAY + 18.67 * HOUR, south, false, "12.00", [], [b]],
      [day + 7 * DAY + 19 * HOUR, north, true, "20.00", [b, c], []],
      [day + 8 * DAY - 0.17 * HOUR, south, true, "7.25", [a], []],
      [day + 8 * DAY + 3 * HOUR, north, true, "20.00", [a, c], []],
    ];
    const trips = [];
    for (const [end, { driver }, scheduled, cost, boarded, canceled] of plan) {
      const special = scheduled
        ? undefined
        : await createRouteNotScheduled({ driverId: driver.id, scheduledAt: new Date(end - 2 * HOUR), cost });
      trips.push(
        await createTrip({
          ...(special ? { routeNotScheduledId: special.id } : { routeId: route.id }),
          driver,
          cost,
          startedAt: new Date(end - HOUR),
          endedAt: new Date(end),
          riders: boarded,
          canceled,
        }),
      );
    }
    // One still in progress, started inside the range.
    const third = await createSupplierDriver();
    await createTrip({
      routeId: route.id,
      driver: third.driver,
      cost: "20.00",
      startedAt: new Date(day + 4 * DAY),
    });
    const { db } = await testDatabase();

    /** The statements before migration 0012, over the trips themselves. */
    const expected = async (gmt: number) => {
      const from = new Date(day + DAY + gmt * HOUR);
      const to = new Date(day + 8 * DAY + gmt * HOUR);
      const { rows: counts } = await db.execute<Record<string, number>>(sql`
        select count(*) filter (where t.route_id is not null)::int as scheduled,
          count(*) filter (where t.route_id is null)::int as not_scheduled,
          coalesce(sum(tr.riders), 0)::int as boarded, coalesce(sum(tr.canceled), 0)::int as canceled
        from intermediate_routes t left join trip_riders tr on tr.intermediate_route_id = t.id
        where t.status = 'Finished' and t.ended_at >= ${from} and t.ended_at < ${to}`);
      const { rows: suppliers } = await db.execute<Record<string, number>>(sql`
        select t.supplier_id, count(*)::int as trips, sum(round(t.cost * 100))::bigint as cost_cents
        from intermediate_routes t
        where t.status = 'Finished' and t.ended_at >= ${from} and t.ended_at < ${to}
        group by t.supplier_id order by 3 desc, 1`);
      return {
        counts: counts[0],
        suppliers: suppliers.map((row) => ({
          supplierId: Number(row.supplier_id),
          trips: Number(row.trips),
          amount: Number(row.cost_cents) / 100,
        })),
      };
    };
    const check = async (step: string) => {
      for (const gmt of [4, 0, -5.5, -5.75, 9.5, -14, 12]) {
        const want = await expected(gmt);
        const range = `sinceDate=${apiDate(day + DAY)}&untilDate=${apiDate(day + 7 * DAY)}`;
        const services = await get(`IntermediateRoute/services/stats?${range}`, String(gmt));
        expect(services, `${step}, GMT ${gmt}`).toMatchObject({
          amountIntermediateRoute: want.counts?.scheduled,
          amountNotScheduleServices: want.counts?.not_scheduled,
          amountEmployeeService: want.counts?.boarded,
          amountEmployeeCanceledService: want.counts?.canceled,
        });
        const suppliers = (await get(`Supplier/service/stats?${range}`, String(gmt))) as {
          supplierId: number;
          trips: number;
          amount: number;
        }[];
        expect(
          suppliers
            .map(({ supplierId, trips, amount }) => ({ supplierId, trips, amount }))
            .sort((x, y) => y.amount - x.amount || x.supplierId - y.supplierId),
          `${step}, GMT ${gmt}`,
        ).toEqual(want.suppliers);
      }
    };
    await check("as created");
    expect((await expected(4)).counts?.scheduled).toBeGreaterThan(0);
    const [first, second, , fourth, fifth] = trips.map((trip) => trip.id) as number[];
    // A trip ends later (across local midnights), another starts earlier, a cost changes.
    await db
      .update(intermediateRoutes)
      .set({ endedAt: new Date(day + 4 * DAY + 23.9 * HOUR) })
      .where(eq(intermediateRoutes.id, Number(first)));
    await db
      .update(intermediateRoutes)
      .set({ startedAt: new Date(day + DAY) })
      .where(eq(intermediateRoutes.id, Number(second)));
    await db
      .update(intermediateRoutes)
      .set({ cost: "99.99" })
      .where(eq(intermediateRoutes.id, Number(fifth)));
    await check("after the changes");
    // The trips are cut (only the cut changes), one trip goes back in progress, another goes away.
    const [cut] = (
      await db.execute<{ id: number }>(sql`
        insert into cuts (since_at, until_at, created_by)
        values (${new Date(day)}, ${new Date(day + 9 * DAY)}, (select id from users order by id limit 1))
        returning id`)
    ).rows;
    await db.execute(sql`update intermediate_routes set cut_id = ${Number(cut?.id)}
      where status = 'Finished' and ended_at >= ${new Date(day)} and ended_at < ${new Date(day + 9 * DAY)}`);
    await check("after the cut");
    await db.execute(sql`update intermediate_routes set cut_id = null where cut_id = ${Number(cut?.id)}`);
    await db.execute(sql`delete from cuts where id = ${Number(cut?.id)}`);
    await db
      .update(intermediateRoutes)
      .set({ status: "InProgress", endedAt: null })
      .where(eq(intermediateRoutes.id, Number(fourth)));
    await db.delete(transportServices).where(eq(transportServices.intermediateRouteId, Number(fifth)));
    await db.delete(intermediateRoutes).where(eq(intermediateRoutes.id, Number(fifth)));
    await check("after a trip is reopened and another deleted");
  });
});
