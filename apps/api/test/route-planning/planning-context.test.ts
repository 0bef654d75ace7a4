import { type PlanningContext, planFigures } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeDrivers } from "../../src/db/schema.js";
import { replaceStops } from "../../src/modules/route-stops/route-stops-repository.js";
import { addDrivers, addRiders, createShift } from "../helpers/plan-factories.js";
import {
  createRider,
  createVehicleDriver,
  finishedTripWithTrace,
  near,
  planningSetting,
  WORKPLACE,
} from "../helpers/planning-factories.js";
import { createDestination, createRoute } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const contextUrl = (shiftId: number, destinationId?: number) =>
  `${API.planning.context.path}?shiftId=${shiftId}${destinationId ? `&destinationId=${destinationId}` : ""}`;
const getContext = (shiftId: number, destinationId?: number, headers: object = admin.headers) =>
  app.inject({
    method: "GET",
    url: contextUrl(shiftId, destinationId),
    headers: headers as Record<string, string>,
  });
async function contextOf(shiftId: number, destinationId?: number): Promise<PlanningContext> {
  const response = await getContext(shiftId, destinationId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET /api/v1/Planning/context", () => {
  it("is for Admin and SuperAdmin only: 401 without a session, 403 for collaborators and drivers", async () => {
    const { shift } = await planningSetting();
    const anonymous = await app.inject({ method: "GET", url: contextUrl(shift.id) });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ["Collaborator", "Driver"] as const) {
      const other = await signedInAs(app, role);
      expect((await getContext(shift.id, undefined, other.headers)).statusCode).toBe(403);
    }
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await getContext(shift.id, undefined, superAdmin.headers)).statusCode).toBe(200);
  });

  it("404 «Turno no encontrado»; 404 for an unknown destination, 400 for one without coordinates", async () => {
    const missing = await getContext(999_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Turno no encontrado");
    const { shift } = await planningSetting();
    expect((await getContext(shift.id, 999_999_999)).statusCode).toBe(404);
    const nowhere = await createDestination();
    const response = await getContext(shift.id, nowhere.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("no tiene coordenadas");
  });

  it("lists riders with their route here or elsewhere, drivers with seats and cost, and the current routes with figures", async () => {
    const { office, shift, workplace } = await planningSetting();
    const elsewhere = await createDestination(near(8, 3));
    const [routeA, routeB] = [
      await createRoute({ destinationId: workplace.id, shiftId: shift.id, cost: "40.00", seats: 12 }),
      await createRoute({ destinationId: workplace.id, shiftId: shift.id, cost: "20.00" }),
    ];
    const routeElsewhere = await createRoute({
      destinationId: elsewhere.id,
      shiftId: shift.id,
      cost: "30.00",
    });
    const ana = await createRider(office.id, near(5), { name: "Ana", lastname: "Almonte" });
    const beto = await createRider(office.id, near(6), { name: "Beto", lastname: "Batista" });
    const carla = await createRider(office.id, null, { name: "Carla", lastname: "Cruz" });
    const inactive = await createRider(office.id, near(4), { status: "inactive" });
    const otherOffice = await createRider((await planningSetting()).office.id, near(4));
    await addRiders(routeA.id, [ana.id]);
    await addRiders(routeElsewhere.id, [beto.id]);
    const driverA = await createVehicleDriver(15);
    const driverA2 = await createVehicleDriver(10);
    const driverB = await createVehicleDriver(8);
    const idle = await createVehicleDriver(null);
    const gone = await createVehicleDriver(20, { status: "inactive" });
    await addDrivers(routeA.id, [driverA.id]);
    await addDrivers(routeB.id, [driverB.id]);
    const { db } = await testDatabase();
    // Assigned after driverB: its first driver stays driverB.
    await db
      .insert(routeDrivers)
      .values({ routeId: routeB.id, driverId: driverA2.id, createdAt: new Date(Date.now() + 60_000) });
    await db.transaction((tx) =>
      replaceStops(
        tx,
        routeA.id,
        [
          {
            position: 1,
            name: "Parque",
            address: null,
            ...near(5),
            plannedTime: "07:30",
            employeeIds: [ana.id],
          },
        ],
        new Date(),
      ),
    );

    const context = await contextOf(shift.id);
    expect(context.destinationId).toBe(workplace.id);
    expect(context.shift).toMatchObject({
      id: shift.id,
      direction: "inbound",
      time: "08:00",
      branchOfficeId: office.id,
    });
    expect(context.shift.days.map((day) => day.id)).toEqual([1, 2, 3, 4, 5]);
    const places = new Map(context.destinations.map((place) => [place.id, place]));
    expect(places.get(workplace.id)?.amountRoutes).toBe(2);
    expect(places.get(elsewhere.id)?.amountRoutes).toBe(1);

    const riders = new Map(context.riders.map((rider) => [rider.employeeId, rider]));
    expect(riders.get(ana.id)).toMatchObject({
      routeId: routeA.id,
      routeName: routeA.name,
      otherRouteName: null,
    });
    expect(riders.get(beto.id)).toMatchObject({ routeId: null, otherRouteName: routeElsewhere.name });
    expect(riders.get(carla.id)).toMatchObject({ routeId: null, latitude: null, longitude: null });
    expect(riders.has(inactive.id)).toBe(false);
    expect(riders.has(otherOffice.id)).toBe(false);

    const drivers = new Map(context.drivers.map((driver) => [driver.driverId, driver]));
    expect(drivers.get(driverA.id)).toMatchObject({ seats: 15, cost: 40, routeId: routeA.id });
    expect(drivers.get(driverB.id)).toMatchObject({ seats: 8, cost: 20, routeId: routeB.id });
    // Without a supplier rate, a driver with no route here costs 0 (not the shift's average: issue 33).
    expect(drivers.get(idle.id)).toMatchObject({
      seats: null,
      cost: 0,
      routeId: null,
      rate: { rateType: null, rateAmount: null },
    });
    expect(drivers.has(gone.id)).toBe(false);

    const current = new Map(context.current.routes.map((route) => [route.routeId, route]));
    expect([...current.keys()].sort()).toEqual([routeA.id, routeB.id].sort());
    expect(current.get(routeA.id)).toMatchObject({ seats: 12, cost: 40, driverId: driverA.id });
    expect(current.get(routeA.id)?.stops).toMatchObject([
      { name: "Parque", plannedTime: "07:30", employeeIds: [ana.id] },
    ]);
    // No own seats: the smallest vehicle of its drivers; its first driver shown.
    expect(current.get(routeB.id)).toMatchObject({ seats: 8, driverId: driverB.id, stops: [] });
    expect(context.params).toMatchObject({ direction: "inbound", shiftTime: "08:00", workplace: WORKPLACE });
    expect(context.current.figures).toEqual(planFigures(context.current.routes, context.params));
    expect(context.current.figures).toMatchObject({ vehicles: 1, riders: 1 });
  });

  it("defaults to the destination most of the shift's routes go to; the version changes with any route, rider or driver change", async () => {
    const { shift, workplace, office } = await planningSetting();
    const other = await createDestination(near(2, 2));
    const route = await createRoute({ destinationId: other.id, shiftId: shift.id });
    expect((await contextOf(shift.id)).destinationId).toBe(other.id);

    const first = (await contextOf(shift.id, other.id)).version;
    expect((await contextOf(shift.id, other.id)).version).toBe(first);
    const rider = await createRider(office.id, near(3));
    await addRiders(route.id, [rider.id]);
    const second = (await contextOf(shift.id, other.id)).version;
    expect(second).not.toBe(first);
    await addDrivers(route.id, [(await createVehicleDriver(10)).id]);
    const third = (await contextOf(shift.id, other.id)).version;
    expect(third).not.toBe(second);
    // A route of the shift to another workplace does not change this one's version.
    const before = (await contextOf(shift.id, workplace.id)).version;
    await addRiders(route.id, [(await createRider(office.id, near(4))).id]);
    expect((await contextOf(shift.id, workplace.id)).version).toBe(before);
  });

  it("calibrates speed and circuity from the branch office's finished trips with traces", async () => {
    const { office, shift, workplace } = await planningSetting();
    const route = await createRoute({ destinationId: workplace.id, shiftId: shift.id });
    const driver = await createVehicleDriver(20);
    const rider = await createRider(office.id, near(10));
    const other = await createRider(office.id, near(5));
    // Six trips at 07:00 at the branch offices (on UTC in the tests: 07:00Z, peak; the caller's
    // GMT 4 changes nothing, decision 0063): 15 km in 30 min = 30 km/h; boardings 10 km and 5 km
    // north, then the workplace: 10 km straight, so a circuity of 1.5.
    const days = [1, 2, 3, 4, 5, 6];
    for (const day of days) {
      const startedAt = new Date(Date.now() - day * 86_400_000);
      startedAt.setUTCHours(7, 0, 0, 0);
      await finishedTripWithTrace({
        routeId: route.id,
        driver,
        startedAt,
        minutes: 30,
        km: 15,
        boardings: [
          { employeeId: rider.id, ...near(10) },
          { employeeId: other.id, ...near(5) },
        ].slice(0, day === 6 ? 1 : 2),
      });
    }
    const response = await app.inject({
      method: "GET",
      url: contextUrl(shift.id),
      headers: { ...admin.headers, gmt: "4" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const context: PlanningContext = response.json();
    expect(context.calibration).toMatchObject({
      trips: 6,
      minTrips: 5,
      calibrated: true,
      peakSpeedKmh: 30,
      peakTrips: 6,
      offPeakTrips: 0,
      circuity: 1.5,
      circuityTrips: 6,
    });
    // 08:00 is a peak hour: the shift plans with the peak speed.
    expect(context.params.speedKmh).toBe(30);
    expect(context.params.circuity).toBe(1.5);
  });

  it("without routes it takes a workplace with coordinates; a new branch office has no riders", async () => {
    const shift = await createShift();
    await createDestination({ ...WORKPLACE });
    const context = await contextOf(shift.id);
    expect(context.riders).toEqual([]);
  });
});
