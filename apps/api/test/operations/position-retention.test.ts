import { TRIP_SHEET_MAX_TRACE_POINTS, type TripSheet } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import { type Database, openDatabase } from "../../src/db/client.js";
import { scheduledJobs, tripPositions, tripTraces } from "../../src/db/schema.js";
import { createPositionsJob, POSITIONS_JOB } from "../../src/modules/trip-positions/positions-job.js";
import { deleteRetainedBatch } from "../../src/modules/trip-positions/positions-job-repository.js";
import { savePositions } from "../../src/modules/trip-positions/trip-positions-repository.js";
import { rawTripKmSql } from "../../src/modules/trips/trip-km-sql.js";
import { routeWith, signedInDriver } from "../helpers/operation-factories.js";
import {
  createRoute,
  createSupplierDriver,
  createTrip,
  cutDate,
  DAY,
  nextCutStart,
} from "../helpers/reporting-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  testConfig,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

// The job compacts and prunes every trip of the database: this file's trips live in one of their own.
const own = useOwnTestDatabase();

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const sheet = async (id: number) => {
  const response = await app.inject({
    method: "GET",
    url: `${API.intermediateRoute.sheet.path}?intermediateRouteId=${id}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TripSheet;
};

/** `count` positions a minute apart from `from`, wandering north-east (a deterministic zig-zag). */
async function drive(tripId: number, from: Date, count: number) {
  const { db } = await testDatabase();
  const rows = Array.from({ length: count }, (_, i) => ({
    intermediateRouteId: tripId,
    latitude: 18.4 + i * 0.0004 + (i % 7) * 0.00013,
    longitude: -69.9 + i * 0.0003 - (i % 5) * 0.00011,
    recordedAt: new Date(from.getTime() + i * 1_000),
  }));
  for (let i = 0; i < rows.length; i += 1_000)
    await db.insert(tripPositions).values(rows.slice(i, i + 1_000));
}

async function rawCount(tripId: number) {
  const { db } = await testDatabase();
  return db.$count(tripPositions, eq(tripPositions.intermediateRouteId, tripId));
}

async function traceOf(tripId: number) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(tripTraces).where(eq(tripTraces.intermediateRouteId, tripId));
  return row;
}

async function rawKm(tripId: number) {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ km: rawTripKmSql(sql`${tripId}::int`).mapWith(Number) })
    .from(sql`(select 1) x`);
  return row?.km;
}

/** A finished trip (inserted as it was) that ended `daysAgo` days ago, with `count` positions. */
async function finishedTrip(daysAgo: number, count: number) {
  const { driver } = await createSupplierDriver();
  const route = await createRoute({ cost: "25.00" });
  const endedAt = new Date(Date.now() - daysAgo * DAY);
  const startedAt = new Date(endedAt.getTime() - count * 1_000 - 60_000);
  const trip = await createTrip({ routeId: route.id, driver, cost: "25.00", startedAt, endedAt });
  await drive(trip.id, startedAt, count);
  return trip;
}

/** The job on this file's database, as an instance with POSITIONS_RETENTION_DAYS=90 runs it. */
const job = async (options: { batchRows?: number } = {}) =>
  createPositionsJob({ db: (await testDatabase()).db, retentionDays: 90, ...options });

describe("compact traces (docs/decisions/0033)", () => {
  it("End (live or offline) stores the trace: the km from the trace equals the km from the raw positions", async () => {
    for (const offline of [false, true]) {
      const { session, driver } = await signedInDriver(app);
      const route = await routeWith({ driverIds: [driver.id] });
      const started = await app.inject({
        method: "PUT",
        url: API.intermediateRoute.start.path,
        headers: session.headers,
        payload: { routeId: route.id },
      });
      expect(started.statusCode, started.body).toBe(200);
      const id: number = started.json().intermediateRoute.id;
      await drive(id, new Date(Date.now() - 60_000), 40);
      const ended = await app.inject({
        method: "PUT",
        url: API.intermediateRoute.end.path,
        headers: session.headers,
        payload: { intermediateRouteId: id, ...(offline && { endedAt: new Date().toISOString() }) },
      });
      expect(ended.statusCode, ended.body).toBe(200);
      const trace = await traceOf(id);
      expect(trace).toMatchObject({ pointCount: 40 });
      expect(trace?.points).toHaveLength(80);
      expect(trace?.km).toBeGreaterThan(1);
      expect(trace?.km).toBe(await rawKm(id));
      expect((await sheet(id)).km).toBe(Math.round((trace?.km ?? 0) * 100) / 100);
    }
  });

  it("a trip without positions is compacted with 0 km and an empty trace", async () => {
    const trip = await finishedTrip(200, 0);
    await (await job()).work();
    expect(await traceOf(trip.id)).toMatchObject({ km: 0, pointCount: 0, points: [] });
    expect(await sheet(trip.id)).toMatchObject({
      km: 0,
      trace: [],
      tracePositions: 0,
      traceSimplified: false,
    });
  });

  it("a batch of positions written after the End is dropped: nothing is left behind the trace", async () => {
    const trip = await finishedTrip(1, 5);
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "25.00" });
    const running = await createTrip({ routeId: route.id, driver, cost: "25.00", startedAt: new Date() });
    const { db } = await testDatabase();
    const at = new Date();
    await savePositions(db, [
      { intermediateRouteId: trip.id, latitude: 18.5, longitude: -69.9, recordedAt: at },
      { intermediateRouteId: running.id, latitude: 18.5, longitude: -69.9, recordedAt: at },
    ]);
    expect(await rawCount(trip.id)).toBe(5);
    expect(await rawCount(running.id)).toBe(1);
  });

  it("the trip sheet is the same before compaction, after it and after the raw positions are deleted", async () => {
    const trip = await finishedTrip(200, TRIP_SHEET_MAX_TRACE_POINTS + 500);
    const before = await sheet(trip.id);
    expect(before.traceSimplified).toBe(true);
    expect(before.trace).toHaveLength(TRIP_SHEET_MAX_TRACE_POINTS);
    const result = await (await job()).work();
    expect(result.compacted).toBeGreaterThanOrEqual(1);
    expect(await rawCount(trip.id)).toBe(0);
    expect((await traceOf(trip.id))?.rawDeletedAt).toBeInstanceOf(Date);
    const after = await sheet(trip.id);
    expect(after).toEqual(before);
    expect(after.tracePositions).toBe(TRIP_SHEET_MAX_TRACE_POINTS + 500);
  });
});

describe("retention (POSITIONS_RETENTION_DAYS)", () => {
  it("deletes only the positions of compacted trips ended before the retention, in batches", async () => {
    const old = await finishedTrip(100, 30);
    const older = await finishedTrip(120, 30);
    const recent = await finishedTrip(10, 30);
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "25.00" });
    const running = await createTrip({
      routeId: route.id,
      driver,
      cost: "25.00",
      startedAt: new Date(Date.now() - 100 * DAY),
    });
    await drive(running.id, new Date(Date.now() - 100 * DAY), 30);
    const { db } = await testDatabase();
    // Not compacted yet: nothing is deleted, however old.
    expect(await deleteRetainedBatch(db, new Date(Date.now() - 90 * DAY), 1_000_000)).toEqual({
      trips: 0,
      positions: 0,
    });
    expect(await rawCount(old.id)).toBe(30);

    const kmBefore = await rawKm(old.id);
    // Batches of about 10 positions: one whole trip (30) per transaction.
    const result = await (await job({ batchRows: 10 })).work();
    expect(result.more).toBe(false);
    expect(await rawCount(old.id)).toBe(0);
    expect(await rawCount(older.id)).toBe(0);
    expect(await rawCount(recent.id)).toBe(30);
    expect(await rawCount(running.id)).toBe(30);
    expect(await traceOf(running.id)).toBeUndefined();
    expect((await traceOf(recent.id))?.rawDeletedAt).toBeNull();
    expect((await traceOf(old.id))?.km).toBe(kmBefore);
    // Nothing left: a second run finds no work.
    expect(await (await job()).work()).toEqual({
      compacted: 0,
      measured: 0,
      prunedTrips: 0,
      deletedPositions: 0,
      more: false,
    });
  });

  it("a cut made after the raw positions are gone freezes the same km", async () => {
    const { since, day } = await nextCutStart();
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "25.00" });
    const startedAt = new Date(day + 8 * 3_600_000);
    const trip = await createTrip({
      routeId: route.id,
      driver,
      cost: "25.00",
      startedAt,
      endedAt: new Date(startedAt.getTime() + 3_600_000),
    });
    await drive(trip.id, startedAt, 120);
    const km = await rawKm(trip.id);
    await (await job()).work();
    expect(await rawCount(trip.id)).toBe(0);
    expect(await rawKm(trip.id)).toBe(0);
    const cut = await app.inject({
      method: "POST",
      url: API.cut.create.path,
      headers: admin.headers,
      payload: { sinceDate: cutDate(since), untilDate: cutDate(day + DAY) },
    });
    expect(cut.statusCode, cut.body).toBe(201);
    const { db } = await testDatabase();
    const frozen = (await db.execute(
      sql`select km from cut_trips where intermediate_route_id = ${trip.id}`,
    )) as unknown as { rows: { km: number | string }[] };
    expect(Number(frozen.rows[0]?.km)).toBe(km);
    expect((await sheet(trip.id)).km).toBe(Math.round((km ?? 0) * 100) / 100);
  });
});

describe("the positions job runs once across instances", () => {
  it("of two app instances asking at once, exactly one runs it; then it is not due", async () => {
    const url = own.url();
    // PostgreSQL: the second instance has its own pool; the embedded database has one connection.
    const second: Database = url ? await openDatabase({ url }) : await testDatabase();
    const other = await buildApp({ config: testConfig(), database: second, logger: false });
    try {
      const { db } = await testDatabase();
      await db.delete(scheduledJobs).where(eq(scheduledJobs.name, POSITIONS_JOB));
      const trip = await finishedTrip(1, 20);
      const runs = await Promise.all([app.positionsJob.runIfDue(), other.positionsJob.runIfDue()]);
      const ran = runs.filter((run) => run !== undefined);
      expect(ran).toHaveLength(1);
      expect(ran[0]?.compacted).toBe(1);
      expect(await traceOf(trip.id)).toBeDefined();
      expect(await Promise.all([app.positionsJob.runIfDue(), other.positionsJob.runIfDue()])).toEqual([
        undefined,
        undefined,
      ]);
      const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, POSITIONS_JOB));
      expect(row?.lastResult).toEqual(ran[0]);
      expect(row?.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    } finally {
      await other.close();
      if (url) await second.close();
    }
  });
});

describe("POSITIONS_RETENTION_DAYS", () => {
  it("defaults to 90 days and must be a whole number of days from 1", () => {
    expect(testConfig().positionsRetentionDays).toBe(90);
    expect(testConfig({ POSITIONS_RETENTION_DAYS: "30" }).positionsRetentionDays).toBe(30);
    for (const value of ["0", "1.5", "noventa"])
      expect(() => loadConfig({ JWT_SECRET: "x".repeat(40), POSITIONS_RETENTION_DAYS: value })).toThrow(
        ConfigError,
      );
  });
});
