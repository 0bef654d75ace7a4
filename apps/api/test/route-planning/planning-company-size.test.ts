import {
  MAX_PLANNING_RIDERS,
  MAX_PLANNING_VEHICLES,
  PLAN_CHANGED_MESSAGE,
  type PlanningProposal,
  planFigures,
  routeWarnings,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLY_BODY_LIMIT } from "../../src/modules/planning/planning-routes.js";
import { createCompanyDrivers, createCompanyRiders } from "../helpers/company-factories.js";
import { planningSetting } from "../helpers/planning-factories.js";
import { buildTestApp, type SignedIn, signedInAs } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const propose = (payload: object) =>
  app.inject({
    method: "POST",
    url: API.planning.propose.path,
    headers: admin.headers as Record<string, string>,
    payload,
  });

/** Issue 36: one proposal for a whole company (up to 5,000 riders and 300 vehicles). */
describe("POST /api/v1/Planning/propose at company size", () => {
  it("plans 3,000 riders on 150 vehicles in one proposal: each rider on one stop or unassigned with a reason", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const employeeIds = await createCompanyRiders(office.id, 3_000, { seed: 36 });
    const driverIds = await createCompanyDrivers(150, 30);
    const payload = {
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds,
      driverIds,
      walkRadiusMeters: 300,
      maxRideMinutes: 90,
      seconds: 3,
    };
    // The request's body stays far below the server's 1 MiB limit.
    expect(JSON.stringify(payload).length).toBeLessThan(100_000);
    const response = await propose(payload);
    expect(response.statusCode, response.body).toBe(200);
    const result: PlanningProposal = response.json();

    const served = result.routes.flatMap((route) => route.stops.flatMap((stop) => stop.employeeIds));
    const left = result.unassigned.map((entry) => entry.employeeId);
    expect([...served, ...left].sort((a, b) => a - b)).toEqual([...employeeIds].sort((a, b) => a - b));
    for (const entry of result.unassigned) expect(entry.reason.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThan(2_900);
    expect(result.routes.length).toBeLessThanOrEqual(150);
    for (const route of result.routes) {
      expect(route.stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0)).toBeLessThanOrEqual(30);
      expect(routeWarnings(route, result.params)).toEqual([]);
    }
    expect(result.figures).toEqual(planFigures(result.routes, result.params));

    // Applying a company's plan (addresses of 300 characters here) fits the apply route's body limit:
    // the route answers on its content (a stale version: 409), not 413. 3,000 riders in ~700 stops
    // take ~275 kB; 5,000 riders each on their own stop would pass the server's 1 MiB.
    const plan = {
      shiftId: shift.id,
      destinationId: workplace.id,
      dayIds: [1, 2, 3, 4, 5],
      version: "una versión vieja",
      serviceMinutes: result.params.serviceMinutes,
      maxRideMinutes: result.params.maxRideMinutes,
      routes: result.routes.map((route, index) => ({
        routeId: null,
        name: `Empresa ${index + 1}`,
        driverId: route.driverId,
        seats: route.seats,
        stops: route.stops.map((stop) => ({
          name: stop.name,
          address: `${stop.address ?? "Calle"} `.padEnd(300, "x"),
          latitude: stop.latitude,
          longitude: stop.longitude,
          employeeIds: stop.employeeIds,
        })),
      })),
    };
    const size = JSON.stringify(plan).length;
    expect(size).toBeLessThan(APPLY_BODY_LIMIT);
    const applied = await app.inject({
      method: "POST",
      url: API.planning.apply.path,
      headers: admin.headers as Record<string, string>,
      payload: plan,
    });
    expect(applied.statusCode, applied.body).toBe(409);
    expect(applied.json().message).toBe(PLAN_CHANGED_MESSAGE);
  });

  it(`refuses more than ${MAX_PLANNING_RIDERS} riders or ${MAX_PLANNING_VEHICLES} vehicles with the field named`, async () => {
    const { shift, workplace } = await planningSetting();
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    const riders = await propose({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: ids(MAX_PLANNING_RIDERS + 1),
      driverIds: [1],
    });
    expect(riders.statusCode).toBe(400);
    expect(riders.json().message).toContain(`Máximo ${MAX_PLANNING_RIDERS}`);
    const vehicles = await propose({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: [1],
      driverIds: ids(MAX_PLANNING_VEHICLES + 1),
    });
    expect(vehicles.statusCode).toBe(400);
    expect(vehicles.json().message).toContain(`Máximo ${MAX_PLANNING_VEHICLES}`);
  });
});
