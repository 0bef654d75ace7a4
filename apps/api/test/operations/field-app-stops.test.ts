import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeNotScheduledOf, signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { addDrivers, addRiders, createShift } from "../helpers/plan-factories.js";
import { createDestination, createRoute } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs } from "../helpers/test-app.js";

/**
 * Treiber App and the stops of a route (issue 23 item 4): the driver's "Hoy" carries each route's
 * ordered stops (kept on the phone with the rest of the day) and "Mis rutas" gives a collaborator
 * their own stop, never another rider's.
 */

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const HOUR = 3_600_000;
const get = (url: string, session: SignedIn) =>
  app.inject({ method: "GET", url, headers: { ...session.headers, gmt: "0" } });

/** The ISO day (1 = Lunes … 7 = Domingo) of today in UTC (the `GMT: 0` of these calls). */
const isoToday = () => {
  const day = new Date(Date.now()).getUTCDay();
  return day === 0 ? 7 : day;
};

/**
 * A route running today on a shift, to Piantini, driven by a new driver, with three riders: Ana and
 * Beto have stops, Carla has none yet.
 */
async function routeWithStops(direction: "inbound" | "outbound" = "inbound") {
  const driver = await signedInDriver(app);
  const ana = await signedInCollaborator(app, { name: "Ana", lastname: "Almonte" });
  const beto = await signedInCollaborator(app, { name: "Beto", lastname: "Batista" });
  const carla = await signedInCollaborator(app, { name: "Carla", lastname: "Cruz" });
  const shift = await createShift({ direction, time: direction === "inbound" ? "08:00" : "17:00" });
  const destination = await createDestination({ latitude: 18.4697, longitude: -69.9386 });
  const route = await createRoute({ destinationId: destination.id, shiftId: shift.id, dayIds: [isoToday()] });
  await addDrivers(route.id, [driver.driver.id]);
  await addRiders(route.id, [ana.employee.id, beto.employee.id, carla.employee.id]);
  const times = direction === "inbound" ? ["06:42", "07:10"] : ["17:20", "17:45"];
  const saved = await app.inject({
    method: "PUT",
    url: API.route.saveStops.path,
    headers: admin.headers,
    payload: {
      routeId: route.id,
      // Sent out of order: the position decides.
      stops: [
        {
          position: 2,
          name: "Naco",
          address: null,
          latitude: 18.4765,
          longitude: -69.9312,
          plannedTime: times[1],
          employeeIds: [beto.employee.id],
        },
        {
          position: 1,
          name: "Los Prados",
          address: "Calle Olof Palme esq. Nuñez de Cáceres",
          latitude: 18.4831,
          longitude: -69.9467,
          plannedTime: times[0],
          employeeIds: [ana.employee.id],
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { driver, ana, beto, carla, route };
}

describe("GET /api/v1/IntermediateRoute/today: the stops of each route", () => {
  it("lists a route's stops in position order with planned time, riders and the shift's direction", async () => {
    const { driver, ana, beto, route } = await routeWithStops();
    const plain = await createRoute({ dayIds: [isoToday()], departureTime: "23:59" });
    await addDrivers(plain.id, [driver.driver.id]);
    const special = await routeNotScheduledOf(driver.driver.id, { employeeIds: [ana.employee.id] });

    const response = await get(API.intermediateRoute.today.path, driver.session);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().response as {
      routeId: number | null;
      routeNotScheduledId: number | null;
      direction: string | null;
      stops: unknown[];
    }[];
    const withStops = list.find((item) => item.routeId === route.id);
    expect(withStops?.direction).toBe("inbound");
    expect(withStops?.stops).toEqual([
      {
        position: 1,
        name: "Los Prados",
        address: "Calle Olof Palme esq. Nuñez de Cáceres",
        latitude: 18.4831,
        longitude: -69.9467,
        plannedTime: "06:42",
        employeeIds: [ana.employee.id],
      },
      {
        position: 2,
        name: "Naco",
        address: null,
        latitude: 18.4765,
        longitude: -69.9312,
        plannedTime: "07:10",
        employeeIds: [beto.employee.id],
      },
    ]);
    // Without a shift or stops, and a not-scheduled route: the screen stays as it was.
    expect(list.find((item) => item.routeId === plain.id)).toMatchObject({ direction: null, stops: [] });
    expect(list.find((item) => item.routeNotScheduledId === special.id)).toMatchObject({
      direction: null,
      stops: [],
    });
  });

  it("gives the direction of a Salida shift", async () => {
    const { driver, route } = await routeWithStops("outbound");
    const list = (await get(API.intermediateRoute.today.path, driver.session)).json().response as {
      routeId: number | null;
      direction: string | null;
      stops: { plannedTime: string }[];
    }[];
    const item = list.find((entry) => entry.routeId === route.id);
    expect(item?.direction).toBe("outbound");
    expect(item?.stops.map((stop) => stop.plannedTime)).toEqual(["17:20", "17:45"]);
  });
});

describe("GET /api/v1/Employee/myRoutes: the collaborator's own stop", () => {
  it("gives each rider their own stop only, null without one and on a not-scheduled route", async () => {
    const { driver, ana, beto, carla, route } = await routeWithStops();
    const special = await routeNotScheduledOf(driver.driver.id, {
      employeeIds: [ana.employee.id],
      scheduledAt: new Date(Date.now() + HOUR),
    });

    const mine = async (session: SignedIn) => {
      const response = await get(API.employee.myRoutes.path, session);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().response as {
        routeId: number | null;
        routeNotScheduledId: number | null;
        stop: unknown;
      }[];
    };
    const anaRoutes = await mine(ana.session);
    // Exactly these fields: nothing about the stop's other riders.
    expect(anaRoutes.find((item) => item.routeId === route.id)?.stop).toEqual({
      name: "Los Prados",
      address: "Calle Olof Palme esq. Nuñez de Cáceres",
      latitude: 18.4831,
      longitude: -69.9467,
      plannedTime: "06:42",
    });
    expect(anaRoutes.find((item) => item.routeNotScheduledId === special.id)?.stop).toBeNull();

    const betoRoutes = await mine(beto.session);
    expect(betoRoutes.find((item) => item.routeId === route.id)?.stop).toEqual({
      name: "Naco",
      address: null,
      latitude: 18.4765,
      longitude: -69.9312,
      plannedTime: "07:10",
    });

    const carlaRoutes = await mine(carla.session);
    expect(carlaRoutes.find((item) => item.routeId === route.id)?.stop).toBeNull();
  });

  it("follows the stops as an admin changes them: a moved rider sees the new stop", async () => {
    const { ana, route } = await routeWithStops();
    const moved = await app.inject({
      method: "PUT",
      url: API.route.saveStops.path,
      headers: admin.headers,
      payload: {
        routeId: route.id,
        stops: [
          {
            position: 1,
            name: "Piantini",
            address: null,
            latitude: 18.4702,
            longitude: -69.9391,
            plannedTime: "07:50",
            employeeIds: [ana.employee.id],
          },
        ],
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = (await get(API.employee.myRoutes.path, ana.session)).json().response as {
      routeId: number | null;
      stop: { name: string; plannedTime: string } | null;
    }[];
    expect(list.find((item) => item.routeId === route.id)?.stop).toMatchObject({
      name: "Piantini",
      plannedTime: "07:50",
    });
  });
});
