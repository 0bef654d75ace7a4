import { type PlanningContext, type PlanParams, rateCost, scheduleStops } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { asc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes, routeStops, routes } from "../../src/db/schema.js";
import { addDrivers } from "../helpers/plan-factories.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  signIn,
  testDatabase,
  unique,
} from "../helpers/test-app.js";

/**
 * Decision 0061: routes the planner wrote at $0 (their driver's supplier had no rate yet) take their
 * cost from the rate once it is set, in the same transaction as the supplier's write; the answer says
 * how many. Routes typed by hand, of other suppliers, or already priced keep their cost, and a trip
 * already started keeps the cost it froze.
 */

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const send = (method: "GET" | "POST" | "PUT", url: string, payload?: object, session: SignedIn = admin) =>
  app.inject({ method, url, headers: { ...session.headers, gmt: "0" }, ...(payload ? { payload } : {}) });

async function supplier(rate: object = {}) {
  const response = await send("POST", API.supplier.create.path, {
    name: unique("Transportes "),
    telephone: "(809) 555-0101",
    ...rate,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ id: expect.any(Number), pricedRoutes: 0 });
  return response.json().id as number;
}

/** PUT Supplier with `rate`: its answer. */
async function setRate(id: number, rate: object) {
  const response = await send("PUT", API.supplier.update.path, {
    id,
    name: unique("Transportes "),
    telephone: "(809) 555-0101",
    ...rate,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; pricedRoutes: number };
}

type Point = { latitude: number; longitude: number };
type Planned = { driverId: number; stops: (Point & { employeeIds: number[] })[] };

/** Applies a plan of new routes on the shift (each stop named after its order); their ids. */
async function applyPlan(shiftId: number, destinationId: number, planned: Planned[]) {
  const context: PlanningContext = (
    await send("GET", `${API.planning.context.path}?shiftId=${shiftId}&destinationId=${destinationId}`)
  ).json();
  const response = await send("POST", API.planning.apply.path, {
    shiftId,
    destinationId,
    dayIds: [1, 2, 3, 4, 5],
    version: context.version,
    routes: planned.map((route) => ({
      routeId: null,
      name: unique("Ruta "),
      driverId: route.driverId,
      seats: 10,
      stops: route.stops.map((stop, i) => ({ name: `Parada ${i + 1}`, address: null, ...stop })),
    })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ids: response.json().routeIds as number[], params: context.params };
}

async function costsOf(ids: number[]) {
  const { db } = await testDatabase();
  const rows = await db
    .select({ id: routes.id, cost: routes.cost })
    .from(routes)
    .where(inArray(routes.id, ids));
  return ids.map((id) => Number(rows.find((row) => row.id === id)?.cost));
}

describe("a supplier's rate prices its drivers' planned routes at $0 (decision 0061)", () => {
  it("per trip: the planner's $0 routes of its drivers, not those typed by hand nor another supplier's; a started trip keeps its cost", async () => {
    const { office, shift, workplace } = await planningSetting();
    const caribe = await supplier();
    const other = await supplier();
    const [uno, dos, tres] = [
      await createVehicleDriver(10, { supplierId: caribe }),
      await createVehicleDriver(10, { supplierId: caribe }),
      await createVehicleDriver(10, { supplierId: other }),
    ];
    const riders: { id: number }[] = [];
    for (const km of [4, 5, 6, 7]) riders.push(await createRider(office.id, near(km)));
    const at = (i: number) => ({ ...near(4 + i), employeeIds: [riders[i]?.id ?? 0] });
    const { ids } = await applyPlan(shift.id, workplace.id, [
      { driverId: uno.id, stops: [at(0), at(1)] },
      { driverId: dos.id, stops: [at(2)] },
      { driverId: tres.id, stops: [at(3)] },
    ]);
    const [planA, planB, planOther] = ids as [number, number, number];
    expect(await costsOf(ids)).toEqual([0, 0, 0]);

    // Renamed by hand, the cost untouched: still the planner's $0.
    const { db } = await testDatabase();
    const renamed = await send("PUT", API.route.update.path, {
      id: planB,
      name: unique("Renombrada "),
      destinationId: workplace.id,
      dayIds: [1, 2, 3, 4, 5],
      departureTime: "07:00",
      cost: 0,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Typed by hand at $0, driven by Caribe's driver: a price someone chose.
    const byHand = await send("POST", API.route.create.path, {
      name: unique("A mano "),
      destinationId: workplace.id,
      dayIds: [1, 2, 3, 4, 5],
      departureTime: "07:00",
      cost: 0,
      shiftId: shift.id,
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const handId = byHand.json().id as number;
    await addDrivers(handId, [uno.id]);

    // Uno's trip on route A started at $0: that cost is frozen.
    const unoSession = await signIn(app, uno.user.email);
    const started = await send("PUT", API.intermediateRoute.start.path, { routeId: planA }, unoSession);
    expect(started.statusCode, started.body).toBe(200);
    const tripId = started.json().intermediateRoute.id as number;

    expect(await setRate(caribe, { rateType: "trip", rateAmount: 40 })).toEqual({
      id: caribe,
      pricedRoutes: 2,
    });
    expect(await costsOf([planA, planB, planOther, handId])).toEqual([40, 40, 0, 0]);
    const [trip] = await db
      .select({ cost: intermediateRoutes.cost })
      .from(intermediateRoutes)
      .where(eq(intermediateRoutes.id, tripId));
    expect(Number(trip?.cost)).toBe(0);

    // The same rate again, or another: nothing left at $0.
    expect((await setRate(caribe, { rateType: "trip", rateAmount: 55 })).pricedRoutes).toBe(0);
    expect(await costsOf([planA, planB])).toEqual([40, 40]);
    // Saved without a rate (the spec's form sends none): nothing priced, the rate kept.
    expect((await setRate(other, {})).pricedRoutes).toBe(0);
    expect(await costsOf([planOther])).toEqual([0]);
  });

  it("per km: the route's km under the shift's travel model; by vehicle type: the driver's vehicle, none without its amount", async () => {
    const { office, shift, workplace } = await planningSetting();
    const porKm = await supplier();
    const porTipo = await supplier();
    const kmDriver = await createVehicleDriver(10, { supplierId: porKm });
    const van = await createVehicleDriver(12, { supplierId: porTipo });
    const bus = await createVehicleDriver(40, { supplierId: porTipo });
    const riders: { id: number }[] = [];
    for (const km of [3, 6, 8, 9]) riders.push(await createRider(office.id, near(km, 1)));
    const at = (i: number, km: number) => ({ ...near(km, 1), employeeIds: [riders[i]?.id ?? 0] });
    const { ids, params } = await applyPlan(shift.id, workplace.id, [
      { driverId: kmDriver.id, stops: [at(1, 6), at(0, 3)] },
      { driverId: van.id, stops: [at(2, 8)] },
      { driverId: bus.id, stops: [at(3, 9)] },
    ]);
    const [kmRoute, vanRoute, busRoute] = ids as [number, number, number];

    expect(await setRate(porKm, { rateType: "km", rateAmount: 2.5 })).toMatchObject({ pricedRoutes: 1 });
    const { db } = await testDatabase();
    const stored = await db
      .select({ latitude: routeStops.latitude, longitude: routeStops.longitude })
      .from(routeStops)
      .where(eq(routeStops.routeId, kmRoute))
      .orderBy(asc(routeStops.position));
    const km = Math.round(scheduleStops(stored, params as PlanParams).km * 10) / 10;
    expect(km).toBeGreaterThan(6);
    expect(await costsOf([kmRoute])).toEqual([
      rateCost(
        { rateType: "km", rateAmount: 2.5, vehicleRates: { car: null, van: null, minibus: null, bus: null } },
        { km, seats: 10 },
      ),
    ]);

    const vehicleRate = { rateType: "vehicle", vehicleRates: { van: 30, minibus: 45 } };
    expect(await setRate(porTipo, vehicleRate)).toMatchObject({ pricedRoutes: 1 });
    expect(await costsOf([vanRoute, busRoute])).toEqual([30, 0]);
  });
});
