import { randomUUID } from "node:crypto";
import { API } from "@treiber/contract/api-paths";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { tripPositions } from "../../src/db/schema.js";
import { insertTrip, signedInDriver } from "../helpers/operation-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import { type SignedIn, testConfig, testDatabase } from "../helpers/test-app.js";

/**
 * Issue 21: queued positions (`recordedAt`, the Treiber App's outbox replaying after an outage)
 * are rate limited per driver without ever losing a legitimate replay, and one that falls within
 * the live spacing (950 ms) of a stored position of the trip is accepted but not stored twice.
 */

const HOUR = 3_600_000;
let clock = Date.now();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig(),
    database: await testDatabase(),
    logger: false,
    // A small bucket and the limiter's own clock, moved by hand instead of waiting.
    queuedPositions: { burst: 10, perSecond: 5, now: () => clock },
  });
  await app.ready();
});
afterAll(() => app.close());

/** A driver's trip in progress since an hour ago. */
async function tripOfAnHour() {
  const driver = await signedInDriver(app);
  const route = await createRoute();
  const trip = await insertTrip({
    driverId: driver.driver.id,
    supplierId: driver.supplier.id,
    routeId: route.id,
    startedAt: new Date(Date.now() - HOUR),
    endedAt: null,
  });
  return { driver, tripId: trip.id };
}

const queued = (session: SignedIn, tripId: number, at: number, actionId = randomUUID()) =>
  app.inject({
    method: "POST",
    url: API.intermediateRoute.position.path,
    headers: session.headers,
    payload: {
      intermediateRouteId: tripId,
      latitude: 18.4 + (at % 100_000) / 1e7,
      longitude: -69.9,
      recordedAt: new Date(at).toISOString(),
      actionId,
    },
  });

async function storedTimes(tripId: number) {
  const { db } = await testDatabase();
  const rows = await db
    .select({ at: tripPositions.recordedAt })
    .from(tripPositions)
    .where(eq(tripPositions.intermediateRouteId, tripId))
    .orderBy(asc(tripPositions.recordedAt));
  return rows.map((row) => row.at.getTime());
}

describe("queued positions (issue 21)", () => {
  it("a position within 950 ms of a stored one of the trip is accepted, not stored twice", async () => {
    const { driver, tripId } = await tripOfAnHour();
    const t0 = Date.now() - 30 * 60_000;
    for (const at of [t0, t0 + 300, t0 - 900, t0, t0 + 1_000, t0 + 1_500, t0 + 2_000]) {
      const res = await queued(driver.session, tripId, at);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: "Ubicación registrada" });
      clock += 1_000;
    }
    expect(await storedTimes(tripId)).toEqual([t0, t0 + 1_000, t0 + 2_000]);
  });

  it("past the driver's burst: 429 in Spanish with Retry-After; the bucket refills", async () => {
    const { driver, tripId } = await tripOfAnHour();
    const t0 = Date.now() - 50 * 60_000;
    clock += 60_000;
    for (let i = 0; i < 10; i++)
      expect((await queued(driver.session, tripId, t0 + i * 5_000)).statusCode).toBe(200);
    const actionId = randomUUID();
    const refused = await queued(driver.session, tripId, t0 + 50_000, actionId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Demasiadas ubicaciones pendientes enviadas a la vez: espere unos segundos y se reenviarán",
    );
    expect(refused.headers["retry-after"]).toBe("1");
    // Each driver has its own bucket.
    const { driver: other, tripId: otherTrip } = await tripOfAnHour();
    expect((await queued(other.session, otherTrip, t0)).statusCode).toBe(200);
    // Nothing of the refused one was kept: sent again after the wait, the same action is applied.
    expect((await storedTimes(tripId)).length).toBe(10);
    clock += 1_000;
    expect((await queued(driver.session, tripId, t0 + 50_000, actionId)).statusCode).toBe(200);
    expect((await storedTimes(tripId)).length).toBe(11);
  });

  it("an outbox replaying five minutes of positions (one a second) loses none: a 429 is retried later", async () => {
    const { driver, tripId } = await tripOfAnHour();
    clock += 60_000;
    const t0 = Date.now() - 40 * 60_000;
    const outbox = Array.from({ length: 300 }, (_, i) => ({ at: t0 + i * 1_000, actionId: randomUUID() }));
    let refusals = 0;
    while (outbox.length > 0) {
      const [next] = outbox;
      if (!next) break;
      const res = await queued(driver.session, tripId, next.at, next.actionId);
      if (res.statusCode === 429) {
        refusals += 1;
        clock += Number(res.headers["retry-after"]) * 1_000;
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      outbox.shift();
      clock += 20; // a phone sending them back to back
    }
    expect(refusals).toBeGreaterThan(0);
    const times = await storedTimes(tripId);
    expect(times).toHaveLength(300);
    expect(times[0]).toBe(t0);
    expect(times.at(-1)).toBe(t0 + 299_000);
  });
});
