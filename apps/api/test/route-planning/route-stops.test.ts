import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, routeEmployees, routeStopRiders, routeStops } from "../../src/db/schema.js";
import { addDrivers, addRiders, createShift } from "../helpers/plan-factories.js";
import { createDestination, createDriver, createEmployee, createRoute } from "../helpers/route-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  signIn,
  TEST_PASSWORD,
  testDatabase,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  headers: object = admin.headers,
) => app.inject({ method, url, headers: headers as Record<string, string>, ...(payload && { payload }) });
const stopsOf = (routeId: number, headers: object = admin.headers) =>
  call("GET", apiPath(API.route.stops, { routeId }), undefined, headers);
const save = (routeId: number, stops: object[], headers: object = admin.headers) =>
  call("PUT", API.route.saveStops.path, { routeId, stops }, headers);

/** A route to Piantini (destination at 18.4697, -69.9386) on an 08:00 Entrada shift, with three riders. */
async function plannedRoute(
  options: { direction?: "inbound" | "outbound"; time?: string; seats?: number } = {},
) {
  const shift = await createShift({
    direction: options.direction ?? "inbound",
    time: options.time ?? "08:00",
  });
  const destination = await createDestination({ latitude: 18.4697, longitude: -69.9386 });
  const route = await createRoute({
    destinationId: destination.id,
    shiftId: shift.id,
    seats: options.seats ?? null,
  });
  const riders = [
    await createEmployee({ name: "Ana", lastname: "Almonte" }),
    await createEmployee({ name: "Beto", lastname: "Batista" }),
    await createEmployee({ name: "Carla", lastname: "Cruz" }),
  ];
  await addRiders(
    route.id,
    riders.map((r) => r.id),
  );
  return { shift, route, riders, ids: riders.map((r) => r.id) };
}

const stop = (position: number, plannedTime: string, employeeIds: number[], overrides: object = {}) => ({
  position,
  name: `Parada ${position}`,
  address: `Calle ${position}`,
  latitude: Number((18.47 + position / 1000).toFixed(4)),
  longitude: -69.93,
  plannedTime,
  employeeIds,
  ...overrides,
});

async function storedStops(routeId: number) {
  const { db } = await testDatabase();
  return db.select().from(routeStops).where(eq(routeStops.routeId, routeId));
}

describe("PUT /api/v1/Route/stops", () => {
  it("saves ordered stops with times and riders, and GET reads them back in order", async () => {
    const { route, shift, ids } = await plannedRoute();
    const [ana, beto, carla] = ids as [number, number, number];
    // Sent out of order: the position decides.
    const saved = await save(route.id, [
      stop(2, "07:30", [carla, beto]),
      stop(1, "07:10", [ana], { address: null }),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await stopsOf(route.id);
    expect(read.statusCode).toBe(200);
    const body = read.json();
    expect(body).toMatchObject({
      routeId: route.id,
      routeName: route.name,
      shiftId: shift.id,
      shiftName: shift.name,
      shiftTime: "08:00",
      direction: "inbound",
      seats: null,
      seatsSource: null,
      ridersWithoutStop: [],
    });
    expect(body.stops).toEqual([
      {
        id: expect.any(Number),
        position: 1,
        name: "Parada 1",
        address: null,
        latitude: 18.471,
        longitude: -69.93,
        plannedTime: "07:10",
        riders: [{ employeeId: ana, name: "Ana", lastname: "Almonte" }],
      },
      {
        id: expect.any(Number),
        position: 2,
        name: "Parada 2",
        address: "Calle 2",
        latitude: 18.472,
        longitude: -69.93,
        plannedTime: "07:30",
        riders: [
          { employeeId: beto, name: "Beto", lastname: "Batista" },
          { employeeId: carla, name: "Carla", lastname: "Cruz" },
        ],
      },
    ]);
    expect(saved.json()).toEqual(body);
  });

  it("replaces the whole list; an empty list removes every stop and lists the riders without a stop", async () => {
    const { route, ids } = await plannedRoute();
    const [ana, beto] = ids as [number, number];
    expect((await save(route.id, [stop(1, "07:00", [ana]), stop(2, "07:20", [beto])])).statusCode).toBe(200);
    expect((await save(route.id, [stop(1, "07:40", [beto])])).statusCode).toBe(200);
    const once = (await stopsOf(route.id)).json();
    expect(once.stops.map((s: { plannedTime: string }) => s.plannedTime)).toEqual(["07:40"]);
    expect(once.ridersWithoutStop.map((r: { employeeId: number }) => r.employeeId).sort()).toEqual(
      ids.filter((id) => id !== beto).sort(),
    );
    expect((await save(route.id, [])).statusCode).toBe(200);
    expect(await storedStops(route.id)).toEqual([]);
  });

  it("outbound (Salida): stops after the shift's time, in order, even past midnight", async () => {
    const { route, ids } = await plannedRoute({ direction: "outbound", time: "23:30" });
    const ok = await save(route.id, [
      stop(1, "23:45", [ids[0] as number]),
      stop(2, "00:10", [ids[1] as number]),
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await save(route.id, [stop(1, "23:00", [])]);
    expect(before.statusCode).toBe(400);
    expect(before.json().errors["stops.0.plannedTime"]).toBe(
      "La parada 1 (23:00) debe ser después de la hora del turno de salida (23:30), dentro de las 12 horas siguientes",
    );
  });

  it("refuses times out of order or after an Entrada shift's time, and keeps what was saved", async () => {
    const { route, ids } = await plannedRoute();
    expect((await save(route.id, [stop(1, "07:00", [ids[0] as number])])).statusCode).toBe(200);

    const outOfOrder = await save(route.id, [stop(1, "07:30", []), stop(2, "07:10", [])]);
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.json().errors["stops.1.plannedTime"]).toBe(
      "La hora de la parada 2 (07:10) es anterior a la de la parada 1 (07:30)",
    );
    const late = await save(route.id, [stop(1, "07:30", []), stop(2, "08:15", [])]);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors["stops.1.plannedTime"]).toBe(
      "La parada 2 (08:15) debe ser antes de la hora del turno de entrada (08:00), dentro de las 12 horas previas",
    );
    const badFormat = await save(route.id, [stop(1, "7:30", [])]);
    expect(badFormat.json().errors["stops.0.plannedTime"]).toBe("Hora inválida (formato HH:mm)");

    const kept = await storedStops(route.id);
    expect(kept.map((s) => s.plannedTime)).toEqual(["07:00:00"]);
  });

  it("refuses duplicate positions, gaps and positions out of range", async () => {
    const { route } = await plannedRoute();
    const duplicate = await save(route.id, [stop(1, "07:00", []), stop(1, "07:10", [])]);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors["stops.1.position"]).toBe("La posición 1 está repetida");
    const gap = await save(route.id, [stop(1, "07:00", []), stop(3, "07:10", [])]);
    expect(gap.json().errors["stops.1.position"]).toBe("Las posiciones van de 1 a 2 sin saltos");
    const zero = await save(route.id, [stop(0, "07:00", [])]);
    expect(zero.json().errors["stops.0.position"]).toBe("Posición inválida");
    const missing = await save(route.id, [{ name: "Sin datos" }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      "stops.0.position": "Este campo es requerido",
      "stops.0.latitude": "Este campo es requerido",
      "stops.0.longitude": "Este campo es requerido",
      "stops.0.plannedTime": "Este campo es requerido",
    });
    expect(await storedStops(route.id)).toEqual([]);
  });

  it("refuses bad coordinates: out of range, or far from the route's destination", async () => {
    const { route } = await plannedRoute();
    const range = await save(route.id, [stop(1, "07:00", [], { latitude: 95 })]);
    expect(range.statusCode).toBe(400);
    expect(range.json().errors["stops.0.latitude"]).toBe("La latitud debe estar entre -90 y 90");
    const lng = await save(route.id, [stop(1, "07:00", [], { longitude: -190 })]);
    expect(lng.json().errors["stops.0.longitude"]).toBe("La longitud debe estar entre -180 y 180");
    // The other side of the world (Santo Domingo's antipode, in the Indian Ocean).
    const antipode = await save(route.id, [
      stop(1, "07:00", []),
      stop(2, "07:10", [], { latitude: -18.47, longitude: 110.07 }),
    ]);
    expect(antipode.statusCode).toBe(400);
    expect(antipode.json().errors["stops.1.latitude"]).toMatch(
      /^La parada 2 está a \d+ km del destino de la ruta \(máximo 200 km\): revise sus coordenadas$/,
    );
    expect(await storedStops(route.id)).toEqual([]);
  });

  it("refuses a rider who is not on the route, or on two stops", async () => {
    const { route, ids } = await plannedRoute();
    const stranger = await createEmployee();
    const notMember = await save(route.id, [stop(1, "07:00", [ids[0] as number, stranger.id])]);
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().errors["stops.0.employeeIds.1"]).toBe(
      `El colaborador ${stranger.id} no está asignado a la ruta`,
    );
    const twice = await save(route.id, [
      stop(1, "07:00", [ids[0] as number]),
      stop(2, "07:10", [ids[0] as number]),
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors["stops.1.employeeIds.0"]).toBe(
      `El colaborador ${ids[0]} ya está en la parada 1: una parada por colaborador`,
    );
    const sameStop = await save(route.id, [stop(1, "07:00", [ids[1] as number, ids[1] as number])]);
    expect(sameStop.json().errors["stops.0.employeeIds.1"]).toBe(
      `El colaborador ${ids[1]} está repetido en la parada`,
    );
    expect(await storedStops(route.id)).toEqual([]);
  });

  it("refuses more riders than seats: the route's own, else its drivers' smallest vehicle", async () => {
    const own = await plannedRoute({ seats: 2 });
    const full = await save(own.route.id, [stop(1, "07:00", own.ids)]);
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe("La ruta tiene 2 asientos y 3 colaboradores en sus paradas");

    const byVehicle = await plannedRoute();
    const van = await createDriver();
    const car = await createDriver();
    const { db } = await testDatabase();
    await db.update(drivers).set({ vehicleCapacity: 15 }).where(eq(drivers.id, van.id));
    await db.update(drivers).set({ vehicleCapacity: 2 }).where(eq(drivers.id, car.id));
    await addDrivers(byVehicle.route.id, [van.id, car.id]);
    expect((await save(byVehicle.route.id, [stop(1, "07:00", byVehicle.ids)])).statusCode).toBe(400);
    const fits = await save(byVehicle.route.id, [stop(1, "07:00", byVehicle.ids.slice(0, 2))]);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json()).toMatchObject({ seats: 2, seatsSource: "vehicle" });
  });

  it("a route without a shift takes stops in order within 12 hours of the first", async () => {
    const destination = await createDestination({ latitude: 18.4697, longitude: -69.9386 });
    const route = await createRoute({ destinationId: destination.id });
    const ok = await save(route.id, [stop(1, "06:00", []), stop(2, "06:30", [])]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ shiftId: null, shiftName: null, shiftTime: null, direction: null });
    const back = await save(route.id, [stop(1, "06:00", []), stop(2, "05:30", [])]);
    expect(back.statusCode).toBe(400);
  });

  it("with the version it read, a second admin's save is refused (409) instead of overwriting the first", async () => {
    const { route, ids } = await plannedRoute();
    const read = (await stopsOf(route.id)).json();
    const first = await call("PUT", API.route.saveStops.path, {
      routeId: route.id,
      version: read.version,
      stops: [stop(1, "07:00", [ids[0] as number])],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).not.toBe(read.version);
    const second = await call("PUT", API.route.saveStops.path, {
      routeId: route.id,
      version: read.version,
      stops: [stop(1, "07:30", [])],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      "Otro usuario cambió esta ruta mientras la editaba: vuelva a cargar sus paradas e intente de nuevo",
    );
    expect((await storedStops(route.id)).map((s) => s.plannedTime)).toEqual(["07:00:00"]);
    const again = await call("PUT", API.route.saveStops.path, {
      routeId: route.id,
      version: first.json().version,
      stops: [stop(1, "07:30", [])],
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("answers 404 for a route that does not exist", async () => {
    const response = await save(999_999_999, []);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Ruta no encontrada");
  });
});

describe("riders and stops stay consistent", () => {
  it("a rider removed from the route leaves its stop (the database keeps the rule)", async () => {
    const { route, ids } = await plannedRoute();
    expect((await save(route.id, [stop(1, "07:00", ids)])).statusCode).toBe(200);
    const removed = await call(
      "DELETE",
      `${API.employee.removeRoute.path}?employeeId=${ids[0]}&routeId=${route.id}`,
    );
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const read = (await stopsOf(route.id)).json();
    expect(read.stops[0].riders.map((r: { employeeId: number }) => r.employeeId).sort()).toEqual(
      ids.slice(1).sort(),
    );
    const { db } = await testDatabase();
    const left = await db
      .select()
      .from(routeStopRiders)
      .where(eq(routeStopRiders.employeeId, ids[0] as number));
    expect(left).toEqual([]);
  });

  it("the database refuses a stop rider who is not on the route", async () => {
    const { route } = await plannedRoute();
    expect((await save(route.id, [stop(1, "07:00", [])])).statusCode).toBe(200);
    const [saved] = await storedStops(route.id);
    const stranger = await createEmployee();
    const { db } = await testDatabase();
    await expect(
      db
        .insert(routeStopRiders)
        .values({ routeId: route.id, employeeId: stranger.id, stopId: saved?.id ?? 0 }),
    ).rejects.toThrow();
    const roster = await db.select().from(routeEmployees).where(eq(routeEmployees.routeId, route.id));
    expect(roster).toHaveLength(3);
  });
});

describe("Route create and update with shift and seats", () => {
  const routeBody = async (overrides: object = {}) => ({
    name: `Ruta turno ${Math.random().toString(36).slice(2, 10)}`,
    destinationId: (await createDestination()).id,
    dayIds: [1, 2, 3],
    departureTime: "06:45",
    cost: 20,
    ...overrides,
  });
  const listed = async (name: string) =>
    (await call("GET", `${API.route.list.path}?criterion=${encodeURIComponent(name)}`)).json().list[0];

  it("creates a route on a shift with its own seats; the list shows them; the spec's update keeps them", async () => {
    const shift = await createShift({ direction: "outbound", time: "17:00" });
    const specFields = await routeBody();
    const body = { ...specFields, shiftId: shift.id, seats: 14 };
    const created = await call("POST", API.route.create.path, body);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(await listed(body.name)).toMatchObject({
      id,
      shiftId: shift.id,
      shiftName: shift.name,
      direction: "outbound",
      seats: 14,
      amountStops: 0,
    });
    // The spec's Route page sends only the spec's fields: shift and seats stay.
    const edited = await call("PUT", API.route.update.path, { ...specFields, id, cost: 21 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await listed(body.name)).toMatchObject({ shiftId: shift.id, seats: 14, cost: 21 });
    // null removes them.
    const cleared = await call("PUT", API.route.update.path, {
      ...specFields,
      id,
      shiftId: null,
      seats: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await listed(body.name)).toMatchObject({
      shiftId: null,
      shiftName: null,
      direction: null,
      seats: null,
    });
  });

  it("refuses an unknown or inactive shift and bad seats", async () => {
    const unknown = await call("POST", API.route.create.path, await routeBody({ shiftId: 999_999_999 }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Turno no encontrado");
    const inactive = await createShift({ status: "inactive" });
    const refused = await call("POST", API.route.create.path, await routeBody({ shiftId: inactive.id }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("No se puede asignar un registro inactivo");
    for (const seats of [0, 121, 2.5, "10"]) {
      const response = await call("POST", API.route.create.path, await routeBody({ seats }));
      expect(response.statusCode, String(seats)).toBe(400);
      expect(response.json().errors.seats).toBe("Los asientos deben ser un número entero entre 1 y 120");
    }
  });

  it("refuses a new shift its stops do not fit, or fewer seats than riders at its stops", async () => {
    const { route, ids } = await plannedRoute();
    expect((await save(route.id, [stop(1, "07:00", ids)])).statusCode).toBe(200);
    const spec = {
      id: route.id,
      name: route.name,
      destinationId: route.destinationId,
      dayIds: [1],
      departureTime: "06:30",
      cost: 10,
    };
    const outbound = await createShift({ direction: "outbound", time: "17:00" });
    const wrongShift = await call("PUT", API.route.update.path, { ...spec, shiftId: outbound.id });
    expect(wrongShift.statusCode).toBe(409);
    expect(wrongShift.json().errors.shiftId).toBe(
      "Las paradas de la ruta no cumplen la dirección u hora del nuevo turno. Edite o vacíe sus paradas primero",
    );
    const fewSeats = await call("PUT", API.route.update.path, { ...spec, seats: 2 });
    expect(fewSeats.statusCode).toBe(409);
    expect(fewSeats.json().errors.seats).toBe(
      "La ruta tiene 3 colaboradores en sus paradas: no caben en 2 asientos",
    );
    const later = await createShift({ direction: "inbound", time: "09:00" });
    const fits = await call("PUT", API.route.update.path, { ...spec, shiftId: later.id, seats: 3 });
    expect(fits.statusCode, fits.body).toBe(200);
    expect((await stopsOf(route.id)).json()).toMatchObject({
      shiftId: later.id,
      seats: 3,
      seatsSource: "route",
    });
  });
});

describe("who may read and write stops", () => {
  it("a driver reads its own route's stops only; Collaborators are refused; only admins write", async () => {
    const { route } = await plannedRoute();
    const other = await plannedRoute();
    const driver = await createDriver();
    await addDrivers(route.id, [driver.id]);
    const driverSession = await signIn(app, driver.user.email, TEST_PASSWORD);

    const own = await stopsOf(route.id, driverSession.headers);
    expect(own.statusCode, own.body).toBe(200);
    const notOwn = await stopsOf(other.route.id, driverSession.headers);
    expect(notOwn.statusCode).toBe(403);
    expect(notOwn.json().message).toBe("No tiene permiso para ver esta ruta");
    expect((await stopsOf(999_999_999, driverSession.headers)).statusCode).toBe(404);
    expect((await save(route.id, [], driverSession.headers)).statusCode).toBe(403);

    const collaborator = await signedInAs(app, "Collaborator");
    expect((await stopsOf(route.id, collaborator.headers)).statusCode).toBe(403);
    expect((await save(route.id, [], collaborator.headers)).statusCode).toBe(403);
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await stopsOf(route.id, superAdmin.headers)).statusCode).toBe(200);
    expect((await save(route.id, [stop(1, "07:00", [])], superAdmin.headers)).statusCode).toBe(200);
    expect((await stopsOf(route.id, { gmt: "0" })).statusCode).toBe(401);
    const bad = await call("GET", "/api/v1/Route/stops/abc");
    expect(bad.statusCode).toBe(400);
  });
});
