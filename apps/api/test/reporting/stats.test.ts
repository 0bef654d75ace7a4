import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiDate,
  createRider,
  createRoute,
  createSupplierDriver,
  createTrip,
  DAY,
  localTime,
  uniqueDay,
} from "../helpers/reporting-factories.js";
import { buildTestApp, type SignedIn, signedInAs } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

async function get(path: string) {
  const response = await app.inject({
    method: "GET",
    url: `/api/v1/${path}`,
    headers: { ...admin.headers, gmt: "4" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("statistics count what the reports count", () => {
  it("a trip started the day before and finished today counts today, a trip in progress apart", async () => {
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const { driver: other } = await createSupplierDriver();
    const route = await createRoute({ cost: "18.00" });
    const [ana, beto] = [await createRider(), await createRider()];
    // Starts the evening before `day` (local), ends on `day`: the reports bill it on `day`.
    await createTrip({
      routeId: route.id,
      driver,
      cost: "18.00",
      startedAt: localTime(day - DAY, 23.5, 4),
      endedAt: localTime(day, 0.5, 4),
      riders: [ana.id, beto.id],
    });
    // Started on `day`, still in progress.
    await createTrip({
      routeId: route.id,
      driver: other,
      cost: "18.00",
      startedAt: localTime(day, 10, 4),
      riders: [ana.id],
    });
    const onDay = `sinceDate=${apiDate(day)}&untilDate=${apiDate(day)}`;
    const dayBefore = `sinceDate=${apiDate(day - DAY)}&untilDate=${apiDate(day - DAY)}`;

    expect(await get(`IntermediateRoute/services/stats?${onDay}`)).toEqual({
      amountIntermediateRoute: 1,
      amountNotScheduleServices: 0,
      amountEmployeeService: 2,
      amountEmployeeCanceledService: 0,
      amountInProgress: 1,
    });
    expect(await get(`IntermediateRoute/services/stats?${dayBefore}`)).toEqual({
      amountIntermediateRoute: 0,
      amountNotScheduleServices: 0,
      amountEmployeeService: 0,
      amountEmployeeCanceledService: 0,
      amountInProgress: 0,
    });
    const report = await get(`Route/report?${onDay}`);
    expect(report.data.items).toMatchObject([{ routeId: route.id, trips: 1, collaborators: 2 }]);

    const employees = await get(`Employee/services/stats?${onDay}`);
    expect(employees).toMatchObject({
      amountEmployeesServed: 2,
      amountEmployeeService: 2,
      days: [{ date: new Date(day).toISOString().slice(0, 10), services: 2, canceled: 0 }],
    });
    const before = await get(`Employee/services/stats?${dayBefore}`);
    expect(before).toMatchObject({ amountEmployeesServed: 0, amountEmployeeService: 0 });
  });
});
