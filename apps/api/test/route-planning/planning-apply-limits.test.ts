import { PLAN_RIDE_LIMIT_MESSAGE, type PlanningContext, scheduleStops } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "../../src/db/schema.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const apply = (payload: object) =>
  app.inject({
    method: "POST",
    url: API.planning.apply.path,
    headers: admin.headers as Record<string, string>,
    payload,
  });

/**
 * A shift at 08:00 (Entrada) with no routes yet, and a plan of one new route: a rider 40 km from the
 * workplace (a ride far over 60 minutes) and one near it, on a driver with 2 seats.
 */
async function farPlan() {
  const { office, shift, workplace } = await planningSetting({ calibrated: true });
  const far = await createRider(office.id, near(40), { name: "Lejos" });
  const close = await createRider(office.id, near(3), { name: "Cerca" });
  const driver = await createVehicleDriver(2);
  const response = await app.inject({
    method: "GET",
    url: `${API.planning.context.path}?shiftId=${shift.id}&destinationId=${workplace.id}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const context: PlanningContext = response.json();
  const name = `${shift.name} lejana`;
  const stops = [
    { name: "Pueblo", address: null, ...near(40), employeeIds: [far.id] },
    { name: "Esquina", address: null, ...near(3), employeeIds: [close.id] },
  ];
  return {
    name,
    context,
    plan: {
      shiftId: shift.id,
      destinationId: workplace.id,
      dayIds: [1, 2, 3, 4, 5],
      version: context.version,
      serviceMinutes: 2,
      maxRideMinutes: 60,
      routes: [{ routeId: null, name, driverId: driver.id, seats: 2, stops }],
    },
  };
}

async function routesNamed(name: string) {
  const { db } = await testDatabase();
  return db.select().from(routes).where(eq(routes.name, name));
}

describe("POST /api/v1/Planning/apply: broken limits (issue 33)", () => {
  it("refuses a route over the maximum ride unless it is accepted, naming the route; nothing is written", async () => {
    const { name, context, plan } = await farPlan();
    const longest = scheduleStops(plan.routes[0]?.stops ?? [], {
      ...context.params,
      maxRideMinutes: 60,
    }).longestRideMinutes;
    expect(longest).toBeGreaterThan(60);

    const refused = await apply(plan);
    expect(refused.statusCode, refused.body).toBe(400);
    const body = refused.json();
    const broken = `${name}: un viaje de ${longest} min supera el máximo de 60 min`;
    expect(body.message).toBe(`${PLAN_RIDE_LIMIT_MESSAGE}. ${broken}`);
    expect(body.errors).toEqual({ acceptBrokenLimits: PLAN_RIDE_LIMIT_MESSAGE, "routes.0.stops": broken });
    expect(await routesNamed(name)).toEqual([]);

    const notAccepted = await apply({ ...plan, acceptBrokenLimits: false });
    expect(notAccepted.statusCode).toBe(400);
    expect(await routesNamed(name)).toEqual([]);

    const accepted = await apply({ ...plan, acceptBrokenLimits: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ created: 1 });
    expect(await routesNamed(name)).toHaveLength(1);
  });

  it("more riders than seats stays refused, even when accepted", async () => {
    const { name, plan } = await farPlan();
    const route = plan.routes[0];
    const overfull = { ...plan, acceptBrokenLimits: true, routes: [{ ...route, seats: 1 }] };
    const refused = await apply(overfull);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors["routes.0.seats"]).toBe(
      `La ruta ${name} tiene 1 asientos y 2 colaboradores`,
    );
    expect(await routesNamed(name)).toEqual([]);
  });

  it("a flag that is not a boolean is a 400 in Spanish", async () => {
    const { plan } = await farPlan();
    const response = await apply({ ...plan, acceptBrokenLimits: "sí" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.acceptBrokenLimits).toBe("Valor inválido");
  });
});
