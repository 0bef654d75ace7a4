import type { ActiveTrip } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIncident } from "../helpers/incident-factories.js";
import { insertTrip, routeWith, signedInDriver } from "../helpers/operation-factories.js";
import { buildTestApp, type SignedIn, signedInAs } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const listActive = async (session: SignedIn): Promise<ActiveTrip[]> => {
  const response = await app.inject({
    method: "GET",
    url: API.intermediateRoute.listActive.path,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response;
};

/** A driver of its own with a trip in progress. */
async function liveTrip() {
  const { driver, supplier, session } = await signedInDriver(app);
  const route = await routeWith({ driverIds: [driver.id] });
  const trip = await insertTrip({
    driverId: driver.id,
    supplierId: supplier.id,
    routeId: route.id,
    startedAt: new Date(Date.now() - 20 * 60_000),
    endedAt: null,
  });
  return { trip, session };
}

describe("GET IntermediateRoute/listActive: the incidents of each bus (issue 33)", () => {
  it("gives admins each trip's unclosed incidents with their severity; closed ones are left out", async () => {
    const openedAt = new Date(Date.now() - 5 * 60_000);
    const critical = await liveTrip();
    const offRoute = await createIncident({
      type: "OFF_ROUTE",
      openedAt,
      intermediateRouteId: critical.trip.id,
    });
    const late = await createIncident({
      type: "LATE",
      openedAt,
      intermediateRouteId: critical.trip.id,
      status: "ACKNOWLEDGED",
      acknowledgedByUserId: admin.userId,
    });
    const warning = await liveTrip();
    const noGps = await createIncident({ type: "NO_GPS", openedAt, intermediateRouteId: warning.trip.id });
    const calm = await liveTrip();
    await createIncident({
      type: "OFF_ROUTE",
      openedAt,
      intermediateRouteId: calm.trip.id,
      closedAt: new Date(),
    });

    const trips = await listActive(admin);
    const incidentsOf = (id: number) => trips.find((trip) => trip.id === id)?.openIncidents;
    expect(incidentsOf(critical.trip.id)).toEqual([
      { id: offRoute.id, type: "OFF_ROUTE", severity: "critical" },
      { id: late.id, type: "LATE", severity: "warning" },
    ]);
    expect(incidentsOf(warning.trip.id)).toEqual([{ id: noGps.id, type: "NO_GPS", severity: "warning" }]);
    expect(incidentsOf(calm.trip.id)).toEqual([]);

    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect(
      (await listActive(superAdmin)).find((trip) => trip.id === critical.trip.id)?.openIncidents,
    ).toHaveLength(2);
  });

  it("a driver's own list goes without them", async () => {
    const { trip, session } = await liveTrip();
    await createIncident({ type: "OFF_ROUTE", openedAt: new Date(), intermediateRouteId: trip.id });
    const mine = await listActive(session);
    expect(mine.map((item) => item.id)).toEqual([trip.id]);
    expect(mine[0]).not.toHaveProperty("openIncidents");
  });
});
