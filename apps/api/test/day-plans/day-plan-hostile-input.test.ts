import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { applyBody, DAY, dayPlanCity, proposeDay } from "../helpers/day-plan-factories.js";
import { type SignedIn, signedInAs } from "../helpers/test-app.js";

/**
 * A hostile caller against the plan of the day, «Reporte Ahorro», «Factores de emisión», «Toda la
 * sucursal» and the driver's `today?date=` (issue 36 review): every refusal a 400/403/409 with a
 * Spanish message, never a 5xx, nothing internal in the body.
 */
const clock: TestClock = { now: Date.parse("2030-12-01T12:00:00Z") };
let app: FastifyInstance;
let admin: SignedIn;
let driver: SignedIn;
let collaborator: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
  driver = await signedInAs(app, "Driver");
  collaborator = await signedInAs(app, "Collaborator");
});
afterAll(async () => {
  await app?.close();
});

type Answer = { status: number; body: { message?: string } | undefined };
const refused = (answer: Answer, status = 400) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body?.message).toMatch(/[a-záéíóúñ]/i);
  expect(JSON.stringify(answer.body)).not.toMatch(/select |insert |stack|Error:|node_modules|at \//i);
};

describe("Planning/day refuses hostile input", () => {
  it("apply: huge, decimal, zero and negative rider ids, a route twice, a rider twice, 300 unknown routes, a bad latitude", async () => {
    const city = await dayPlanCity({ routes: 2, stops: 2, ridersPerStop: 2, seats: 6 });
    const ids = { shiftId: city.shift.id, destinationId: city.workplace.id, date: DAY };
    const body = applyBody(await proposeDay(app, admin, ids), ids);
    type Body = typeof body;
    const apply = (changed: Body) => call(app, admin, API.planning.dayApply, { body: changed });
    const first = () => body.routes[0] as Body["routes"][number];
    for (const bad of [1e15, 2_147_483_648, 3.5, -1, 0]) {
      const changed = structuredClone(body);
      changed.routes[0]?.stops[0]?.employeeIds.push(bad);
      refused(await apply(changed));
    }
    refused(await apply({ ...body, routes: [...body.routes, structuredClone(first())] }));
    const twice = structuredClone(body);
    twice.routes[0]?.stops[0]?.employeeIds.push(...(first().stops[0]?.employeeIds ?? []));
    refused(await apply(twice));
    const many = Array.from({ length: 300 }, (_, i) => ({ ...first(), routeId: 1_000_000 + i }));
    refused(await apply({ ...body, routes: many }));
    refused(await apply({ ...body, routes: [...many, first()] }));
    const latitude = structuredClone(body);
    if (latitude.routes[0]?.stops[0]) latitude.routes[0].stops[0].latitude = 91;
    refused(await apply(latitude));
    expect((await apply(body)).status).toBe(200);
    refused(await apply(body), 409);
  });

  it("propose, read and delete: impossible dates, past dates, bad seconds and ids", async () => {
    const base = { shiftId: 1, destinationId: 1 };
    for (const date of ["2031-02-30", "2101-01-01", "1899-12-31", "2030-12-1", "", "x"]) {
      refused(await call(app, admin, API.planning.dayPropose, { body: { ...base, date } }));
      refused(await call(app, admin, API.planning.day, { query: { ...base, date } }));
      refused(await call(app, admin, API.planning.dayDelete, { body: { ...base, date } }));
    }
    refused(await call(app, admin, API.planning.dayPropose, { body: { ...base, date: "2030-11-30" } }));
    refused(await call(app, admin, API.planning.dayDelete, { body: { ...base, date: "2030-11-30" } }));
    for (const seconds of [0, 61, 1.5, -1, "5", null]) {
      refused(await call(app, admin, API.planning.dayPropose, { body: { ...base, date: DAY, seconds } }));
    }
    for (const shiftId of ["0", "-1", "99999999999", "1.5", "abc"]) {
      refused(await call(app, admin, API.planning.day, { query: { ...base, date: DAY, shiftId } }));
    }
  });
});

describe("Reporte Ahorro and Factores de emisión refuse hostile input", () => {
  it("inverted and over-long ranges, impossible dates, negative ids; factors outside 0–5 or not numbers", async () => {
    const queries: Record<string, string>[] = [
      { sinceDate: "2030-12-05", untilDate: "2030-12-01" },
      { sinceDate: "2000-01-01", untilDate: "2030-12-01" },
      { sinceDate: "2031-02-30" },
      { untilDate: "1899-01-01" },
      { shiftId: "-3" },
    ];
    for (const query of queries) {
      refused(await call(app, admin, API.planning.savings, { query }));
      const excel = await app.inject({
        method: "GET",
        url: `${API.planning.savingsExcel.path}?${new URLSearchParams(query)}`,
        headers: admin.headers,
      });
      refused({ status: excel.statusCode, body: excel.json() });
    }
    for (const kgPerKm of [-0.1, 5.01, "1", null, 1e308]) {
      refused(await call(app, admin, API.emissionFactor.update, { body: { vehicleType: "van", kgPerKm } }));
    }
    refused(await call(app, admin, API.emissionFactor.update, { body: { vehicleType: "tank", kgPerKm: 1 } }));
    for (const who of [driver, collaborator]) {
      const body = { vehicleType: "van", kgPerKm: 1 };
      refused(await call(app, who, API.emissionFactor.update, { body }), 403);
      refused(await call(app, who, API.planning.savings), 403);
      refused(await call(app, who, API.planning.dayApply, { body: {} }), 403);
    }
  });
});

describe("IntermediateRoute/today?date= and Planning/company/propose", () => {
  it("today … today + 7 on the branch offices' clock, for drivers only", async () => {
    for (const date of ["2030-11-30", "2030-12-09", "2031-02-30", "x"]) {
      refused(await call(app, driver, API.intermediateRoute.today, { query: { date } }));
    }
    for (const date of ["2030-12-01", "2030-12-08"]) {
      expect((await call(app, driver, API.intermediateRoute.today, { query: { date } })).status).toBe(200);
    }
    refused(
      await call(app, collaborator, API.intermediateRoute.today, { query: { date: "2030-12-02" } }),
      403,
    );
  });

  it("company: 5,000 shifts, none, another office's, an id past int4, no branch office", async () => {
    for (const body of [
      { branchOfficeId: 1, shiftIds: Array.from({ length: 5000 }, (_, i) => i + 1) },
      { branchOfficeId: 1, shiftIds: [] },
      { branchOfficeId: 1, shiftIds: [1, 1] },
      { branchOfficeId: 1, shiftIds: [2_147_483_648] },
      {},
    ]) {
      refused(await call(app, admin, API.planning.companyPropose, { body }));
    }
  });
});
