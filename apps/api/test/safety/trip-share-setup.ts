import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { replaceStops } from "../../src/modules/route-stops/route-stops-repository.js";
import { routeWith, signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { type SignedIn, testDatabase, unique } from "../helpers/test-app.js";

export type Call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  session?: SignedIn,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/** Requests as `session` (none: without an account). */
export const caller =
  (app: FastifyInstance): Call =>
  (method, url, session, payload) =>
    app.inject({
      method,
      url,
      headers: session ? { ...session.headers, gmt: "0" } : {},
      ...(payload && { payload }),
    });

/**
 * A trip in progress of driver «Pedro Antonio Santos» on a route with two stops: Beto's door first
 * (boarded, an exact point), then Ana's «Parque Ana» (expected). Carla is on the route but
 * cancelled; Dora is on no route of it. The bus sent one position (by default before Beto's stop).
 */
export async function sharedTripSetup(
  app: FastifyInstance,
  options: { position?: { latitude: number; longitude: number } } = {},
) {
  const call = caller(app);
  const driver = await signedInDriver(app, { name: "Pedro Antonio", lastname: "Santosoculto" });
  const ana = await signedInCollaborator(app, { name: "Anacompartida", lastname: "Féliz" });
  const beto = await signedInCollaborator(app, { name: "Betoprivado", lastname: "Zapataoculto" });
  const carla = await signedInCollaborator(app, { name: "Carlaprivada", lastname: "Quiñonesoculta" });
  const dora = await signedInCollaborator(app, { name: "Dora", lastname: "Ajena" });
  const routeName = unique("Ruta Noche ");
  const route = await routeWith({
    name: routeName,
    driverIds: [driver.driver.id],
    employeeIds: [ana.employee.id, beto.employee.id, carla.employee.id],
  });
  const betoDoor = { latitude: 18.4812345, longitude: -69.9387654 };
  const anaStop = { name: "Parque Ana", latitude: 18.49, longitude: -69.93 };
  const { db } = await testDatabase();
  await db.transaction((tx) =>
    replaceStops(
      tx,
      route.id,
      [
        {
          position: 1,
          name: "Calle Betoprivada",
          address: "Calle Betoprivada 12",
          ...betoDoor,
          plannedTime: "06:30",
          employeeIds: [beto.employee.id, carla.employee.id],
        },
        { position: 2, address: null, plannedTime: "06:40", employeeIds: [ana.employee.id], ...anaStop },
      ],
      new Date(),
    ),
  );
  const started = await call("PUT", API.intermediateRoute.start.path, driver.session, { routeId: route.id });
  expect(started.statusCode, started.body).toBe(200);
  const tripId = started.json().intermediateRoute.id as number;
  const scan = await call("POST", API.transportService.scan.path, driver.session, {
    codeQr: beto.employee.codeQr,
  });
  expect(scan.statusCode, scan.body).toBe(201);
  const cancel = await call("POST", API.transportService.cancel.path, carla.session, {
    intermediateRouteId: tripId,
    comment: "Cita privada",
  });
  expect(cancel.statusCode, cancel.body).toBe(201);
  const position = await call("POST", API.intermediateRoute.position.path, driver.session, {
    intermediateRouteId: tripId,
    ...(options.position ?? { latitude: 18.47, longitude: -69.95 }),
  });
  expect(position.statusCode, position.body).toBe(200);
  return { driver, ana, beto, carla, dora, route, routeName, tripId, betoDoor, anaStop };
}

export type SharedTripSetup = Awaited<ReturnType<typeof sharedTripSetup>>;

/** `POST TripShare` as the rider: expects 201. */
export async function share(app: FastifyInstance, session: SignedIn, tripId: number) {
  const res = await caller(app)("POST", API.tripShare.create.path, session, { intermediateRouteId: tripId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { url: string; token: string; expiresAt: string };
}

/** The driver ends the trip. */
export async function endTrip(app: FastifyInstance, setup: SharedTripSetup) {
  const res = await caller(app)("PUT", API.intermediateRoute.end.path, setup.driver.session, {
    intermediateRouteId: setup.tripId,
  });
  expect(res.statusCode, res.body).toBe(200);
}
