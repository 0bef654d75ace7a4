import {
  type PlanningContext,
  type PlanningProposal,
  type PlanParams,
  ROUTE_NAME_SHIFT_CHARS,
  ROUTE_NAME_ZONE_CHARS,
  type RouteListItem,
  routeNameShift,
  scheduleStops,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes, routeStops, routes, users } from "../../src/db/schema.js";
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
 * Issue 33, part 5: planned routes a manager can tell apart and bill. Generated names fit the
 * list's column and differ in what it shows; a planned route costs its supplier's rate (per trip,
 * per km, per vehicle type) instead of the average of the shift's routes, and apply says which
 * routes would be billed at $0.
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

async function contextOf(shiftId: number, destinationId: number): Promise<PlanningContext> {
  const response = await send(
    "GET",
    `${API.planning.context.path}?shiftId=${shiftId}&destinationId=${destinationId}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function propose(payload: object): Promise<PlanningProposal> {
  const response = await send("POST", API.planning.propose.path, { seconds: 1, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The Planning/apply body of a proposal (every route as proposed), for every day of the week. */
const applyBody = (shiftId: number, destinationId: number, proposal: PlanningProposal) => ({
  shiftId,
  destinationId,
  dayIds: [1, 2, 3, 4, 5, 6, 7],
  version: proposal.version,
  serviceMinutes: proposal.params.serviceMinutes,
  maxRideMinutes: proposal.params.maxRideMinutes,
  routes: proposal.routes.map((route) => ({
    routeId: route.routeId,
    name: route.name,
    driverId: route.driverId,
    seats: route.seats,
    stops: route.stops.map(({ name, address, latitude, longitude, employeeIds }) => ({
      name,
      address,
      latitude,
      longitude,
      employeeIds,
    })),
  })),
});

/** A supplier created through the API, with a rate (or none). */
async function supplierWith(rate: object) {
  const response = await send("POST", API.supplier.create.path, {
    name: unique("Transportes "),
    telephone: "(809) 555-0101",
    ...rate,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

const SECTORS = ["Naco", "Piantini", "Los Prados", "Evaristo Morales"];

describe("generated route names (issue 33)", () => {
  it("11 routes of a long-named shift: short, distinct where the list's column cuts them, unique in the shift; the list shows shift, driver, seats and stops", async () => {
    const shiftName = `Mañana Planta ${unique("")}`;
    const { office, shift, workplace } = await planningSetting({ calibrated: true, shiftName });
    const supplierId = await supplierWith({ rateType: "trip", rateAmount: 40 });
    const drivers = [];
    for (let i = 0; i < 11; i++) drivers.push(await createVehicleDriver(2, { supplierId }));
    const riders = [];
    for (let i = 0; i < 22; i++) {
      const sector = SECTORS[i % SECTORS.length] as string;
      const home = near(2 + (i % 11) * 0.7, i % 2 === 0 ? 1.5 : -1.5);
      riders.push(
        await createRider(office.id, home, { address: `Calle ${sector} Sur #${400 + i}, ${sector}` }),
      );
    }
    const proposal = await propose({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: riders.map((rider) => rider.id),
      driverIds: drivers.map((driver) => driver.id),
      maxRideMinutes: 120,
    });
    expect(proposal.unassigned).toEqual([]);
    expect(proposal.routes).toHaveLength(11);

    const names = proposal.routes.map((route) => route.name);
    const short = routeNameShift(shiftName);
    expect(short).toBe("Mañana Planta");
    // «<Turno> <n> · <zona>»: the number shows within the first characters, whatever the zone.
    const visible = ROUTE_NAME_SHIFT_CHARS + 4;
    for (const name of names) {
      expect(name).toMatch(new RegExp(`^${short} \\d{1,2}( · .+)?$`));
      expect(name.length).toBeLessThanOrEqual(ROUTE_NAME_SHIFT_CHARS + 4 + 3 + ROUTE_NAME_ZONE_CHARS);
    }
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(11);
    expect(new Set(names.map((name) => name.slice(0, visible))).size).toBe(11);
    // The zone is a neighbourhood of its stops, never a house number.
    for (const route of proposal.routes) {
      const zone = route.name.split(" · ")[1];
      expect(SECTORS).toContain(zone);
      for (const stop of route.stops) {
        expect(stop.name).not.toMatch(/#|\d{3}/);
        expect(stop.address ?? "").not.toMatch(/#|\d{3}/);
      }
    }
    // Every route costs the supplier's rate per trip.
    expect(proposal.routes.map((route) => route.cost)).toEqual(new Array(11).fill(40));

    const applied = await send("POST", API.planning.apply.path, applyBody(shift.id, workplace.id, proposal));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ created: 11, zeroCostRoutes: [] });

    const list = await send("GET", `${API.route.list.path}?shiftId=${shift.id}&amount=20&skip=1`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().list as RouteListItem[];
    expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
    const driverNames = new Set(drivers.map((driver) => `${driver.name} ${driver.lastname}`));
    for (const row of rows) {
      expect(row).toMatchObject({ shiftName, seats: 2, vehicleSeats: 2, amountStops: 2, cost: 40 });
      expect(driverNames.has(row.driverName ?? "")).toBe(true);
    }
  });
});

describe("a planned route's cost from its supplier's rate (issue 33)", () => {
  it("per trip, per km of the route, by vehicle type; without a rate $0 and apply names it; the trip bills that cost", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const [perTrip, perKm, byVehicle, none] = [
      await supplierWith({ rateType: "trip", rateAmount: 45 }),
      await supplierWith({ rateType: "km", rateAmount: 2.5 }),
      await supplierWith({ rateType: "vehicle", vehicleRates: { van: 35, minibus: 55 } }),
      await supplierWith({}),
    ];
    const drivers = {
      trip: await createVehicleDriver(10, { supplierId: perTrip }),
      km: await createVehicleDriver(10, { supplierId: perKm }),
      van: await createVehicleDriver(15, { supplierId: byVehicle }),
      minibus: await createVehicleDriver(20, { supplierId: byVehicle }),
      none: await createVehicleDriver(10, { supplierId: none }),
    };
    const riders = {
      trip: await createRider(office.id, near(6), { address: "Calle A #1, Naco" }),
      km: await createRider(office.id, near(8, 2), { address: "Calle B #2, Naco" }),
      van: await createRider(office.id, near(5, -2), { address: "Calle C #3, Naco" }),
      minibus: await createRider(office.id, near(7, -1), { address: "Calle D #4, Naco" }),
      none: await createRider(office.id, near(4, 1), { address: "Calle E #5, Naco" }),
    };
    const context = await contextOf(shift.id, workplace.id);
    const rateOf = (id: number) => context.drivers.find((driver) => driver.driverId === id)?.rate;
    expect(rateOf(drivers.km.id)).toEqual({
      rateType: "km",
      rateAmount: 2.5,
      vehicleRates: { car: null, van: null, minibus: null, bus: null },
    });
    expect(rateOf(drivers.van.id)?.vehicleRates).toMatchObject({ van: 35, minibus: 55 });

    // One proposal per driver and rider: each route is priced by its own supplier's rate.
    const kinds = ["trip", "km", "van", "minibus", "none"] as const;
    const proposals = new Map<(typeof kinds)[number], PlanningProposal>();
    for (const kind of kinds) {
      proposals.set(
        kind,
        await propose({
          shiftId: shift.id,
          destinationId: workplace.id,
          employeeIds: [riders[kind].id],
          driverIds: [drivers[kind].id],
        }),
      );
    }
    const routeOf = (kind: (typeof kinds)[number]) => {
      const route = proposals.get(kind)?.routes[0];
      if (!route) throw new Error(`no route for ${kind}`);
      return route;
    };
    const params = proposals.get("km")?.params as PlanParams;
    const km = Math.round(scheduleStops(routeOf("km").stops, params).km * 10) / 10;
    expect(km).toBeGreaterThan(5);
    const expected = { trip: 45, km: Math.round(2.5 * km * 100) / 100, van: 35, minibus: 55, none: 0 };
    for (const kind of kinds) expect(routeOf(kind).cost, kind).toBe(expected[kind]);

    // The five routes applied at once (names made distinct): stored at those costs; the $0 one is named.
    const plan = applyBody(shift.id, workplace.id, proposals.get("trip") as PlanningProposal);
    plan.routes = kinds.map((kind, i) => ({
      ...applyBody(shift.id, workplace.id, proposals.get(kind) as PlanningProposal).routes[0],
      name: `${shift.name} ${i + 1}`,
    })) as typeof plan.routes;
    const applied = await send("POST", API.planning.apply.path, plan);
    expect(applied.statusCode, applied.body).toBe(200);
    const body = applied.json() as {
      routeIds: number[];
      zeroCostRoutes: { routeId: number; name: string }[];
    };
    const noneId = body.routeIds[4] as number;
    expect(body.zeroCostRoutes).toEqual([{ routeId: noneId, name: `${shift.name} 5` }]);
    const { db } = await testDatabase();
    const stored = await db
      .select({ id: routes.id, cost: routes.cost })
      .from(routes)
      .where(inArray(routes.id, body.routeIds));
    const costOf = (id: number) => Number(stored.find((row) => row.id === id)?.cost);
    kinds.forEach((kind, i) => {
      expect(costOf(body.routeIds[i] as number), kind).toBe(expected[kind]);
    });
    // Planned stop names keep no house number either.
    const names = await db
      .select({ name: routeStops.name })
      .from(routeStops)
      .where(inArray(routeStops.routeId, body.routeIds));
    for (const { name } of names) expect(name).not.toMatch(/#|\d/);

    // The driver starts the per-km route: the trip freezes the route's cost, which the cuts bill.
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, drivers.km.userId));
    const session = await signIn(app, user?.email ?? "");
    const started = await send(
      "PUT",
      API.intermediateRoute.start.path,
      { routeId: body.routeIds[1] },
      session,
    );
    expect(started.statusCode, started.body).toBe(200);
    const tripId = started.json().intermediateRoute.id as number;
    const [trip] = await db
      .select({ cost: intermediateRoutes.cost })
      .from(intermediateRoutes)
      .where(eq(intermediateRoutes.id, tripId));
    expect(Number(trip?.cost)).toBe(expected.km);
  });

  it("a driver already on a route here and without a rate keeps that route's cost", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const none = await supplierWith({});
    const driver = await createVehicleDriver(10, { supplierId: none });
    const rider = await createRider(office.id, near(5));
    const first = await propose({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: [rider.id],
      driverIds: [driver.id],
    });
    const applied = await send("POST", API.planning.apply.path, applyBody(shift.id, workplace.id, first));
    expect(applied.json().zeroCostRoutes).toHaveLength(1);
    const routeId = applied.json().routeIds[0] as number;
    // The manager sets the route's cost on «Rutas Programadas»; planning again keeps it.
    const { db } = await testDatabase();
    await db.update(routes).set({ cost: "33.00" }).where(eq(routes.id, routeId));
    const again = await propose({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: [rider.id],
      driverIds: [driver.id],
    });
    expect(again.routes[0]).toMatchObject({ routeId, cost: 33 });
    const reapplied = await send("POST", API.planning.apply.path, applyBody(shift.id, workplace.id, again));
    expect(reapplied.statusCode, reapplied.body).toBe(200);
    expect(reapplied.json().zeroCostRoutes).toEqual([]);
  });
});
