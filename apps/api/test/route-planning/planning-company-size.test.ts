import {
  MAX_PLANNING_RIDERS,
  MAX_PLANNING_VEHICLES,
  type PlanningProposal,
  planFigures,
  routeWarnings,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
