import { randomUUID } from "node:crypto";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes, tripPositions } from "../../src/db/schema.js";
import { signedInDriver } from "../helpers/operation-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import { buildTestApp, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";

/**
 * Issue 21, finding 6: a phone back online sends its queued positions of one trip at once. On
 * PostgreSQL each is its own transaction: they must queue behind each other on the trip's row,
 * never deadlock (18 of 80 answered 500). Always on the PostgreSQL server: PGlite runs one
 * statement at a time and cannot deadlock.
 */
useOwnTestDatabase({ postgres: true });

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app?.close());

describe("queued positions of one trip sent at once (PostgreSQL)", () => {
  it("80 concurrent positions with their device times are all stored, none refused", async () => {
    const { db } = await testDatabase();
    const { driver, session } = await signedInDriver(app);
    const route = await createRoute();
    const startedAt = new Date(Date.now() - 3_600_000);
    const [trip] = await db
      .insert(intermediateRoutes)
      .values({
        routeId: route.id,
        driverId: driver.id,
        supplierId: driver.supplierId,
        status: "InProgress",
        cost: "12.50",
        startedAt,
      })
      .returning();
    if (!trip) throw new Error("no trip");

    const times = Array.from({ length: 80 }, (_, i) => new Date(startedAt.getTime() + (i + 1) * 5_000));
    const responses = await Promise.all(
      times.map((recordedAt, i) =>
        app.inject({
          method: "POST",
          url: API.intermediateRoute.position.path,
          headers: session.headers,
          payload: {
            intermediateRouteId: trip.id,
            latitude: 18.4 + i / 1000,
            longitude: -69.9,
            recordedAt: recordedAt.toISOString(),
            actionId: randomUUID(),
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.filter((status) => status !== 200),
      responses.find((r) => r.statusCode !== 200)?.body,
    ).toEqual([]);

    const trail = await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, trip.id));
    expect(trail).toHaveLength(80);
    // The trip's last position is the latest by device time, whatever order they committed in.
    const [row] = await db.select().from(intermediateRoutes).where(eq(intermediateRoutes.id, trip.id));
    expect(row?.lastPositionAt?.toISOString()).toBe(times[79]?.toISOString());
    expect(row?.lastLatitude).toBeCloseTo(18.4 + 79 / 1000, 9);
  });
});
