import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes, routes, transportServices } from "../../src/db/schema.js";
import {
  createRider,
  createRoute,
  createRouteNotScheduled,
  createSupplierDriver,
  createTrip,
  DAY,
  HOUR,
} from "../helpers/reporting-factories.js";
import { NO_DRIFT, summaryDrift } from "../helpers/summary-drift.js";
import { buildTestApp, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/**
 * The month totals (migration 0013) and the older summary tables stay equal to the sums of their
 * sources through every kind of write a trip or a service gets: trips ending on both sides of a
 * UTC month's first instant, then moved, repriced, renamed, handed to another driver, reopened,
 * cut and deleted; services boarded, canceled, deleted and added after the end.
 */
describe("summary tables follow every write", () => {
  it("trip_month_totals and employee_month_totals equal their sources after each step", async () => {
    const { db } = await testDatabase();
    const drift = async (step: string) => expect(await summaryDrift(db), step).toEqual(NO_DRIFT);
    await drift("before");

    const monthStart = Date.UTC(2035, 2, 1);
    const { driver } = await createSupplierDriver();
    const { driver: other } = await createSupplierDriver();
    const route = await createRoute({ cost: "10.01" });
    const loose = await createRouteNotScheduled({
      driverId: other.id,
      scheduledAt: new Date(monthStart + 9 * DAY),
      cost: "7.33",
    });
    const [ana, beto, carla] = [await createRider(), await createRider(), await createRider()];
    const trip = (at: number, options: Partial<Parameters<typeof createTrip>[0]> = {}) =>
      createTrip({
        routeId: route.id,
        driver,
        cost: "10.01",
        startedAt: new Date(at - HOUR),
        endedAt: new Date(at),
        ...options,
      });

    const lastMinute = await trip(monthStart - 60_000, { riders: [ana.id, beto.id], canceled: [carla.id] });
    const firstMinute = await trip(monthStart, { riders: [ana.id] });
    const nobody = await trip(monthStart + 3 * DAY, { riders: [] });
    const unscheduled = await createTrip({
      routeNotScheduledId: loose.id,
      driver: other,
      cost: "7.33",
      startedAt: new Date(monthStart + 9 * DAY),
      endedAt: new Date(monthStart + 9 * DAY + HOUR),
      riders: [beto.id, carla.id],
    });
    const running = await createTrip({
      routeId: route.id,
      driver: other,
      cost: "10.01",
      startedAt: new Date(monthStart + 10 * DAY),
      riders: [carla.id],
    });
    await drift("as created");

    const set = (id: number, values: Partial<typeof intermediateRoutes.$inferInsert>) =>
      db.update(intermediateRoutes).set(values).where(eq(intermediateRoutes.id, id));
    await set(lastMinute.id, { endedAt: new Date(monthStart + 60_000) });
    await drift("an end moved into the next month");
    await set(firstMinute.id, { cost: "99.99" });
    await drift("a cost changed");
    await set(nobody.id, { driverId: other.id, supplierId: other.supplierId });
    await drift("a trip handed to another driver and supplier");
    await set(unscheduled.id, { routeName: "Nombre corregido" });
    await drift("a name snapshot changed");
    await db.update(routes).set({ name: "Ruta renombrada" }).where(eq(routes.id, route.id));
    await drift("a route renamed (past trips keep their name)");
    await set(running.id, { status: "Finished", endedAt: new Date(monthStart + 10 * DAY + HOUR) });
    await drift("a trip ended");

    await db
      .update(transportServices)
      .set({ status: "Canceled", canceledAt: new Date(monthStart), comment: "No fui" })
      .where(eq(transportServices.intermediateRouteId, firstMinute.id));
    await drift("the only rider of a finished trip canceled");
    await db.insert(transportServices).values({
      intermediateRouteId: nobody.id,
      employeeId: carla.id,
      status: "Boarded",
      scannedAt: new Date(monthStart + 3 * DAY - HOUR),
    });
    await drift("a boarding added to a trip nobody boarded");
    await db.delete(transportServices).where(eq(transportServices.intermediateRouteId, unscheduled.id));
    await drift("every service of a trip deleted");

    const [cut] = (
      await db.execute<{ id: number }>(sql`
        insert into cuts (since_at, until_at, created_by)
        values (${new Date(monthStart - 40 * DAY)}, ${new Date(monthStart + 40 * DAY)}, (select id from users order by id limit 1))
        returning id`)
    ).rows;
    await db.execute(sql`update intermediate_routes set cut_id = ${Number(cut?.id)}
      where status = 'Finished' and ended_at >= ${new Date(monthStart - 40 * DAY)} and ended_at < ${new Date(monthStart + 40 * DAY)}`);
    await drift("trips cut");
    await db.execute(sql`update intermediate_routes set cut_id = null where cut_id = ${Number(cut?.id)}`);
    await db.execute(sql`delete from cuts where id = ${Number(cut?.id)}`);

    await set(firstMinute.id, { status: "InProgress", endedAt: null });
    await drift("a trip reopened");
    await db.delete(intermediateRoutes).where(eq(intermediateRoutes.id, lastMinute.id));
    await drift("a trip with riders deleted (its services and riders cascade)");
    await db.delete(intermediateRoutes).where(eq(intermediateRoutes.id, nobody.id));
    await drift("another trip deleted");
  });
});
