/**
 * The plan of the day on real roads (issue 36, decisions 0069 and 0070): with ROUTING_URL the
 * day's plan and the standing plan beside it are timed on the road network, as Planning/propose
 * is — here the local OSRM stand-in, whose grid metric (north–south, then east–west, at 30 km/h)
 * no straight line × circuity gives. When the server is late or fails, the day is timed with the
 * calibrated model and the proposal says so.
 */
import {
  type DayPlanProposal,
  type DayPlanResponse,
  type PlanParams,
  type PlanRoute,
  scheduleStops,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  gridMeters,
  gridSeconds,
  type OsrmStandIn,
  startOsrmStandIn,
} from "../../../../scripts/osrm-stand-in.mjs";
import { ROUTING_FAILED_NOTE, ROUTING_TIMEOUT_NOTE } from "../../src/modules/planning/road-timing.js";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { applyBody, cancelRides, DAY, dayPlanCity, proposeDay } from "../helpers/day-plan-factories.js";
import { WORKPLACE } from "../helpers/planning-factories.js";
import { type SignedIn, signedInAs } from "../helpers/test-app.js";

const clock: TestClock = { now: Date.parse("2030-12-01T12:00:00Z") };
let standIn: OsrmStandIn;
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  standIn = await startOsrmStandIn();
  app = await bookingApp(clock, { env: { ROUTING_URL: standIn.url, ROUTING_TIMEOUT_MS: "500" } });
  admin = await signedInAs(app, "Admin");
});
afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

/** The client caches every leg: each city is 0.5 km further north than the one before. */
let cities = 0;

/** Two standing routes of three stops; half the riders of each cancel the date. */
async function halfEmptyDay() {
  const city = await dayPlanCity({
    routes: 2,
    stops: 3,
    ridersPerStop: 2,
    seats: 12,
    northKm: 0.5 * ++cities,
  });
  for (const route of city.routes) await cancelRides(route.id, route.riders.slice(0, 3), DAY);
  const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY };
  return { city, ids, proposal: await proposeDay(app, admin, ids) };
}

const lonLat = (point: { latitude: number; longitude: number }): [number, number] => [
  Number(point.longitude.toFixed(5)),
  Number(point.latitude.toFixed(5)),
];

/** A route's km on the stand-in's grid, inbound (its stops, then the workplace), to 0.1 km. */
function gridKm(route: Pick<PlanRoute, "stops">) {
  const driven = [...route.stops, WORKPLACE].map(lonLat);
  let meters = 0;
  for (let i = 0; i + 1 < driven.length; i++)
    meters += gridMeters(driven[i] as [number, number], driven[i + 1] as [number, number]);
  return Math.round(meters / 100) / 10;
}

/** The plan's km on the grid, as planFigures adds them (each route's to 0.1 km). */
const plansGridKm = (routes: readonly PlanRoute[]) =>
  Math.round(
    routes.filter((route) => route.stops.length > 0).reduce((sum, route) => sum + gridKm(route), 0) * 10,
  ) / 10;

const modelOnly = (params: PlanParams): PlanParams => {
  const { roads: _roads, ...model } = params;
  return model;
};

/** «HH:MM» of a minute of the day. */
const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

describe("Planning/day/propose with a routing server", () => {
  it("times the day's plan and the standing plan on the road network, draws its road, and apply writes the times shown", async () => {
    const { ids, proposal } = await halfEmptyDay();
    expect(proposal.travelSource).toBe("roads");
    expect(proposal.travelNote).toBeNull();
    expect(proposal.params.roads?.legs.length).toBeGreaterThan(0);
    expect(proposal.day.totals.vehicles).toBe(1);
    expect(proposal.released).toHaveLength(1);

    // Both columns of figures are the grid's km, not straight km × circuity.
    expect(proposal.day.totals.km).toBe(plansGridKm(proposal.day.routes));
    expect(proposal.standing.totals.km).toBe(plansGridKm(proposal.standing.routes));
    const model = scheduleStops(proposal.day.routes[0]?.stops ?? [], modelOnly(proposal.params));
    expect(Math.round(model.km * 10) / 10).not.toBe(proposal.day.totals.km);

    // Inbound at 08:00: the last stop leaves the grid leg to the workplace plus the minutes at the stop.
    const route = proposal.day.routes[0];
    const last = route?.stops.at(-1);
    if (!route || !last) throw new Error("no route");
    const seconds = gridSeconds(gridMeters(lonLat(last), lonLat(WORKPLACE)));
    const expected = clockTime(Math.floor(8 * 60 - (seconds / 60 + proposal.params.serviceMinutes)));
    expect(last.plannedTime).toBe(expected);
    // Its road: from each stop north–south first, then east–west.
    expect(route.geometry?.at(-1)).toEqual([lonLat(WORKPLACE)[1], lonLat(WORKPLACE)[0]]);
    expect(route.geometry?.length).toBe(2 * route.stops.length + 1);

    const applied = await call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const read = (await call(app, admin, API.planning.day, { query: ids })).body as DayPlanResponse;
    const times = (routes: readonly PlanRoute[]) =>
      routes.map((r) => [r.routeId, r.stops.map((stop) => stop.plannedTime)]);
    expect(times(read.dayPlan?.routes ?? [])).toEqual(times(proposal.day.routes));
    expect(read.dayPlan?.day.km).toBe(proposal.day.totals.km);
    expect(read.dayPlan?.standing.km).toBe(proposal.standing.totals.km);
  });

  /** The day timed with the model: no road legs, no road drawn, the model's times and km. */
  function expectModel(proposal: DayPlanProposal) {
    expect(proposal.travelSource).toBe("model");
    expect(proposal.params.roads).toBeUndefined();
    expect(proposal.day.routes.every((route) => route.geometry === undefined)).toBe(true);
    expect(proposal.day.routes.length).toBeGreaterThan(0);
    let km = 0;
    for (const route of proposal.day.routes) {
      const model = scheduleStops(route.stops, proposal.params);
      expect(route.stops.map((stop) => stop.plannedTime)).toEqual(
        model.stops.map((stop) => stop.plannedTime),
      );
      km += Math.round(model.km * 10) / 10;
    }
    expect(proposal.day.totals.km).toBe(Math.round(km * 10) / 10);
  }

  it("a server that answers too late: the model times the day, and the note says so", async () => {
    standIn.behave({ delayMs: 2_000 });
    try {
      const { proposal } = await halfEmptyDay();
      expect(proposal.travelNote).toBe(ROUTING_TIMEOUT_NOTE);
      expectModel(proposal);
    } finally {
      standIn.behave();
    }
  });

  it.each([
    ["an HTTP 500", "500"],
    ["a code other than Ok", "code"],
    ["an answer that is not JSON", "json"],
  ] as const)("%s: the model times the day, and the note says so", async (_, fail) => {
    standIn.behave({ fail });
    try {
      const { ids, proposal } = await halfEmptyDay();
      expect(proposal.travelNote).toBe(ROUTING_FAILED_NOTE);
      expectModel(proposal);
      // Applied, it is timed with the model too: the times written are those shown.
      const applied = await call(app, admin, API.planning.dayApply, { body: applyBody(proposal, ids) });
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      const read = (await call(app, admin, API.planning.day, { query: ids })).body as DayPlanResponse;
      expect(read.dayPlan?.routes[0]?.stops.map((stop) => stop.plannedTime)).toEqual(
        proposal.day.routes[0]?.stops.map((stop) => stop.plannedTime),
      );
    } finally {
      standIn.behave();
    }
  });
});
