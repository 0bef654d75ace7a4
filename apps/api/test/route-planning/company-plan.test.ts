import { type CompanyPlan, minutesOfDay } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addRiders, createShift } from "../helpers/plan-factories.js";
import { createRider, createVehicleDriver, near, WORKPLACE } from "../helpers/planning-factories.js";
import { createDestination, createRoute } from "../helpers/route-factories.js";
import { buildTestApp, createBranchOffice, type SignedIn, signedInAs, unique } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const propose = (payload: object, headers: object = admin.headers) =>
  app.inject({
    method: "POST",
    url: API.planning.companyPropose.path,
    headers: headers as Record<string, string>,
    payload,
  });
async function plan(payload: object): Promise<CompanyPlan> {
  const response = await propose({ seconds: 2, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Point = { latitude: number; longitude: number };
/** Homes 2–4 km north of the first workplace and 2–4 km east of the second (3 km east). */
const SPREAD = {
  eastKm: 3,
  north: [near(2, 0), near(2.5, 0.5), near(3, -0.5), near(3.5, 0)],
  east: [near(0.5, 5), near(-0.5, 5.5), near(0, 6), near(1, 6.5)],
};
/**
 * Long runs to the first workplace (homes 3–4 km west) and short ones to the second (2 km east,
 * homes 0.5–1 km further east): the least empty driving keeps each bus on its workplace, long
 * chains and short ones; evening the working time mixes them.
 */
const LOPSIDED = {
  eastKm: 2,
  north: [near(0, -3), near(0.3, -3.5), near(-0.3, -3.5), near(0, -4)],
  east: [near(0, 2.5), near(0.2, 2.7), near(-0.2, 2.8), near(0, 3)],
};

/**
 * A branch office with an 06:00 and an 07:00 inbound shift, each taking four riders to each of two
 * workplaces, on routes of their own; four drivers of 10 seats.
 */
async function companySetting(layout: { eastKm: number; north: Point[]; east: Point[] } = SPREAD) {
  const office = await createBranchOffice();
  const early = await createShift({ branchOfficeId: office.id, time: "06:00" });
  const late = await createShift({ branchOfficeId: office.id, time: "07:00" });
  const north = await createDestination({ ...WORKPLACE, name: unique("Norte ") });
  const east = await createDestination({ ...near(0, layout.eastKm), name: unique("Este ") });
  const homes = { [north.id]: layout.north, [east.id]: layout.east };
  const riders: number[] = [];
  const routeIds: number[] = [];
  for (const shift of [early, late]) {
    for (const destination of [north, east]) {
      const route = await createRoute({ shiftId: shift.id, destinationId: destination.id });
      routeIds.push(route.id);
      const ids: number[] = [];
      for (const home of homes[destination.id] ?? []) ids.push((await createRider(office.id, home)).id);
      await addRiders(route.id, ids);
      riders.push(...ids);
    }
  }
  const drivers = [];
  for (let i = 0; i < 4; i++) drivers.push(await createVehicleDriver(10));
  const driverIds = drivers.map((driver) => driver.id);
  return { office, early, late, north, east, riders, routeIds, driverIds };
}

const minutes = (hhmm: string) => minutesOfDay(hhmm);

/** Every chain keeps the rest between runs and the working span; its runs in time order. */
function expectRules(result: CompanyPlan, rules: { minRestMinutes: number; maxSpanMinutes: number }) {
  for (const chain of result.chains) {
    expect(chain.spanMinutes).toBeLessThanOrEqual(rules.maxSpanMinutes);
    for (const [index, run] of chain.runs.entries()) {
      if (index === 0) continue;
      const previous = chain.runs[index - 1] as (typeof chain.runs)[number];
      expect(run.restMinutes).toBeGreaterThanOrEqual(rules.minRestMinutes);
      expect(minutes(run.start)).toBeGreaterThanOrEqual(
        minutes(previous.end) + run.deadheadMinutes + rules.minRestMinutes - 1,
      );
    }
  }
}

// Each test plans several shifts with the planner's own time budget: a loaded machine needs more than 30 s.
describe("POST /api/v1/Planning/company/propose", { timeout: 120_000 }, () => {
  it("proposes every shift and workplace and chains the 06:00 and 07:00 runs on the same vehicles", async () => {
    const setting = await companySetting();
    const result = await plan({
      branchOfficeId: setting.office.id,
      shiftIds: [setting.early.id, setting.late.id],
      driverIds: setting.driverIds,
    });
    const covered = result.parts.map((part) => `${part.shiftId}:${part.destinationId}`).sort();
    const expected = [setting.early.id, setting.late.id].flatMap((shiftId) =>
      [setting.north.id, setting.east.id].map((destinationId) => `${shiftId}:${destinationId}`),
    );
    expect(covered).toEqual(expected.sort());
    const served = result.parts.flatMap((part) =>
      part.proposal.routes.flatMap((route) => route.stops.flatMap((stop) => stop.employeeIds)),
    );
    expect(served.sort((a, b) => a - b)).toEqual([...setting.riders].sort((a, b) => a - b));
    expect(result.totals).toMatchObject({ riders: 16, unassigned: 0, runsWithoutVehicle: 0 });
    expect(result.totals.runs).toBe(result.parts.reduce((sum, part) => sum + part.proposal.routes.length, 0));
    // Chaining: fewer vehicles than runs, each run driven once by a driver of the pool.
    expect(result.totals.vehiclesOnePerRun).toBe(result.totals.runs);
    expect(result.totals.vehiclesChained).toBeLessThan(result.totals.runs);
    expect(result.chains).toHaveLength(result.totals.vehiclesChained);
    const chained = result.chains.flatMap((chain) => chain.runs.map((run) => run.runId));
    expect(new Set(chained).size).toBe(result.totals.runs);
    for (const chain of result.chains) expect(setting.driverIds).toContain(chain.driverId);
    const crossing = result.chains.filter(
      (chain) => new Set(chain.runs.map((run) => run.shiftId)).size === 2,
    );
    expect(crossing.length).toBeGreaterThan(0);
    expectRules(result, { minRestMinutes: 10, maxSpanMinutes: 600 });
    // Inbound runs arrive at the shift's time; the figures add up.
    for (const run of result.chains.flatMap((chain) => chain.runs)) {
      expect(run.end).toBe(run.shiftId === setting.early.id ? "06:00" : "07:00");
    }
    const km = result.parts.reduce((sum, part) => sum + part.proposal.figures.km, 0);
    expect(result.totals.km).toBeCloseTo(km, 1);
    const deadhead = result.chains.reduce((sum, chain) => sum + chain.deadheadKm, 0);
    expect(result.totals.deadheadKm).toBeCloseTo(deadhead, 0);
    expect(result.totals.deadheadKm).toBeGreaterThan(0);
    expect(result.notes).toEqual([]);
  });

  it("keeps the rest and the working span: with a long rest or a short span every run needs its own vehicle", async () => {
    const setting = await companySetting();
    const base = {
      branchOfficeId: setting.office.id,
      shiftIds: [setting.early.id, setting.late.id],
      driverIds: setting.driverIds,
    };
    const rested = await plan({ ...base, minRestMinutes: 90 });
    expectRules(rested, { minRestMinutes: 90, maxSpanMinutes: 600 });
    expect(rested.totals.vehiclesChained).toBe(rested.totals.runs);
    const short = await plan({ ...base, maxSpanMinutes: 60 });
    expectRules(short, { minRestMinutes: 10, maxSpanMinutes: 60 });
    expect(short.totals.vehiclesChained).toBe(short.totals.runs);
  });

  it("with balance the drivers' working times come closer, on as many vehicles", async () => {
    const setting = await companySetting(LOPSIDED);
    const base = {
      branchOfficeId: setting.office.id,
      shiftIds: [setting.early.id, setting.late.id],
      driverIds: setting.driverIds,
    };
    const plain = await plan(base);
    const balanced = await plan({ ...base, balance: true });
    expect(balanced.totals.vehiclesChained).toBe(plain.totals.vehiclesChained);
    expect(balanced.totals.workSpreadMinutes).toBeLessThan(plain.totals.workSpreadMinutes);
    const works = balanced.chains.map((chain) => chain.workMinutes);
    expect(Math.max(...works) - Math.min(...works)).toBeLessThanOrEqual(
      balanced.totals.workSpreadMinutes + 1,
    );
    expectRules(balanced, { minRestMinutes: 10, maxSpanMinutes: 600 });
  });

  it("is for Admin and SuperAdmin only, and refuses a shift of another branch office", async () => {
    const setting = await companySetting();
    const payload = { branchOfficeId: setting.office.id, shiftIds: [setting.early.id], seconds: 1 };
    for (const role of ["Collaborator", "Driver"] as const) {
      const session = await signedInAs(app, role);
      expect((await propose(payload, session.headers)).statusCode).toBe(403);
    }
    const other = await createShift({ time: "06:00" });
    const refused = await propose({ ...payload, shiftIds: [setting.early.id, other.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { "shiftIds.1": "El turno no es de esta sucursal" } });
    const none = await propose({ ...payload, shiftIds: [] });
    expect(none.statusCode).toBe(400);
    // A collaborator who left (inactive) is not planned: said in the notes.
    const gone = await createRider(setting.office.id, near(2, 1), { status: "inactive" });
    await addRiders(setting.routeIds[0] as number, [gone.id]);
    const superAdmin = await signedInAs(app, "SuperAdmin");
    const response = await propose({ ...payload, driverIds: setting.driverIds }, superAdmin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const answer: CompanyPlan = response.json();
    expect(answer.totals.riders).toBe(8);
    expect(answer.notes).toEqual([expect.stringContaining("1 colaboradores de sus rutas no están activos")]);
  });
});
