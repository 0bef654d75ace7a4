import { API, apiPath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replaceStops } from "../../src/modules/route-stops/route-stops-repository.js";
import {
  routeNotScheduledOf,
  routeWith,
  signedInCollaborator,
  signedInDriver,
} from "../helpers/operation-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase, unique } from "../helpers/test-app.js";

/**
 * Issue 21 finding 3: what a collaborator sees of a trip it rides is what a rider needs (the bus,
 * the driver, the route, its own state, counts), never another rider's name, code, state or
 * cancellation comment, the trip's comments or its cost; admins and the trip's driver see it whole.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const call = (method: "GET" | "POST" | "PUT", url: string, session: SignedIn, payload?: object) =>
  app.inject({ method, url, headers: { ...session.headers, gmt: "0" }, ...(payload && { payload }) });

const RIDER_VIEW_KEYS = [
  "amountCanceled",
  "amountCollaborators",
  "amountExpected",
  "destinationLatitude",
  "destinationLongitude",
  "destinationName",
  "driverId",
  "driverImage",
  "driverLastname",
  "driverName",
  "endedDate",
  "id",
  "lastLatitude",
  "lastLongitude",
  "lastPositionDate",
  "myStatus",
  "positions",
  "routeId",
  "routeName",
  "routeNotScheduledId",
  "startedDate",
  "status",
  // The points of the stops before its own, rounded to ~100 m (decision 0067); no names, no riders.
  "stopsBefore",
  // How «Mi bus» times the bus (decision 0058): the shift's speed and circuity, nothing of others.
  "travelModel",
  "vehicleModel",
  "vehiclePlate",
  "view",
];

/** A trip in progress with Ana (expected), Beto (boarded, commented) and Carla (canceled). */
async function tripWithCoRiders(kind: "scheduled" | "not-scheduled") {
  const driver = await signedInDriver(app, { name: "Pedro", lastname: "Santos" });
  const ana = await signedInCollaborator(app, { name: "Ana", lastname: "Féliz" });
  const beto = await signedInCollaborator(app, { name: "Betoprivado", lastname: "Zapataoculto" });
  const carla = await signedInCollaborator(app, { name: "Carlaprivada", lastname: "Quiñonesoculta" });
  const riders = [ana, beto, carla].map((rider) => rider.employee.id);
  const target =
    kind === "scheduled"
      ? {
          routeId: (await routeWith({ driverIds: [driver.driver.id], employeeIds: riders, cost: "987.65" }))
            .id,
        }
      : { routeNotScheduledId: (await routeNotScheduledOf(driver.driver.id, { employeeIds: riders })).id };
  const started = await call("PUT", API.intermediateRoute.start.path, driver.session, target);
  expect(started.statusCode, started.body).toBe(200);
  const tripId = started.json().intermediateRoute.id as number;
  const scan = await call("POST", API.transportService.scan.path, driver.session, {
    codeQr: beto.employee.codeQr,
  });
  expect(scan.statusCode, scan.body).toBe(201);
  const secret = unique("Cita médica: ");
  const cancel = await call("POST", API.transportService.cancel.path, carla.session, {
    intermediateRouteId: tripId,
    comment: secret,
  });
  expect(cancel.statusCode, cancel.body).toBe(201);
  const remark = unique("Comentario privado ");
  const comment = await call("POST", API.intermediateRoute.comment.path, beto.session, {
    intermediateRouteId: tripId,
    comment: remark,
  });
  expect(comment.statusCode, comment.body).toBe(201);
  const position = await call("POST", API.intermediateRoute.position.path, driver.session, {
    intermediateRouteId: tripId,
    latitude: 18.48,
    longitude: -69.93,
  });
  expect(position.statusCode, position.body).toBe(200);
  return { driver, ana, beto, carla, tripId, secret, remark };
}

type Setup = Awaited<ReturnType<typeof tripWithCoRiders>>;

/** Nothing of the co-riders (other than the caller) nor of the trip's comments or cost. */
function expectNothingOfOthers(body: string, setup: Setup, self: "ana" | "beto" | "carla") {
  for (const name of ["ana", "beto", "carla"] as const) {
    if (name === self) continue;
    const { employee } = setup[name];
    if (name !== "ana") {
      expect(body).not.toContain(employee.name);
      expect(body).not.toContain(employee.lastname);
    }
    expect(body).not.toContain(employee.codeEmployee);
    expect(body).not.toContain(employee.codeQr);
    expect(body).not.toContain(`"employeeId":${employee.id}`);
  }
  if (self !== "carla") expect(body).not.toContain(setup.secret);
  expect(body).not.toContain(setup.remark);
  expect(body).not.toContain("987.65");
  expect(body).not.toMatch(/"cost"|"riders"|"comments"/);
}

describe.each(["scheduled", "not-scheduled"] as const)("a co-rider on a %s trip", (kind) => {
  it("GET IntermediateRoute/current/{id} shows the bus, the driver, its own state and counts only", async () => {
    const setup = await tripWithCoRiders(kind);
    const expectedStatus = { ana: "Pending", beto: "Boarded", carla: "Canceled" } as const;
    for (const self of ["ana", "beto", "carla"] as const) {
      const res = await call(
        "GET",
        apiPath(API.intermediateRoute.current, { id: setup.tripId }),
        setup[self].session,
      );
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json();
      expect(Object.keys(view).sort()).toEqual(RIDER_VIEW_KEYS);
      expect(view).toMatchObject({
        view: "rider",
        id: setup.tripId,
        status: "InProgress",
        driverId: setup.driver.driver.id,
        driverName: "Pedro",
        driverLastname: "Santos",
        driverImage: null,
        myStatus: expectedStatus[self],
        amountExpected: 3,
        amountCollaborators: 1,
        amountCanceled: 1,
        lastLatitude: 18.48,
        lastLongitude: -69.93,
      });
      expect(view.positions).toEqual([expect.objectContaining({ latitude: 18.48, longitude: -69.93 })]);
      expectNothingOfOthers(res.body, setup, self);
    }
  });

  it("every other trip endpoint refuses a collaborator, or shows only its own", async () => {
    const setup = await tripWithCoRiders(kind);
    const { tripId, ana, beto, carla } = setup;
    const refused = [
      `${API.intermediateRoute.detail.path}?intermediateRouteId=${tripId}`,
      apiPath(API.intermediateRoute.comments, { intermediateRouteId: tripId, employeeId: beto.employee.id }),
      `${API.transportService.listEmployee.path}?intermediateRouteId=${tripId}`,
      `${API.transportService.finishedListEmployee.path}?intermediateRouteId=${tripId}`,
      apiPath(API.transportService.cancelComment, {
        intermediateRouteId: tripId,
        employeeId: carla.employee.id,
      }),
      API.intermediateRoute.history.path,
      `${API.intermediateRoute.sheet.path}?intermediateRouteId=${tripId}`,
      API.intermediateRoute.currentList.path,
      API.intermediateRoute.listActive.path,
      apiPath(API.profileImage.get, { userId: carla.user.id }),
    ];
    for (const url of refused) {
      const res = await call("GET", url, ana.session);
      expect(res.statusCode, url).toBe(403);
      expectNothingOfOthers(res.body, setup, "ana");
    }
    for (const url of [API.transportService.current.path, API.employee.myRoutes.path]) {
      const res = await call("GET", url, ana.session);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(`${tripId}`);
      expectNothingOfOthers(res.body, setup, "ana");
    }
    // The driver's photo is the rider's to see while the trip runs (none uploaded: 404, not 403).
    expect(
      (await call("GET", apiPath(API.profileImage.get, { userId: setup.driver.user.id }), ana.session))
        .statusCode,
    ).toBe(404);
    const stranger = await signedInCollaborator(app);
    expect(
      (await call("GET", apiPath(API.profileImage.get, { userId: setup.driver.user.id }), stranger.session))
        .statusCode,
    ).toBe(403);
  });

  it("admins and the trip's driver keep the whole trip", async () => {
    const setup = await tripWithCoRiders(kind);
    const admin = await signedInAs(app, "Admin");
    for (const session of [admin, setup.driver.session]) {
      const res = await call("GET", apiPath(API.intermediateRoute.current, { id: setup.tripId }), session);
      expect(res.statusCode, res.body).toBe(200);
      const trip = res.json();
      expect(trip.view).toBeUndefined();
      expect(trip.riders.map((rider: { name: string }) => rider.name).sort()).toEqual([
        "Betoprivado",
        "Carlaprivada",
      ]);
      expect(trip.riders.find((rider: { status: string }) => rider.status === "Canceled").comment).toBe(
        setup.secret,
      );
      expect(trip.comments.map((item: { comment: string }) => item.comment)).toEqual([setup.remark]);
      expect(trip).toHaveProperty("cost");
    }
  });
});

describe("«Mi bus» times the bus through the stops before the rider's (decision 0067)", () => {
  it("a rider gets the points of the stops before theirs, rounded to about 100 m, nothing else of them", async () => {
    const driver = await signedInDriver(app);
    const ana = await signedInCollaborator(app, { name: "Ana" });
    const beto = await signedInCollaborator(app, { name: "Betoparada", lastname: "Casaoculta" });
    const route = await routeWith({
      driverIds: [driver.driver.id],
      employeeIds: [ana.employee.id, beto.employee.id],
    });
    const { db } = await testDatabase();
    const betoDoor = { latitude: 18.4812345, longitude: -69.9387654 };
    await db.transaction((tx) =>
      replaceStops(
        tx,
        route.id,
        [
          {
            position: 1,
            name: "Calle Beto",
            address: "Calle Beto 12",
            ...betoDoor,
            plannedTime: "06:30",
            employeeIds: [beto.employee.id],
          },
          {
            position: 2,
            name: "Parque",
            address: null,
            latitude: 18.49,
            longitude: -69.93,
            plannedTime: "06:40",
            employeeIds: [ana.employee.id],
          },
        ],
        new Date(),
      ),
    );
    const started = await call("PUT", API.intermediateRoute.start.path, driver.session, {
      routeId: route.id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const tripId = started.json().intermediateRoute.id as number;
    const view = async (session: SignedIn) => {
      const res = await call("GET", apiPath(API.intermediateRoute.current, { id: tripId }), session);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const anas = await view(ana.session);
    expect(anas.json().stopsBefore).toEqual([{ latitude: 18.481, longitude: -69.939 }]);
    expect(anas.body).not.toContain("18.4812345");
    expect(anas.body).not.toContain("Calle Beto");
    expect(anas.body).not.toContain("Betoparada");
    expect((await view(beto.session)).json().stopsBefore).toEqual([]);
  });
});
