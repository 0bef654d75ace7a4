import {
  PLANNER_BUSY_MESSAGE,
  PLANNING_NO_RIDERS_MESSAGE,
  PLANNING_NO_SEATS_MESSAGE,
  type PlanningProposal,
  planFigures,
  routeNameShift,
  routeWarnings,
  scheduleStops,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { plannerGate } from "../../src/modules/planning/planner-gate.js";
import { proposeForShift } from "../../src/modules/planning/propose-for-shift.js";
import { plannerThreadsRunning } from "../../src/modules/planning/solve-in-worker.js";
import { addDrivers, addRiders } from "../helpers/plan-factories.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase, unique } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const propose = (payload: object, headers: object = admin.headers) =>
  app.inject({
    method: "POST",
    url: API.planning.propose.path,
    headers: headers as Record<string, string>,
    payload,
  });
async function proposal(payload: object): Promise<PlanningProposal> {
  const response = await propose({ seconds: 1, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every rider asked for is on exactly one stop, or unassigned once. */
function expectEachRiderOnce(result: PlanningProposal, employeeIds: number[]) {
  const served = result.routes.flatMap((route) => route.stops.flatMap((stop) => stop.employeeIds));
  const left = result.unassigned.map((entry) => entry.employeeId);
  expect([...served, ...left].sort((a, b) => a - b)).toEqual([...employeeIds].sort((a, b) => a - b));
}

describe("POST /api/v1/Planning/propose", () => {
  it("plans a small shift: every rider served or unassigned with a reason, seats and maximum ride kept, times from the shared schedule", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const homes = [
      near(2, 0.5),
      near(2.5, 1),
      near(3, 0),
      near(1.5, -1),
      near(3.5, -0.5),
      near(4, 1),
      near(-1.5, 0.5),
      near(-2, 1),
    ];
    const riders: { id: number }[] = [];
    for (const home of homes) riders.push(await createRider(office.id, home));
    const nowhere = [await createRider(office.id, null), await createRider(office.id, null)];
    const drivers = [
      await createVehicleDriver(4),
      await createVehicleDriver(4),
      await createVehicleDriver(0),
    ];
    const employeeIds = [...riders, ...nowhere].map((rider) => rider.id);
    const result = await proposal({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds,
      driverIds: drivers.map((driver) => driver.id),
    });
    expectEachRiderOnce(result, employeeIds);
    expect(result.unassigned).toEqual(
      expect.arrayContaining(
        nowhere.map((rider) => ({
          employeeId: rider.id,
          name: rider.name,
          lastname: rider.lastname,
          reasonCode: "no_location",
          reason: "Sin ubicación",
        })),
      ),
    );
    expect(result.unassigned).toHaveLength(2);
    expect(result.routes).toHaveLength(2);
    expect(result.routes.map((route) => route.driverId)).not.toContain(drivers[2]?.id);
    for (const route of result.routes) {
      expect(route.routeId).toBeNull();
      expect(route.seats).toBe(4);
      expect(routeWarnings(route, result.params)).toEqual([]);
      const schedule = scheduleStops(route.stops, result.params);
      expect(route.stops.map((stop) => stop.plannedTime)).toEqual(
        schedule.stops.map((stop) => stop.plannedTime),
      );
      expect(new Set(route.stops.map((stop) => stop.key)).size).toBe(route.stops.length);
    }
    expect(result.figures).toEqual(planFigures(result.routes, result.params));
    expect(result.figures).toMatchObject({ vehicles: 2, riders: 8 });
    // The office's own finished trips calibrate its travel model (30 km/h at 08:00, circuity 1.5).
    expect(result.params).toMatchObject({ speedKmh: 30, circuity: 1.5 });
    expect(result.params).toMatchObject({
      direction: "inbound",
      shiftTime: "08:00",
      serviceMinutes: 2,
      maxRideMinutes: 60,
    });
    expect(result.version).toMatch(/^[\w-]{20,}$/);
    expect(result.seconds).toBeGreaterThan(0);
  });

  it("more riders than seats: the rest come back «Sin asientos…»", async () => {
    const { office, shift, workplace } = await planningSetting({
      direction: "outbound",
      time: "17:00",
      calibrated: true,
    });
    const riders: { id: number }[] = [];
    for (let i = 0; i < 6; i++) riders.push(await createRider(office.id, near(3 + i, i % 2)));
    const driver = await createVehicleDriver(4);
    const result = await proposal({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: riders.map((rider) => rider.id),
      driverIds: [driver.id],
    });
    expectEachRiderOnce(
      result,
      riders.map((rider) => rider.id),
    );
    expect(result.routes).toHaveLength(1);
    expect(result.figures.riders).toBe(4);
    expect(result.unassigned).toHaveLength(2);
    for (const entry of result.unassigned) {
      expect(["capacity", "fleet_full"]).toContain(entry.reasonCode);
      expect(entry.reason).toMatch(/^Sin asientos/);
    }
    // Outbound: leaving the workplace at 17:00, the first stop comes after it.
    expect((result.routes[0]?.stops[0]?.plannedTime ?? "") > "17:00").toBe(true);
  });

  it("a rider beyond the maximum ride is unassigned «Inalcanzable…»; one over 200 km away is told to check the coordinates", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const close = await createRider(office.id, near(2));
    const farAway = await createRider(office.id, near(150));
    const abroad = await createRider(office.id, { latitude: -33.45, longitude: -70.66 });
    const driver = await createVehicleDriver(10);
    const result = await proposal({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: [close.id, farAway.id, abroad.id],
      driverIds: [driver.id],
      maxRideMinutes: 30,
    });
    expectEachRiderOnce(result, [close.id, farAway.id, abroad.id]);
    const reasons = new Map(result.unassigned.map((entry) => [entry.employeeId, entry]));
    expect(reasons.get(farAway.id)).toMatchObject({
      reasonCode: "max_ride",
      reason: "Inalcanzable dentro del viaje máximo",
    });
    expect(reasons.get(abroad.id)?.reasonCode).toBe("other");
    expect(reasons.get(abroad.id)?.reason).toMatch(
      /km del destino \(máximo 200 km\): revise sus coordenadas/,
    );
    expect(result.routes).toHaveLength(1);
  });

  it("groups neighbours within the walking radius into one stop", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const riders = [
      await createRider(office.id, near(5, 0)),
      await createRider(office.id, near(5.1, 0)),
      await createRider(office.id, near(5, 0.1)),
    ];
    const driver = await createVehicleDriver(10);
    const payload = {
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: riders.map((rider) => rider.id),
      driverIds: [driver.id],
    };
    expect((await proposal(payload)).routes[0]?.stops).toHaveLength(3);
    const grouped = await proposal({ ...payload, walkRadiusMeters: 400 });
    expect(grouped.routes[0]?.stops).toHaveLength(1);
    expect(grouped.routes[0]?.stops[0]?.employeeIds).toHaveLength(3);
  });

  it("reuses the driver's route on this shift and workplace; new routes get free names «Turno N · zona»", async () => {
    // A short shift name of its own: generated numbers count per shift name across the database.
    const { office, shift, workplace } = await planningSetting({ calibrated: true, shiftName: unique("T") });
    const existing = await createRoute({ destinationId: workplace.id, shiftId: shift.id });
    const [mine, stranger] = [await createVehicleDriver(2), await createVehicleDriver(2)];
    await addDrivers(existing.id, [mine.id]);
    const riders: { id: number }[] = [];
    for (let i = 0; i < 4; i++) riders.push(await createRider(office.id, near(4 + i)));
    await addRiders(existing.id, [riders[0]?.id ?? 0]);
    await createRoute({ name: `${routeNameShift(shift.name)} 1 · Otra zona` });
    const result = await proposal({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: riders.map((rider) => rider.id),
      driverIds: [mine.id, stranger.id],
    });
    const byDriver = new Map(result.routes.map((route) => [route.driverId, route]));
    expect(byDriver.get(mine.id)).toMatchObject({ routeId: existing.id, name: existing.name });
    expect(byDriver.get(stranger.id)?.routeId).toBeNull();
    expect(byDriver.get(stranger.id)?.name).toMatch(new RegExp(`^${routeNameShift(shift.name)} 2 · Calle `));
    expect(result.nextRouteNumber).toBe(3);
  });

  it("400 in Spanish: no riders, a bad radius, a stranger, no vehicle with seats", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const rider = await createRider(office.id, near(3));
    const driver = await createVehicleDriver(8);
    const base = {
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: [rider.id],
      driverIds: [driver.id],
    };

    const empty = await propose({ ...base, employeeIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PLANNING_NO_RIDERS_MESSAGE);
    const radius = await propose({ ...base, walkRadiusMeters: 5000 });
    expect(radius.statusCode).toBe(400);
    expect(radius.json().errors.walkRadiusMeters).toBe("El radio de caminata debe estar entre 0 y 2000 m");
    const stranger = await createRider((await planningSetting()).office.id, near(3));
    const foreign = await propose({ ...base, employeeIds: [rider.id, stranger.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors["employeeIds.1"]).toContain("no es un colaborador activo de la sucursal");
    const seatless = [await createVehicleDriver(0), await createVehicleDriver(null)];
    const noSeats = await propose({ ...base, driverIds: seatless.map((d) => d.id) });
    expect(noSeats.statusCode).toBe(400);
    expect(noSeats.json().message).toBe(PLANNING_NO_SEATS_MESSAGE);
    const missingShift = await propose({ ...base, shiftId: 999_999_999 });
    expect(missingShift.statusCode).toBe(404);
    const collaborator = await signedInAs(app, "Collaborator");
    expect((await propose(base, collaborator.headers)).statusCode).toBe(403);
  });
});

describe("proposeForShift, without HTTP", () => {
  it("defaults to the workplace, riders and drivers of the shift's current routes", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const route = await createRoute({ destinationId: workplace.id, shiftId: shift.id });
    const riders = [await createRider(office.id, near(3)), await createRider(office.id, near(5, 1))];
    const driver = await createVehicleDriver(6);
    await addRiders(
      route.id,
      riders.map((rider) => rider.id),
    );
    await addDrivers(route.id, [driver.id]);
    await createRider(office.id, near(4));
    await createVehicleDriver(30);
    const { db } = await testDatabase();
    const result = await proposeForShift(db, { shiftId: shift.id, seconds: 1 });
    expect(result.routes).toHaveLength(1);
    expect(result.routes[0]).toMatchObject({ routeId: route.id, name: route.name, driverId: driver.id });
    expectEachRiderOnce(
      result,
      riders.map((rider) => rider.id),
    );
  });
});

describe("the planner's thread", () => {
  it("takes its place when the request starts: of three at once, one gets 503 before the others plan, without reading its scene", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const riders: { id: number }[] = [];
    for (let i = 0; i < 6; i++) riders.push(await createRider(office.id, near(2 + i, (i % 3) - 1)));
    const drivers = [await createVehicleDriver(4), await createVehicleDriver(4)];
    const payload = {
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: riders.map((rider) => rider.id),
      driverIds: drivers.map((driver) => driver.id),
      // The planner searches for the whole budget: the two admitted are busy well past the 503.
      seconds: 3,
    };
    const finished: string[] = [];
    const sent = ["first", "second", "third"].map((name) =>
      propose(payload).then((response) => {
        finished.push(name);
        return { name, response };
      }),
    );

    const busy = await Promise.race(sent);
    expect(busy.response.statusCode).toBe(503);
    expect(busy.response.headers["retry-after"]).toBe("5");
    expect(busy.response.json().message).toBe(PLANNER_BUSY_MESSAGE);
    expect(finished).toEqual([busy.name]);
    expect(plannerGate.held()).toBe(2);
    // Refused before its scene is read: a shift that does not exist is busy (503), not missing (404).
    const missingShift = { ...payload, shiftId: 999_999_999 };
    expect((await propose(missingShift)).statusCode).toBe(503);
    expect(finished).toEqual([busy.name]);

    const results = await Promise.all(sent);
    expect(results.map((result) => result.response.statusCode).sort()).toEqual([200, 200, 503]);
    expect(finished[0]).toBe(busy.name);
    // Freed whatever happens: after answers, after an error (404), and free again for the next one.
    expect(plannerGate.held()).toBe(0);
    expect(plannerThreadsRunning()).toBe(0);
    expect((await propose(missingShift)).statusCode).toBe(404);
    expect(plannerGate.held()).toBe(0);
    expect((await propose({ ...payload, seconds: 1 })).statusCode).toBe(200);
  }, 60_000);

  it("runs at most two proposals at once (503 beyond) and stops when the client goes away", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const riders: { id: number }[] = [];
    for (let i = 0; i < 12; i++) riders.push(await createRider(office.id, near(2 + i, (i % 3) - 1)));
    const drivers = [
      await createVehicleDriver(4),
      await createVehicleDriver(4),
      await createVehicleDriver(4),
    ];
    const body = (seconds: number) =>
      JSON.stringify({
        shiftId: shift.id,
        destinationId: workplace.id,
        employeeIds: riders.map((rider) => rider.id),
        driverIds: drivers.map((driver) => driver.id),
        seconds,
      });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const post = (signal?: AbortSignal, seconds = 60) =>
      fetch(`${address}${API.planning.propose.path}`, {
        method: "POST",
        headers: { ...admin.headers, "content-type": "application/json" },
        body: body(seconds),
        signal,
      });
    const cancels = [new AbortController(), new AbortController()];
    const running = cancels.map((cancel) => post(cancel.signal).catch((error: Error) => error.name));
    await vi.waitFor(() => expect(plannerThreadsRunning()).toBe(2), { timeout: 20_000, interval: 50 });

    const busy = await post();
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");
    expect((await busy.json()).message).toBe(PLANNER_BUSY_MESSAGE);

    for (const cancel of cancels) cancel.abort();
    expect(await Promise.all(running)).toEqual(["AbortError", "AbortError"]);
    // "Cancelar" frees the planner: both threads stop long before their 60 s.
    await vi.waitFor(() => expect(plannerThreadsRunning()).toBe(0), { timeout: 20_000, interval: 50 });
    await vi.waitFor(() => expect(plannerGate.held()).toBe(0), { timeout: 20_000, interval: 50 });
    const again = await post(undefined, 1);
    expect(again.status).toBe(200);
  }, 60_000);
});
