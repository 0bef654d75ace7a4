import { SAFETY_MESSAGES, sharedTripSchema, TRIP_SHARE_AFTER_END_MINUTES } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes, tripShares } from "../../src/db/schema.js";
import { routeNotScheduledOf, signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { buildTestApp, testDatabase } from "../helpers/test-app.js";
import { caller, endTrip, type SharedTripSetup, share, sharedTripSetup } from "./trip-share-setup.js";

/**
 * Issue 38: the page `/seguir/<token>` reads `GET TripShare/{token}` without an account: the bus
 * and the sharer's stop, nothing about the other riders; unknown, malformed, revoked and expired
 * links are one and the same 404, never cached.
 */

let app: FastifyInstance;
let setup: SharedTripSetup;
beforeAll(async () => {
  app = await buildTestApp();
  setup = await sharedTripSetup(app);
});
afterAll(() => app.close());

const view = (token: string) => caller(app)("GET", apiPath(API.tripShare.view, { token }));
const MINUTE = 60_000;

/** Sets the trip's end `minutesAgo` before now (the link's life counts from it). */
async function endedAgo(tripId: number, minutesAgo: number) {
  const { db } = await testDatabase();
  const endedAt = new Date(Date.now() - minutesAgo * MINUTE);
  await db
    .update(intermediateRoutes)
    .set({ startedAt: new Date(endedAt.getTime() - 60 * MINUTE), endedAt })
    .where(eq(intermediateRoutes.id, tripId));
}

describe("GET TripShare/{token} (no account)", () => {
  it("shows the route, the plate, the driver's first name, the bus, its trail, the sharer's stop and the ETA", async () => {
    const link = await share(app, setup.ana.session, setup.tripId);
    const res = await view(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(sharedTripSchema.strict().safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      routeName: setup.routeName,
      status: "InProgress",
      plate: setup.driver.driver.vehiclePlate ?? null,
      driverFirstName: "Pedro",
      position: { latitude: 18.47, longitude: -69.95 },
      path: [[18.47, -69.95]],
      riderStop: setup.anaStop,
      finishedAt: null,
      expiresAt: link.expiresAt,
    });
    // Through Beto's stop, not passed yet: a few minutes away.
    expect(body.etaMinutes).toBeGreaterThanOrEqual(1);
    expect(body.etaMinutes).toBeLessThan(60);
  });

  it("says nothing about the other riders: names, codes, stops, states, counts", async () => {
    const link = await share(app, setup.ana.session, setup.tripId);
    const raw = (await view(link.token)).body;
    for (const other of [setup.beto, setup.carla, setup.dora]) {
      expect(raw).not.toContain(other.employee.name);
      expect(raw).not.toContain(other.employee.lastname);
      expect(raw).not.toContain(other.employee.codeEmployee);
      expect(raw).not.toContain(other.employee.codeQr);
    }
    expect(raw).not.toContain("Betoprivada");
    expect(raw).not.toContain(String(setup.betoDoor.latitude));
    expect(raw).not.toContain(String(setup.betoDoor.longitude));
    expect(raw).not.toContain("Cita privada");
    // Nor the sharer's own name, nor the driver's last name.
    expect(raw).not.toContain(setup.ana.employee.name);
    expect(raw).not.toContain("Santosoculto");
    expect(raw).not.toContain("Antonio");
    expect(raw).not.toMatch(/amount|employee|"riders"|myStatus|comment|cost/i);
    // Exactly the page's fields, the sharer's stop with its name and point only.
    const body = JSON.parse(raw);
    expect(Object.keys(body).sort()).toEqual(Object.keys(sharedTripSchema.shape).sort());
    expect(Object.keys(body.riderStop).sort()).toEqual(["latitude", "longitude", "name"]);
  });

  it("a boarded rider's link shows their own stop only", async () => {
    const link = await share(app, setup.beto.session, setup.tripId);
    const body = (await view(link.token)).json();
    expect(body.riderStop).toEqual({ name: "Calle Betoprivada", ...setup.betoDoor });
    expect(JSON.stringify(body)).not.toContain("Parque Ana");
  });

  it("unknown, malformed, too long, revoked and expired links answer the same 404, not cached", async () => {
    const expected = { statusCode: 404, message: SAFETY_MESSAGES.shareNotFound };
    const revoked = await share(app, setup.ana.session, setup.tripId);
    const del = await caller(app)(
      "DELETE",
      apiPath(API.tripShare.revoke, { token: revoked.token }),
      setup.ana.session,
    );
    expect(del.statusCode).toBe(200);
    const capped = await share(app, setup.ana.session, setup.tripId);
    const { db } = await testDatabase();
    await db
      .update(tripShares)
      .set({ maxExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(tripShares.intermediateRouteId, setup.tripId));
    const tokens = [
      "A".repeat(43),
      "nada",
      "con espacios y ñ",
      "x".repeat(200),
      "x".repeat(500),
      "a/b",
      revoked.token,
      capped.token,
    ];
    for (const token of tokens) {
      const url = `${API.tripShare.create.path}/${encodeURIComponent(token).replaceAll("%2F", "/")}`;
      const res = await caller(app)("GET", url);
      expect(res.statusCode, token).toBe(404);
      expect(res.json(), token).toEqual(expected);
      expect(res.headers["cache-control"], token).toBe("no-store");
    }
  });
});

describe("the ETA and the sharer's stop", () => {
  it("no ETA once the bus passed the sharer's stop", async () => {
    const anaStop = { latitude: 18.49, longitude: -69.93 };
    const trip = await sharedTripSetup(app, { position: anaStop });
    const link = await share(app, trip.ana.session, trip.tripId);
    const body = (await view(link.token)).json();
    expect(body.riderStop).toEqual(trip.anaStop);
    expect(body.position).toMatchObject(anaStop);
    expect(body.etaMinutes).toBeNull();
  });

  it("a not-scheduled trip (no stops): the bus without a stop or an ETA", async () => {
    const driver = await signedInDriver(app, { name: "Luis" });
    const rider = await signedInCollaborator(app);
    const special = await routeNotScheduledOf(driver.driver.id, { employeeIds: [rider.employee.id] });
    const started = await caller(app)("PUT", API.intermediateRoute.start.path, driver.session, {
      routeNotScheduledId: special.id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const tripId = started.json().intermediateRoute.id as number;
    const link = await share(app, rider.session, tripId);
    const res = await view(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      routeName: special.name,
      driverFirstName: "Luis",
      position: null,
      path: [],
      riderStop: null,
      etaMinutes: null,
    });
  });
});

describe("expiry after the trip", () => {
  it(`works ${TRIP_SHARE_AFTER_END_MINUTES} minutes after the trip ends, then is the same 404`, async () => {
    const trip = await sharedTripSetup(app);
    const link = await share(app, trip.ana.session, trip.tripId);
    await endTrip(app, trip);

    const finished = await view(link.token);
    expect(finished.statusCode, finished.body).toBe(200);
    const body = finished.json();
    expect(body.status).toBe("Finished");
    expect(body.etaMinutes).toBeNull();
    const endedAt = Date.parse(body.finishedAt);
    expect(Date.parse(body.expiresAt)).toBe(endedAt + TRIP_SHARE_AFTER_END_MINUTES * MINUTE);

    await endedAgo(trip.tripId, TRIP_SHARE_AFTER_END_MINUTES - 1);
    expect((await view(link.token)).statusCode).toBe(200);

    await endedAgo(trip.tripId, TRIP_SHARE_AFTER_END_MINUTES + 1);
    const expired = await view(link.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ statusCode: 404, message: SAFETY_MESSAGES.shareNotFound });
  });
});
