import {
  NOT_ASSIGNED_MESSAGE,
  ONE_TRIP_IN_PROGRESS_MESSAGE,
  OTHER_SUPPLIER_MESSAGE,
  REQUIRED_MESSAGE,
  ROUTE_INACTIVE_MESSAGE,
  ROUTE_NOT_SCHEDULED_ALREADY_RAN_MESSAGE,
  START_TARGET_MESSAGE,
  TRIP_FINISHED_MESSAGE,
} from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  comments,
  intermediateRoutes,
  transportServices,
  tripPositions,
  users,
} from "../../src/db/schema.js";
import {
  insertTrip,
  recordRealtime,
  routeNotScheduledOf,
  routeWith,
  signedInCollaborator,
  signedInDriver,
} from "../helpers/operation-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  session: SignedIn | undefined,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...session?.headers, ...headers },
    ...(payload && { payload }),
  });

const start = (session: SignedIn, body: object) =>
  call("PUT", API.intermediateRoute.start.path, session, body);
const end = (session: SignedIn, intermediateRouteId: number) =>
  call("PUT", API.intermediateRoute.end.path, session, { intermediateRouteId });

async function driverOnRoute(options: { cost?: string } = {}) {
  const driver = await signedInDriver(app);
  const route = await routeWith({ driverIds: [driver.driver.id], cost: options.cost });
  return { ...driver, route };
}

async function tripsOfDriver(driverId: number) {
  const { db } = await testDatabase();
  return db.select().from(intermediateRoutes).where(eq(intermediateRoutes.driverId, driverId));
}

describe("PUT /api/v1/IntermediateRoute/Start", () => {
  it("starts an assigned route with the cost snapshot and lists it as in progress", async () => {
    const { session, driver, supplier, route } = await driverOnRoute({ cost: "42.50" });
    const response = await start(session, { routeId: route.id });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe("Ruta iniciada");
    expect(body.intermediateRoute).toMatchObject({
      routeId: route.id,
      routeNotScheduledId: null,
      routeName: route.name,
      driverId: driver.id,
      driverName: "Juan",
      driverLastname: "Pérez",
      supplierId: supplier.id,
      supplierName: supplier.name,
      status: "InProgress",
      endedDate: null,
      cost: 42.5,
      amountCollaborators: 0,
      amountCanceled: 0,
    });
    const id = body.intermediateRoute.id;

    const current = await call(
      "GET",
      `${API.intermediateRoute.currentList.path}?criterion=${encodeURIComponent(route.name)}`,
      admin,
    );
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({
      amount: 1,
      list: [expect.objectContaining({ id, routeName: route.name })],
    });

    const active = await call("GET", API.intermediateRoute.listActive.path, admin);
    expect(active.statusCode).toBe(200);
    expect(active.json().response).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, routeName: route.name, driverId: driver.id })]),
    );

    // A driver only sees its own trip in progress.
    const mine = await call("GET", API.intermediateRoute.listActive.path, session);
    expect(mine.json().response.map((trip: { id: number }) => trip.id)).toEqual([id]);
    const mineList = await call("GET", API.intermediateRoute.currentList.path, session);
    expect(mineList.json()).toEqual({ amount: 1, list: [expect.objectContaining({ id })] });
  });

  it("starts the driver's own not-scheduled route and refuses another driver's", async () => {
    const { session, driver, supplier } = await signedInDriver(app);
    const rns = await routeNotScheduledOf(driver.id);
    const colleague = await signedInDriver(app, { supplierId: supplier.id });
    const stranger = await signedInDriver(app);

    const byColleague = await start(colleague.session, { routeNotScheduledId: rns.id });
    expect(byColleague.statusCode).toBe(403);
    expect(byColleague.json().message).toBe(NOT_ASSIGNED_MESSAGE);
    const byStranger = await start(stranger.session, { routeNotScheduledId: rns.id });
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json().message).toBe(OTHER_SUPPLIER_MESSAGE);

    const response = await start(session, { routeNotScheduledId: rns.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().intermediateRoute).toMatchObject({
      routeId: null,
      routeNotScheduledId: rns.id,
      routeName: rns.name,
      cost: 75,
    });
  });

  it("runs a not-scheduled route once: a second Start, in progress or after it finished, is refused", async () => {
    const { session, driver } = await signedInDriver(app);
    const rns = await routeNotScheduledOf(driver.id);
    const startable = async () =>
      (await call("GET", API.intermediateRoute.driverRoutes.path, session))
        .json()
        .response.map((route: { routeNotScheduledId?: number | null }) => route.routeNotScheduledId);
    expect(await startable()).toContain(rns.id);
    const first = await start(session, { routeNotScheduledId: rns.id });
    expect(first.statusCode, first.body).toBe(200);
    // Once started it is no longer offered to start.
    expect(await startable()).not.toContain(rns.id);
    const again = await start(session, { routeNotScheduledId: rns.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ROUTE_NOT_SCHEDULED_ALREADY_RAN_MESSAGE);
    expect((await end(session, first.json().intermediateRoute.id)).statusCode).toBe(200);
    const afterEnd = await start(session, { routeNotScheduledId: rns.id });
    expect(afterEnd.statusCode).toBe(409);
    expect(afterEnd.json().message).toBe(ROUTE_NOT_SCHEDULED_ALREADY_RAN_MESSAGE);
    expect(
      (await tripsOfDriver(driver.id)).filter((trip) => trip.routeNotScheduledId === rns.id),
    ).toHaveLength(1);
  });

  it("refuses a second trip in progress for the same driver", async () => {
    const { session, driver, route } = await driverOnRoute();
    const other = await routeWith({ driverIds: [driver.id] });
    expect((await start(session, { routeId: route.id })).statusCode).toBe(200);
    const second = await start(session, { routeId: other.id });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ statusCode: 409, message: ONE_TRIP_IN_PROGRESS_MESSAGE });
    expect(await tripsOfDriver(driver.id)).toHaveLength(1);
  });

  it("refuses a driver deactivated after signing in", async () => {
    const { session, user, driver, route } = await driverOnRoute();
    const { db } = await testDatabase();
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    // Its access token is still unexpired, but the access hook reads the user's status.
    const refused = await start(session, { routeId: route.id });
    expect(refused.statusCode).toBe(401);
    expect(await tripsOfDriver(driver.id)).toHaveLength(0);
  });

  it("creates exactly one trip under five concurrent Starts", async () => {
    const { session, driver, route } = await driverOnRoute();
    const others = await Promise.all([1, 2].map(() => routeWith({ driverIds: [driver.id] })));
    const targets = [route.id, route.id, others[0]?.id, others[1]?.id, route.id];
    const responses = await Promise.all(targets.map((routeId) => start(session, { routeId })));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe(ONE_TRIP_IN_PROGRESS_MESSAGE);
    }
    expect(await tripsOfDriver(driver.id)).toHaveLength(1);
  });

  it("refuses an inactive route, an unassigned route and another supplier's route", async () => {
    const { session, driver, supplier } = await signedInDriver(app);
    const inactive = await routeWith({ driverIds: [driver.id], status: "inactive" });
    const refusedInactive = await start(session, { routeId: inactive.id });
    expect(refusedInactive.statusCode).toBe(409);
    expect(refusedInactive.json().message).toBe(ROUTE_INACTIVE_MESSAGE);

    const colleague = await signedInDriver(app, { supplierId: supplier.id });
    const colleagueRoute = await routeWith({ driverIds: [colleague.driver.id] });
    const notAssigned = await start(session, { routeId: colleagueRoute.id });
    expect(notAssigned.statusCode).toBe(403);
    expect(notAssigned.json().message).toBe(NOT_ASSIGNED_MESSAGE);

    const stranger = await signedInDriver(app);
    const strangerRoute = await routeWith({ driverIds: [stranger.driver.id] });
    const otherSupplier = await start(session, { routeId: strangerRoute.id });
    expect(otherSupplier.statusCode).toBe(403);
    expect(otherSupplier.json().message).toBe(OTHER_SUPPLIER_MESSAGE);

    expect(await tripsOfDriver(driver.id)).toHaveLength(0);
  });

  it("answers 401, 403, 400 and 404 as it should", async () => {
    const { session } = await signedInDriver(app);
    const collaborator = await signedInCollaborator(app);
    expect((await call("PUT", API.intermediateRoute.start.path, undefined, { routeId: 1 })).statusCode).toBe(
      401,
    );
    expect((await start(admin, { routeId: 1 })).statusCode).toBe(403);
    expect((await start(collaborator.session, { routeId: 1 })).statusCode).toBe(403);

    const empty = await start(session, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(START_TARGET_MESSAGE);
    const both = await start(session, { routeId: 1, routeNotScheduledId: 1 });
    expect(both.statusCode).toBe(400);
    const bad = await start(session, { routeId: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.routeId).toBe("Identificador inválido");

    const unknown = await start(session, { routeId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Ruta no encontrada");
    const unknownRns = await start(session, { routeNotScheduledId: 2_000_000_000 });
    expect(unknownRns.statusCode).toBe(404);
  });
});

describe("PUT /api/v1/IntermediateRoute/End", () => {
  it("finishes the trip, pushes FinishIntermediateRoute to its group and refuses a second End", async () => {
    const { session, driver, route } = await driverOnRoute();
    const id = (await start(session, { routeId: route.id })).json().intermediateRoute.id;
    const recorder = recordRealtime(app);
    const response = await end(session, id);
    recorder.stop();
    expect(response.statusCode).toBe(200);
    const trip = response.json().intermediateRoute;
    expect(response.json().message).toBe("Ruta finalizada");
    expect(trip).toMatchObject({ id, status: "Finished" });
    expect(new Date(trip.endedDate).getTime()).toBeGreaterThanOrEqual(new Date(trip.startedDate).getTime());

    const finish = recorder.events.filter((event) => event.target === "FinishIntermediateRoute");
    expect(finish).toHaveLength(1);
    expect(finish[0]?.args).toEqual([
      { intermediateRouteId: id, driverId: driver.id, endedDate: trip.endedDate },
    ]);
    const audience = finish[0]?.audience;
    expect(audience?.kind).toBe("many");
    if (audience?.kind === "many") {
      expect(audience.audiences).toContainEqual({ kind: "group", name: `intermediate-group-${id}` });
    }

    const again = await end(session, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRIP_FINISHED_MESSAGE);
    expect((await call("GET", apiPath(API.intermediateRoute.current, { id }), admin)).statusCode).toBe(404);
    // Once finished, the driver may start again.
    expect((await start(session, { routeId: route.id })).statusCode).toBe(200);
  });

  it("lets an admin end any trip, refuses another driver, and answers 400/404", async () => {
    const { session, route } = await driverOnRoute();
    const id = (await start(session, { routeId: route.id })).json().intermediateRoute.id;
    const other = await signedInDriver(app);
    const collaborator = await signedInCollaborator(app);
    expect((await end(other.session, id)).statusCode).toBe(403);
    expect((await end(collaborator.session, id)).statusCode).toBe(403);
    expect(
      (await call("PUT", API.intermediateRoute.end.path, undefined, { intermediateRouteId: id })).statusCode,
    ).toBe(401);
    const missing = await call("PUT", API.intermediateRoute.end.path, session, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.intermediateRouteId).toBe(REQUIRED_MESSAGE);
    expect((await end(session, 2_000_000_000)).statusCode).toBe(404);
    expect((await end(admin, id)).statusCode).toBe(200);
  });
});

describe("GET current/{id} and detail", () => {
  it("returns the trail, riders and comments; a driver only its own trip", async () => {
    const { session, driver, route } = await driverOnRoute();
    const ana = await signedInCollaborator(app, { name: "Ana", lastname: "Féliz" });
    const id = (await start(session, { routeId: route.id })).json().intermediateRoute.id;
    const { db } = await testDatabase();
    await db.insert(tripPositions).values([
      {
        intermediateRouteId: id,
        latitude: 18.47,
        longitude: -69.93,
        recordedAt: new Date(Date.now() - 60_000),
      },
      { intermediateRouteId: id, latitude: 18.48, longitude: -69.92, heading: 90, speed: 30 },
    ]);
    await db.insert(transportServices).values({
      intermediateRouteId: id,
      employeeId: ana.employee.id,
      status: "Boarded",
      scannedAt: new Date(),
    });
    await db
      .insert(comments)
      .values({ intermediateRouteId: id, employeeId: ana.employee.id, text: "Muy puntual" });

    for (const url of [
      apiPath(API.intermediateRoute.current, { id }),
      `${API.intermediateRoute.detail.path}?intermediateRouteId=${id}`,
    ]) {
      const response = await call("GET", url, admin);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ id, driverId: driver.id, routeName: route.name, amountCollaborators: 1 });
      expect(body.positions.map((p: { latitude: number }) => p.latitude)).toEqual([18.47, 18.48]);
      expect(body.riders).toEqual([
        expect.objectContaining({
          employeeId: ana.employee.id,
          name: "Ana",
          lastname: "Féliz",
          status: "Boarded",
        }),
      ]);
      expect(body.comments).toEqual([
        expect.objectContaining({ employeeId: ana.employee.id, comment: "Muy puntual" }),
      ]);
      expect(body.destinationName).toEqual(expect.any(String));
    }
    expect((await call("GET", apiPath(API.intermediateRoute.current, { id }), session)).statusCode).toBe(200);
    const other = await signedInDriver(app);
    expect(
      (await call("GET", apiPath(API.intermediateRoute.current, { id }), other.session)).statusCode,
    ).toBe(403);
    expect(
      (await call("GET", `${API.intermediateRoute.detail.path}?intermediateRouteId=${id}`, ana.session))
        .statusCode,
    ).toBe(403);
    expect((await call("GET", apiPath(API.intermediateRoute.current, { id }), undefined)).statusCode).toBe(
      401,
    );
    expect(
      (await call("GET", apiPath(API.intermediateRoute.current, { id: 2000000000 }), admin)).statusCode,
    ).toBe(404);
    const notFound = await call(
      "GET",
      `${API.intermediateRoute.detail.path}?intermediateRouteId=2000000000`,
      admin,
    );
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe("Ruta intermedia no encontrada");
    const bad = await call("GET", apiPath(API.intermediateRoute.current, { id: "abc" }), admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Identificador inválido");
    expect((await call("GET", API.intermediateRoute.detail.path, admin)).statusCode).toBe(400);
  });
});

describe("GET /api/v1/IntermediateRoute/history", () => {
  it("filters finished trips by driver, route and whole local days of the GMT header", async () => {
    const { driver, supplier } = await signedInDriver(app);
    const route = await routeWith({ driverIds: [driver.id] });
    const otherRoute = await routeWith({ driverIds: [driver.id] });
    // 23:30 on 03/09 and 00:30 on 03/10 in UTC-4 (GMT header 4).
    const lateEvening = await insertTrip({
      driverId: driver.id,
      supplierId: supplier.id,
      routeId: route.id,
      startedAt: new Date("2026-03-10T03:30:00Z"),
    });
    const earlyMorning = await insertTrip({
      driverId: driver.id,
      supplierId: supplier.id,
      routeId: otherRoute.id,
      startedAt: new Date("2026-03-10T04:30:00Z"),
    });
    await insertTrip({
      driverId: driver.id,
      supplierId: supplier.id,
      routeId: route.id,
      startedAt: new Date("2026-03-10T05:00:00Z"),
      endedAt: null,
    });
    const history = async (query: string, gmt = "4") => {
      const response = await call(
        "GET",
        `${API.intermediateRoute.history.path}?driverId=${driver.id}&${query}`,
        admin,
        undefined,
        { gmt },
      );
      expect(response.statusCode).toBe(200);
      return response.json() as { amount: number; data: { id: number }[] };
    };
    const ids = (body: { data: { id: number }[] }) => body.data.map((trip) => trip.id);

    expect(ids(await history("sinceDate=03/09/2026&untilDate=03/09/2026"))).toEqual([lateEvening.id]);
    expect(ids(await history("sinceDate=03/10/2026&untilDate=03/10/2026"))).toEqual([earlyMorning.id]);
    expect(ids(await history("sinceDate=03/10/2026&untilDate=03/10/2026", "0"))).toEqual([
      earlyMorning.id,
      lateEvening.id,
    ]);
    // East of UTC (UTC+5:30): both are on 03/10 local.
    expect((await history("sinceDate=03/10/2026&untilDate=03/10/2026", "-5.5")).amount).toBe(2);
    expect(ids(await history(`routeId=${route.id}&sinceDate=03/01/2026&untilDate=03/31/2026`))).toEqual([
      lateEvening.id,
    ]);
    // routeId 0 and no dates mean all; page size 5 by default; skip is the 1-based page.
    const all = await history("routeId=0");
    expect(all.amount).toBe(2);
    const page2 = await history("amount=1&skip=2");
    expect(page2).toMatchObject({ amount: 2, data: [{ id: lateEvening.id }] });
    expect(page2.data[0]).toMatchObject({
      status: "Finished",
      routeName: route.name,
      supplierName: supplier.name,
    });
  });

  it("validates its query and roles", async () => {
    const { session } = await signedInDriver(app);
    const badDate = await call("GET", `${API.intermediateRoute.history.path}?sinceDate=2026-03-01`, admin);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe("Fecha inválida (formato MM/DD/YYYY)");
    const inverted = await call(
      "GET",
      `${API.intermediateRoute.history.path}?sinceDate=03/02/2026&untilDate=03/01/2026`,
      admin,
    );
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toBe("La fecha inicial no puede ser posterior a la final");
    expect((await call("GET", `${API.intermediateRoute.history.path}?skip=0`, admin)).statusCode).toBe(400);
    expect((await call("GET", `${API.intermediateRoute.history.path}?driverId=-1`, admin)).statusCode).toBe(
      400,
    );
    expect(
      (await call("GET", API.intermediateRoute.history.path, admin, undefined, { gmt: "x" })).statusCode,
    ).toBe(400);
    expect((await call("GET", API.intermediateRoute.history.path, session)).statusCode).toBe(403);
    expect((await call("GET", API.intermediateRoute.history.path, undefined)).statusCode).toBe(401);
  });
});

describe("GET /api/v1/IntermediateRoute/comments/{intermediateRouteId}/{employeeId}", () => {
  it("returns one collaborator's comments on a trip", async () => {
    const { driver, supplier } = await signedInDriver(app);
    const route = await routeWith({ driverIds: [driver.id] });
    const trip = await insertTrip({
      driverId: driver.id,
      supplierId: supplier.id,
      routeId: route.id,
      startedAt: new Date(),
    });
    const ana = await signedInCollaborator(app);
    const beto = await signedInCollaborator(app, { name: "Beto" });
    const { db } = await testDatabase();
    await db.insert(comments).values([
      { intermediateRouteId: trip.id, employeeId: ana.employee.id, text: "Llegó tarde" },
      { intermediateRouteId: trip.id, employeeId: beto.employee.id, text: "Todo bien" },
    ]);
    const url = apiPath(API.intermediateRoute.comments, {
      intermediateRouteId: trip.id,
      employeeId: ana.employee.id,
    });
    const response = await call("GET", url, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        intermediateRouteId: trip.id,
        employeeId: ana.employee.id,
        name: "Ana",
        comment: "Llegó tarde",
      }),
    ]);
    expect((await call("GET", url, ana.session)).statusCode).toBe(403);
    expect((await call("GET", url, undefined)).statusCode).toBe(401);
    expect(
      (
        await call(
          "GET",
          apiPath(API.intermediateRoute.comments, {
            intermediateRouteId: 2000000000,
            employeeId: ana.employee.id,
          }),
          admin,
        )
      ).statusCode,
    ).toBe(404);
    const noEmployee = await call(
      "GET",
      apiPath(API.intermediateRoute.comments, { intermediateRouteId: trip.id, employeeId: 2000000000 }),
      admin,
    );
    expect(noEmployee.statusCode).toBe(404);
    expect(noEmployee.json().message).toBe("Colaborador no encontrado");
    expect(
      (
        await call(
          "GET",
          apiPath(API.intermediateRoute.comments, { intermediateRouteId: trip.id, employeeId: "x" }),
          admin,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe("GET /api/v1/IntermediateRoute/driverRoutes", () => {
  it("lists the routes a driver may start", async () => {
    const { session, driver } = await signedInDriver(app);
    const route = await routeWith({ driverIds: [driver.id] });
    await routeWith({ driverIds: [driver.id], status: "inactive" });
    const rns = await routeNotScheduledOf(driver.id, { scheduledAt: new Date(Date.now() + 3_600_000) });
    await routeNotScheduledOf(driver.id, { scheduledAt: new Date(Date.now() - 3 * 86_400_000) });
    const response = await call("GET", API.intermediateRoute.driverRoutes.path, session);
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toEqual([
      expect.objectContaining({
        routeId: route.id,
        routeNotScheduledId: null,
        name: route.name,
        departureTime: "07:30",
      }),
      expect.objectContaining({ routeId: null, routeNotScheduledId: rns.id, name: rns.name }),
    ]);
    expect((await call("GET", API.intermediateRoute.driverRoutes.path, admin)).statusCode).toBe(403);
  });
});

describe("roles of the trip lists", () => {
  it("keeps collaborators out and validates paging", async () => {
    const collaborator = await signedInCollaborator(app);
    for (const url of [API.intermediateRoute.currentList.path, API.intermediateRoute.listActive.path]) {
      expect((await call("GET", url, collaborator.session)).statusCode).toBe(403);
      expect((await call("GET", url, undefined)).statusCode).toBe(401);
    }
    const bad = await call("GET", `${API.intermediateRoute.currentList.path}?amount=1000`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Máximo 100 por página");
  });

  it("keeps unrelated trips out of a criterion search", async () => {
    const response = await call(
      "GET",
      `${API.intermediateRoute.currentList.path}?criterion=zz-no-such-route-zz`,
      admin,
    );
    expect(response.json()).toEqual({ amount: 0, list: [] });
  });
});
