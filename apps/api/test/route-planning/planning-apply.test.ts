import {
  PLAN_CHANGED_MESSAGE,
  type PlanningContext,
  type PlanParams,
  planFigures,
  scheduleStops,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { asc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  notifications,
  routeDays,
  routeDrivers,
  routeEmployees,
  routeStopRiders,
  routeStops,
  routes,
} from "../../src/db/schema.js";
import { clockOf } from "../../src/modules/notifications/rider-notices.js";
import { replaceStops } from "../../src/modules/route-stops/route-stops-repository.js";
import { recordRealtime } from "../helpers/operation-factories.js";
import { addDrivers, addRiders } from "../helpers/plan-factories.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const apply = (payload: object, headers: object = admin.headers) =>
  app.inject({
    method: "POST",
    url: API.planning.apply.path,
    headers: headers as Record<string, string>,
    payload,
  });
async function contextOf(shiftId: number, destinationId: number): Promise<PlanningContext> {
  const response = await app.inject({
    method: "GET",
    url: `${API.planning.context.path}?shiftId=${shiftId}&destinationId=${destinationId}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Point = { latitude: number; longitude: number };
const stop = (name: string, point: Point, employeeIds: number[]) => ({
  name,
  address: `${name} 1`,
  ...point,
  employeeIds,
});

/**
 * A shift at 08:00 (Entrada) to a workplace with two routes: «A» (driver dA, riders a and b at one
 * hand-drawn stop) and «B» (driver dB, rider c, no stops); rider d has no route yet.
 */
async function scenario() {
  const { office, shift, workplace } = await planningSetting({ calibrated: true });
  const routeA = await createRoute({ destinationId: workplace.id, shiftId: shift.id, cost: "30.00" });
  const routeB = await createRoute({ destinationId: workplace.id, shiftId: shift.id, cost: "20.00" });
  const [a, b, c, d] = [
    await createRider(office.id, near(5), { name: "Ana" }),
    await createRider(office.id, near(6), { name: "Beto" }),
    await createRider(office.id, near(7, 1), { name: "Carla" }),
    await createRider(office.id, near(4, -1), { name: "Dario" }),
  ] as const;
  const [dA, dB, dC] = [
    await createVehicleDriver(10),
    await createVehicleDriver(10),
    await createVehicleDriver(6),
  ] as const;
  await addRiders(routeA.id, [a.id, b.id]);
  await addRiders(routeB.id, [c.id]);
  await addDrivers(routeA.id, [dA.id]);
  await addDrivers(routeB.id, [dB.id]);
  const { db } = await testDatabase();
  await db.transaction((tx) =>
    replaceStops(
      tx,
      routeA.id,
      [
        {
          position: 1,
          name: "Esquina",
          address: null,
          ...near(5.5),
          plannedTime: "07:20",
          employeeIds: [a.id, b.id],
        },
      ],
      new Date(),
    ),
  );
  const context = await contextOf(shift.id, workplace.id);
  return {
    office,
    shift,
    workplace,
    routeA,
    routeB,
    riders: { a, b, c, d },
    drivers: { dA, dB, dC },
    context,
  };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

/** Keeps A (driver dA) with a and d at two stops; a new route with dC takes b and c; B is left out. */
function planOne(s: Scenario) {
  const { a, b, c, d } = s.riders;
  return {
    shiftId: s.shift.id,
    destinationId: s.workplace.id,
    dayIds: [1, 2, 3, 4, 5],
    version: s.context.version,
    routes: [
      {
        routeId: s.routeA.id,
        name: s.routeA.name,
        driverId: s.drivers.dA.id,
        seats: 10,
        stops: [stop("Parque", near(5), [a.id]), stop("Colmado", near(4, -1), [d.id])],
      },
      {
        routeId: null,
        name: `${s.shift.name} nueva`,
        driverId: s.drivers.dC.id,
        seats: 6,
        stops: [stop("Iglesia", near(7, 1), [c.id]), stop("Escuela", near(6), [b.id])],
      },
    ],
  };
}

/** Everything on the shift's routes, as stored. */
async function stored(routeIds: number[]) {
  const { db } = await testDatabase();
  const [routeRows, riders, drivers, stops, stopRiders, days] = await Promise.all([
    db.select().from(routes).where(inArray(routes.id, routeIds)).orderBy(asc(routes.id)),
    db.select().from(routeEmployees).where(inArray(routeEmployees.routeId, routeIds)),
    db.select().from(routeDrivers).where(inArray(routeDrivers.routeId, routeIds)),
    db
      .select()
      .from(routeStops)
      .where(inArray(routeStops.routeId, routeIds))
      .orderBy(asc(routeStops.position)),
    db.select().from(routeStopRiders).where(inArray(routeStopRiders.routeId, routeIds)),
    db.select().from(routeDays).where(inArray(routeDays.routeId, routeIds)),
  ]);
  const of = <T extends { routeId: number }>(rows: T[], id: number) =>
    rows.filter((row) => row.routeId === id);
  return routeIds.map((id) => ({
    route: routeRows.find((row) => row.id === id),
    riders: of(riders, id)
      .map((row) => row.employeeId)
      .sort((x, y) => x - y),
    drivers: of(drivers, id).map((row) => row.driverId),
    stops: of(stops, id).map((row) => ({
      name: row.name,
      plannedTime: row.plannedTime.slice(0, 5),
      riders: of(stopRiders, id)
        .filter((rider) => rider.stopId === row.id)
        .map((rider) => rider.employeeId),
    })),
    days: of(days, id)
      .map((row) => row.dayId)
      .sort(),
  }));
}

const times = (points: Point[], params: PlanParams) =>
  scheduleStops(points, params).stops.map((scheduled) => scheduled.plannedTime);

describe("POST /api/v1/Planning/apply", () => {
  it("writes the plan in one go: routes, riders, driver, stops with planned times; deactivates the rest; notifies who changed", async () => {
    const s = await scenario();
    const { a, b, c, d } = s.riders;
    const events = recordRealtime(app);
    const plan = planOne(s);
    const response = await apply(plan);
    events.stop();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: "Plan aplicado",
      created: 1,
      updated: 1,
      deactivated: 1,
      notified: 4,
    });
    const [keptId, newId] = body.routeIds as [number, number];
    expect(keptId).toBe(s.routeA.id);
    expect(body.zeroCostRoutes).toEqual([{ routeId: newId, name: `${s.shift.name} nueva` }]);

    const [kept, created, retired] = await stored([keptId, newId, s.routeB.id]);
    const params = s.context.params;
    const keptTimes = times([near(5), near(4, -1)], params);
    expect(kept?.route).toMatchObject({ status: "active", shiftId: s.shift.id, seats: 10, cost: "30.00" });
    expect(kept?.route?.departureTime?.slice(0, 5)).toBe(keptTimes[0]);
    expect(kept).toMatchObject({
      riders: [a.id, d.id].sort((x, y) => x - y),
      drivers: [s.drivers.dA.id],
      days: [1, 2, 3, 4, 5],
      stops: [
        { name: "Parque", plannedTime: keptTimes[0], riders: [a.id] },
        { name: "Colmado", plannedTime: keptTimes[1], riders: [d.id] },
      ],
    });
    const createdTimes = times([near(7, 1), near(6)], params);
    expect(created?.route).toMatchObject({
      name: `${s.shift.name} nueva`,
      destinationId: s.workplace.id,
      shiftId: s.shift.id,
      seats: 6,
      // dC drives no route of the shift here and its supplier has no rate: $0 (issue 33), and told.
      cost: "0.00",
      status: "active",
    });
    expect(created).toMatchObject({
      riders: [b.id, c.id].sort((x, y) => x - y),
      drivers: [s.drivers.dC.id],
      stops: [
        { name: "Iglesia", plannedTime: createdTimes[0], riders: [c.id] },
        { name: "Escuela", plannedTime: createdTimes[1], riders: [b.id] },
      ],
    });
    expect(retired).toMatchObject({ riders: [], stops: [] });
    expect(retired?.route?.status).toBe("inactive");

    // Each rider whose route or stop changed has a notification of their own, pushed to them.
    const { db } = await testDatabase();
    const rows = await db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [a.user.id, b.user.id, c.user.id, d.user.id]));
    expect(rows).toHaveLength(4);
    const toAna = rows.find((row) => row.userId === a.user.id);
    expect(toAna).toMatchObject({ title: "Tu ruta cambió", tag: "ASSIGNED" });
    // «nueva parada «Parque» a las 7:18 a. m. (ruta …)»: the time as Treiber App shows it.
    const newStop = (name: string, time: string | undefined, route: string) =>
      `Tu ruta cambió: nueva parada «${name}» a las ${clockOf(time ?? "")} (ruta ${route})`;
    const messageOf = (userId: number) => rows.find((row) => row.userId === userId)?.message;
    expect(messageOf(a.user.id)).toBe(newStop("Parque", keptTimes[0], s.routeA.name));
    expect(messageOf(d.user.id)).toBe(newStop("Colmado", keptTimes[1], s.routeA.name));
    expect(messageOf(c.user.id)).toBe(newStop("Iglesia", createdTimes[0], `${s.shift.name} nueva`));
    expect(messageOf(b.user.id)).toBe(newStop("Escuela", createdTimes[1], `${s.shift.name} nueva`));
    expect(messageOf(a.user.id)).toMatch(
      /^Tu ruta cambió: nueva parada «Parque» a las \d{1,2}:\d{2} [ap]\. m\. \(ruta /,
    );
    const pushed = events.events.filter((event) => event.target === "ReceiveNotification");
    expect(pushed.map((event) => event.audience)).toEqual(
      expect.arrayContaining([a, b, c, d].map((rider) => ({ kind: "user", userId: rider.user.id }))),
    );

    // The plan is now the current one, with the figures the proposal would show.
    const after = await contextOf(s.shift.id, s.workplace.id);
    expect(after.version).not.toBe(s.context.version);
    expect(after.current.routes.map((route) => route.routeId).sort()).toEqual([keptId, newId].sort());
    expect(after.current.figures).toEqual(planFigures(after.current.routes, after.params));
    expect(after.current.figures).toMatchObject({ vehicles: 2, riders: 4 });

    // Applying the same version again: it changed.
    const again = await apply(plan);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PLAN_CHANGED_MESSAGE);
  });

  it("two admins applying from the same version at once: one wins, the other gets 409, only the winner's plan is stored", async () => {
    const s = await scenario();
    const other = await signedInAs(app, "SuperAdmin");
    const first = planOne(s);
    const second = {
      ...planOne(s),
      routes: [
        {
          routeId: s.routeB.id,
          name: s.routeB.name,
          driverId: s.drivers.dB.id,
          seats: 10,
          stops: [
            stop(
              "Todos",
              near(5),
              Object.values(s.riders).map((rider) => rider.id),
            ),
          ],
        },
      ],
    };
    const responses = await Promise.all([apply(first), apply(second, other.headers)]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = responses.find((response) => response.statusCode === 409);
    expect(loser?.json().message).toBe(PLAN_CHANGED_MESSAGE);

    const firstWon = responses[0]?.statusCode === 200;
    const context = await contextOf(s.shift.id, s.workplace.id);
    const current = context.current.routes;
    if (firstWon) {
      expect(current.map((route) => route.name).sort()).toEqual(
        [s.routeA.name, `${s.shift.name} nueva`].sort(),
      );
    } else {
      expect(current.map((route) => route.routeId)).toEqual([s.routeB.id]);
      expect(current[0]?.stops.map((st) => st.name)).toEqual(["Todos"]);
    }
    // Nothing of the loser's plan: no route of its own, no stop of its.
    const { db } = await testDatabase();
    const names = (
      await db.select({ name: routes.name }).from(routes).where(eq(routes.shiftId, s.shift.id))
    ).map((row) => row.name);
    expect(names.includes(`${s.shift.name} nueva`)).toBe(firstWon);
    const allStops = await db
      .select({ name: routeStops.name })
      .from(routeStops)
      .where(inArray(routeStops.routeId, [s.routeA.id, s.routeB.id]));
    expect(allStops.some((row) => row.name === "Todos")).toBe(!firstWon);
  });

  it("a stale version gets 409 and nothing is written", async () => {
    const s = await scenario();
    const before = await stored([s.routeA.id, s.routeB.id]);
    // Another admin puts a rider on route B after this admin read the context.
    await addRiders(s.routeB.id, [s.riders.d.id]);
    const changed = await stored([s.routeA.id, s.routeB.id]);
    const response = await apply(planOne(s));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PLAN_CHANGED_MESSAGE);
    expect(await stored([s.routeA.id, s.routeB.id])).toEqual(changed);
    expect(changed[0]).toEqual(before[0]);
    const { db } = await testDatabase();
    const created = await db
      .select()
      .from(routes)
      .where(eq(routes.name, `${s.shift.name} nueva`));
    expect(created).toEqual([]);
  });

  it("400 naming the route: more riders than seats, a rider twice, a stranger, a route of another shift, an inactive driver", async () => {
    const s = await scenario();
    const plan = planOne(s);
    const withRoute = (index: number, change: object) => ({
      ...plan,
      routes: plan.routes.map((route, i) => (i === index ? { ...route, ...change } : route)),
    });

    const tooFew = await apply(withRoute(1, { seats: 1 }));
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().errors["routes.1.seats"]).toBe(
      `La ruta ${s.shift.name} nueva tiene 1 asientos y 2 colaboradores`,
    );

    const twice = await apply(withRoute(1, { stops: [stop("Iglesia", near(7), [s.riders.a.id])] }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain("está más de una vez en el plan");

    const stranger = await createRider((await planningSetting()).office.id, near(3));
    const foreign = await apply(withRoute(1, { stops: [stop("Iglesia", near(7), [stranger.id])] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors["routes.1.stops.0.employeeIds.0"]).toContain("no es un colaborador activo");

    const elsewhere = await createRoute();
    const notOurs = await apply(withRoute(1, { routeId: elsewhere.id }));
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().errors["routes.1.routeId"]).toContain("no es una ruta activa de este turno");

    const gone = await createVehicleDriver(10, { status: "inactive" });
    const inactive = await apply(withRoute(1, { driverId: gone.id }));
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors["routes.1.driverId"]).toContain("no existe o está inactivo");

    const taken = await createRoute();
    const duplicate = await apply(withRoute(1, { name: taken.name }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors["routes.1.name"]).toContain(taken.name);

    const empty = await apply({ ...plan, routes: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("La propuesta no tiene rutas");

    // None of it wrote anything: the version still holds.
    expect((await contextOf(s.shift.id, s.workplace.id)).version).toBe(s.context.version);
    const collaborator = await signedInAs(app, "Collaborator");
    expect((await apply(plan, collaborator.headers)).statusCode).toBe(403);
  });
});
