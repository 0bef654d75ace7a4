import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, routes } from "../../src/db/schema.js";
import {
  routeNotScheduledOf,
  routeWith,
  signedInCollaborator,
  signedInDriver,
} from "../helpers/operation-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

/** Treiber App screens: the driver's "Hoy" and the collaborator's "Mis rutas" and "Mi bus". */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const HOUR = 3_600_000;
const get = (url: string, session: SignedIn | undefined, gmt?: string) =>
  app.inject({
    method: "GET",
    url,
    headers: { ...session?.headers, ...(gmt !== undefined && { GMT: gmt }) },
  });
const put = (url: string, session: SignedIn, payload: object) =>
  app.inject({ method: "PUT", url, headers: session.headers, payload });

/** The ISO day (1 = Lunes … 7 = Domingo) of the caller's today for a `GMT` header value. */
const isoDay = (gmt: number) => {
  const day = new Date(Date.now() - gmt * HOUR).getUTCDay();
  return day === 0 ? 7 : day;
};
const otherDay = (day: number) => (day % 7) + 1;

describe("GET /api/v1/IntermediateRoute/today", () => {
  it("lists today's routes of the driver by departure time, with riders and state", async () => {
    const driver = await signedInDriver(app);
    const other = await signedInDriver(app);
    const ana = await signedInCollaborator(app, { name: "Ana", lastname: "Féliz" });
    const beto = await signedInCollaborator(app, { name: "Beto", lastname: "Cruz" });
    const today = isoDay(0);
    const late = await routeWith({
      driverIds: [driver.driver.id],
      employeeIds: [ana.employee.id, beto.employee.id],
      dayIds: [today],
      departureTime: "23:59",
    });
    const early = await routeWith({ driverIds: [driver.driver.id], dayIds: [today], departureTime: "00:00" });
    await routeWith({ driverIds: [driver.driver.id], dayIds: [otherDay(today)] });
    await routeWith({ driverIds: [driver.driver.id], dayIds: [today], status: "inactive" });
    await routeWith({ driverIds: [other.driver.id], dayIds: [today] });
    const special = await routeNotScheduledOf(driver.driver.id, { employeeIds: [ana.employee.id] });
    await routeNotScheduledOf(driver.driver.id, { scheduledAt: new Date(Date.now() + 3 * 24 * HOUR) });

    const started = await put(API.intermediateRoute.start.path, driver.session, { routeId: early.id });
    const tripId = started.json().intermediateRoute.id as number;

    const response = await get(API.intermediateRoute.today.path, driver.session, "0");
    expect(response.statusCode).toBe(200);
    const list = response.json().response as { routeId: number | null; routeNotScheduledId: number | null }[];
    expect(list.map((r) => r.routeId ?? `rns-${r.routeNotScheduledId}`)).toEqual([
      early.id,
      `rns-${special.id}`,
      late.id,
    ]);
    expect(list[0]).toMatchObject({ state: "En curso", intermediateRouteId: tripId, departureTime: "00:00" });
    expect(list[2]).toMatchObject({
      state: "Pendiente",
      intermediateRouteId: null,
      departureTime: "23:59",
      amountRiders: 2,
      riders: [
        {
          id: ana.employee.id,
          name: "Ana",
          lastname: "Féliz",
          codeEmployee: ana.employee.codeEmployee,
          image: null,
        },
        { id: beto.employee.id, name: "Beto" },
      ],
    });
    expect(list[1]).toMatchObject({ routeId: null, amountRiders: 1, state: "Pendiente" });

    await put(API.intermediateRoute.end.path, driver.session, { intermediateRouteId: tripId });
    const after = (await get(API.intermediateRoute.today.path, driver.session, "0")).json().response;
    expect(after[0]).toMatchObject({ state: "Finalizada", intermediateRouteId: tripId });
  });

  it("takes today from the caller's GMT header", async () => {
    const driver = await signedInDriver(app);
    const east = await routeWith({ driverIds: [driver.driver.id], dayIds: [isoDay(-14)] });
    const west = await routeWith({ driverIds: [driver.driver.id], dayIds: [isoDay(12)] });
    const inEast = (await get(API.intermediateRoute.today.path, driver.session, "-14")).json().response;
    expect(inEast.map((r: { routeId: number }) => r.routeId)).toEqual([east.id]);
    const inWest = (await get(API.intermediateRoute.today.path, driver.session, "12")).json().response;
    expect(inWest.map((r: { routeId: number }) => r.routeId)).toEqual([west.id]);
  });

  it("is for drivers only", async () => {
    const ana = await signedInCollaborator(app);
    const admin = await signedInAs(app, "Admin");
    expect((await get(API.intermediateRoute.today.path, undefined)).statusCode).toBe(401);
    expect((await get(API.intermediateRoute.today.path, ana.session)).statusCode).toBe(403);
    expect((await get(API.intermediateRoute.today.path, admin)).statusCode).toBe(403);
  });
});

describe("GET /api/v1/Employee/myRoutes and following my bus", () => {
  it("lists my routes with days, destination, drivers, vehicle, supplier and the trip in progress", async () => {
    const { db } = await testDatabase();
    const driver = await signedInDriver(app, { name: "Pedro", lastname: "Santos" });
    await db
      .update(drivers)
      .set({ telephone: "(809) 555-1234", vehiclePlate: "A123456", vehicleModel: "Toyota Hiace" })
      .where(eq(drivers.id, driver.driver.id));
    const ana = await signedInCollaborator(app);
    const beto = await signedInCollaborator(app);
    const route = await routeWith({
      driverIds: [driver.driver.id],
      employeeIds: [ana.employee.id],
      dayIds: [1, 3, 5],
      departureTime: "07:30",
    });
    await routeWith({ employeeIds: [ana.employee.id], status: "inactive" });
    const special = await routeNotScheduledOf(driver.driver.id, { employeeIds: [ana.employee.id] });
    const [destination] = await db.select().from(routes).where(eq(routes.id, route.id));

    const idle = (await get(API.employee.myRoutes.path, ana.session)).json().response;
    expect(idle.map((r: { routeId: number | null }) => r.routeId)).toEqual([route.id, null]);
    expect(idle[0]).toMatchObject({
      name: route.name,
      days: [
        { id: 1, name: "Lunes" },
        { id: 3, name: "Miércoles" },
        { id: 5, name: "Viernes" },
      ],
      departureTime: "07:30",
      drivers: [
        {
          id: driver.driver.id,
          name: "Pedro",
          lastname: "Santos",
          telephone: "(809) 555-1234",
          vehiclePlate: "A123456",
          vehicleModel: "Toyota Hiace",
          supplierName: driver.supplier.name,
        },
      ],
      currentTrip: null,
    });
    expect(typeof idle[0].destinationName).toBe("string");
    expect(destination?.destinationId).toBeGreaterThan(0);
    expect(idle[1]).toMatchObject({
      routeNotScheduledId: special.id,
      days: [],
      drivers: [{ id: driver.driver.id }],
    });

    const started = await put(API.intermediateRoute.start.path, driver.session, { routeId: route.id });
    const tripId = started.json().intermediateRoute.id as number;
    const running = (await get(API.employee.myRoutes.path, ana.session)).json().response;
    expect(running[0].currentTrip).toMatchObject({ intermediateRouteId: tripId, driverId: driver.driver.id });
    expect((await get(API.employee.myRoutes.path, beto.session)).json().response).toEqual([]);

    // Mi bus: a collaborator follows a trip of its own route only.
    const mine = await get(apiPath(API.intermediateRoute.current, { id: tripId }), ana.session);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: tripId, status: "InProgress" });
    const notMine = await get(apiPath(API.intermediateRoute.current, { id: tripId }), beto.session);
    expect(notMine.statusCode).toBe(403);
    // Cancelling on another's route is refused too.
    const cancel = await app.inject({
      method: "POST",
      url: API.transportService.cancel.path,
      headers: beto.session.headers,
      payload: { intermediateRouteId: tripId, comment: "No es mi ruta" },
    });
    expect(cancel.statusCode).toBe(403);
  });

  it("is for employees (collaborators and admins), not drivers", async () => {
    const driver = await signedInDriver(app);
    const admin = await signedInAs(app, "Admin");
    expect((await get(API.employee.myRoutes.path, undefined)).statusCode).toBe(401);
    expect((await get(API.employee.myRoutes.path, driver.session)).statusCode).toBe(403);
    const own = await get(API.employee.myRoutes.path, admin);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ response: [] });
  });
});
