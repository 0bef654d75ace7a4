/**
 * Real roads (issue 36, decision 0069): with ROUTING_URL the planner's matrix, the planned times
 * and the figures come from an OSRM-compatible server — here a local stand-in whose grid metric
 * (north–south, then east–west, at 30 km/h) no straight line × circuity gives. When the server is
 * late or fails, the whole proposal falls back to the calibrated model and says so.
 */
import {
  type PlanningProposal,
  type PlanParams,
  planLeg,
  scheduleStops,
  straightKm,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { asc, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  gridMeters,
  gridSeconds,
  type OsrmStandIn,
  startOsrmStandIn,
} from "../../../../scripts/osrm-stand-in.mjs";
import { routeStops } from "../../src/db/schema.js";
import { ROUTING_FAILED_NOTE, ROUTING_TIMEOUT_NOTE } from "../../src/modules/planning/road-timing.js";
import {
  createRider,
  createVehicleDriver,
  near,
  planningSetting,
  WORKPLACE,
} from "../helpers/planning-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testConfig, testDatabase } from "../helpers/test-app.js";

let standIn: OsrmStandIn;
let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  standIn = await startOsrmStandIn();
  app = await buildTestApp({
    config: testConfig({ ROUTING_URL: standIn.url, ROUTING_TIMEOUT_MS: "500", ROUTING_TABLE_SIZE: "4" }),
  });
  admin = await signedInAs(app, "Admin");
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});

/** Homes never asked for before (the client caches every leg): each call moves them 100 m north. */
let fresh = 0;
const freshHome = (north: number, east: number) => near(north + 0.1 * ++fresh, east);

/** A shift with one rider per home and one driver with enough seats, proposed over HTTP. */
async function propose(homes: { latitude: number; longitude: number }[]) {
  const { office, shift, workplace } = await planningSetting({ time: "10:00" });
  const riders = [];
  for (const home of homes) riders.push(await createRider(office.id, home));
  const driver = await createVehicleDriver(10);
  const payload = {
    shiftId: shift.id,
    destinationId: workplace.id,
    employeeIds: riders.map((rider) => rider.id),
    driverIds: [driver.id],
    seconds: 1,
  };
  const response = await app.inject({
    method: "POST",
    url: API.planning.propose.path,
    headers: admin.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { proposal: response.json() as PlanningProposal, shift, workplace, driver };
}

const lonLat = (point: { latitude: number; longitude: number }): [number, number] => [
  Number(point.longitude.toFixed(5)),
  Number(point.latitude.toFixed(5)),
];
const modelOnly = (params: PlanParams): PlanParams => {
  const { roads: _roads, ...model } = params;
  return model;
};

describe("Planning/propose with a routing server", () => {
  it("times the plan on the road network: the stand-in's grid km and minutes, its road drawn", async () => {
    const home = freshHome(4, 3);
    const { proposal } = await propose([home]);
    expect(proposal.travelSource).toBe("roads");
    expect(proposal.travelNote).toBeNull();
    const route = proposal.routes[0];
    const stop = route?.stops[0];
    if (!route || !stop) throw new Error("no route");
    // Inbound at 10:00: the grid leg from the stop to the workplace plus the 2 minutes at the stop.
    const meters = gridMeters(lonLat(stop), lonLat(WORKPLACE));
    const minutes = gridSeconds(meters) / 60 + proposal.params.serviceMinutes;
    const at = Math.floor(10 * 60 - minutes);
    const expectedTime = `${String(Math.floor(at / 60)).padStart(2, "0")}:${String(at % 60).padStart(2, "0")}`;
    expect(stop.plannedTime).toBe(expectedTime);
    expect(proposal.figures.km).toBe(Math.round(meters / 100) / 10);
    // The calibrated model would have said otherwise (straight km × circuity).
    const model = scheduleStops([stop], modelOnly(proposal.params));
    expect(Math.round(model.km * 10) / 10).not.toBe(proposal.figures.km);
    expect(straightKm(stop, WORKPLACE) * proposal.params.circuity).not.toBeCloseTo(meters / 1000, 1);
    // The params carry the legs, so the page times a move as the server did.
    expect(planLeg(stop, proposal.params.workplace, proposal.params).km).toBeCloseTo(meters / 1000, 6);
    // The road: from the stop north–south first, then east–west, to the workplace.
    expect(route.geometry).toEqual([
      [lonLat(stop)[1], lonLat(stop)[0]],
      [lonLat(WORKPLACE)[1], lonLat(stop)[0]],
      [lonLat(WORKPLACE)[1], lonLat(WORKPLACE)[0]],
    ]);
  });

  it("asks the table in blocks within ROUTING_TABLE_SIZE and never twice for the same pairs", async () => {
    const homes = [freshHome(2, 1), freshHome(3, -2), freshHome(5, 2), freshHome(-3, 1), freshHome(6, -1)];
    const before = standIn.requests.table;
    const first = await propose(homes);
    expect(first.proposal.travelSource).toBe("roads");
    // 6 locations with 4 per request: blocks of 2 × 2 locations, 3 × 3 blocks.
    expect(standIn.requests.table - before).toBe(9);
    const again = standIn.requests.table;
    const second = await propose(homes);
    expect(second.proposal.travelSource).toBe("roads");
    expect(standIn.requests.table).toBe(again);
    expect(second.proposal.figures.km).toBe(first.proposal.figures.km);
  });

  it("a server that answers too late: the model times the proposal, and the note says so", async () => {
    standIn.behave({ delayMs: 2_000 });
    try {
      const home = freshHome(4, 3);
      const { proposal } = await propose([home]);
      expect(proposal.travelSource).toBe("model");
      expect(proposal.travelNote).toBe(ROUTING_TIMEOUT_NOTE);
      expect(proposal.params.roads).toBeUndefined();
      expect(proposal.routes[0]?.geometry).toBeUndefined();
      const stop = proposal.routes[0]?.stops[0];
      if (!stop) throw new Error("no stop");
      const model = scheduleStops([stop], proposal.params);
      expect(stop.plannedTime).toBe(model.stops[0]?.plannedTime);
      expect(proposal.figures.km).toBe(Math.round(model.km * 10) / 10);
    } finally {
      standIn.behave();
    }
  });

  it.each([
    ["an HTTP 500", "500"],
    ["a code other than Ok", "code"],
    ["an answer that is not JSON", "json"],
  ] as const)("%s: the model times the proposal, and the note says so", async (_, fail) => {
    standIn.behave({ fail });
    try {
      const { proposal } = await propose([freshHome(3, 2), freshHome(-2, 1)]);
      expect(proposal.travelSource).toBe("model");
      expect(proposal.travelNote).toBe(ROUTING_FAILED_NOTE);
      expect(proposal.params.roads).toBeUndefined();
      expect(proposal.routes.every((route) => route.geometry === undefined)).toBe(true);
    } finally {
      standIn.behave();
    }
  });

  it("a /route that fails leaves the road times and draws the route straight", async () => {
    standIn.behave({ fail: "500", only: "route" });
    try {
      const { proposal } = await propose([freshHome(3, 3)]);
      expect(proposal.travelSource).toBe("roads");
      expect(proposal.travelNote).toBeNull();
      expect(proposal.params.roads?.legs.length).toBeGreaterThan(0);
      expect(proposal.routes[0]?.geometry).toBeUndefined();
    } finally {
      standIn.behave();
    }
  });

  it("Planning/apply writes the planned times the proposal showed on roads", async () => {
    const { proposal, shift, workplace, driver } = await propose([freshHome(6, 6), freshHome(3, -3)]);
    expect(proposal.travelSource).toBe("roads");
    const route = proposal.routes[0];
    if (!route) throw new Error("no route");
    const response = await app.inject({
      method: "POST",
      url: API.planning.apply.path,
      headers: admin.headers,
      payload: {
        shiftId: shift.id,
        destinationId: workplace.id,
        dayIds: [1, 2, 3, 4, 5],
        version: proposal.version,
        routes: [
          {
            routeId: null,
            name: route.name,
            driverId: driver.id,
            seats: 10,
            stops: route.stops.map((stop) => ({
              name: stop.name,
              address: stop.address,
              latitude: stop.latitude,
              longitude: stop.longitude,
              employeeIds: stop.employeeIds,
            })),
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [routeId] = response.json().routeIds as number[];
    const { db } = await testDatabase();
    const stored = await db
      .select({ plannedTime: routeStops.plannedTime })
      .from(routeStops)
      .where(inArray(routeStops.routeId, [routeId as number]))
      .orderBy(asc(routeStops.position));
    expect(stored.map((row) => row.plannedTime.slice(0, 5))).toEqual(
      route.stops.map((stop) => stop.plannedTime),
    );
    const model = scheduleStops(route.stops, modelOnly(proposal.params));
    expect(model.stops.map((stop) => stop.plannedTime)).not.toEqual(
      route.stops.map((stop) => stop.plannedTime),
    );
  });
});
