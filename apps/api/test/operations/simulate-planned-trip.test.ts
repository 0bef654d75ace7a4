import { type TodayRoute, todayRoutesResponseSchema } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planTrip, type TripStep } from "../../../../scripts/simulate/plan-trip.js";
import { signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { addDrivers, addRiders, createShift } from "../helpers/plan-factories.js";
import { createDestination, createRoute } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs } from "../helpers/test-app.js";

/**
 * `npm run simulate`'s planning part (issue 25 point 5) on a real route: its stops saved by an admin
 * and read back from the driver's "Hoy", as the command reads them; the trip planned along them
 * with a fault carries that fault's signature, and its clean twin stays on the planned path.
 */

let app: FastifyInstance;
let admin: SignedIn;
let route: TodayRoute;
let employeeIds: number[];

const isoToday = () => {
  const day = new Date(Date.now()).getUTCDay();
  return day === 0 ? 7 : day;
};

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  const driver = await signedInDriver(app);
  const riders = await Promise.all(
    ["Ana", "Beto", "Carla", "Dario"].map((name) =>
      signedInCollaborator(app, { name, lastname: "Simulada" }),
    ),
  );
  employeeIds = riders.map((rider) => rider.employee.id);
  const shift = await createShift({ direction: "inbound", time: "08:00" });
  const destination = await createDestination({ latitude: 18.4697, longitude: -69.9386 });
  const created = await createRoute({
    destinationId: destination.id,
    shiftId: shift.id,
    dayIds: [isoToday()],
  });
  await addDrivers(created.id, [driver.driver.id]);
  await addRiders(created.id, employeeIds);
  // Three stops ~2.5 km apart north-west of Piantini, then the workplace.
  const stops = [
    { latitude: 18.5205, longitude: -69.9905, plannedTime: "06:50" },
    { latitude: 18.5012, longitude: -69.9718, plannedTime: "07:05" },
    { latitude: 18.4871, longitude: -69.9532, plannedTime: "07:20" },
  ].map((stop, index) => ({
    ...stop,
    position: index + 1,
    name: `Parada ${index + 1}`,
    address: null,
    employeeIds: index === 0 ? employeeIds.slice(0, 2) : [employeeIds[index + 1] as number],
  }));
  const saved = await app.inject({
    method: "PUT",
    url: API.route.saveStops.path,
    headers: admin.headers,
    payload: { routeId: created.id, stops },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const today = await app.inject({
    method: "GET",
    url: API.intermediateRoute.today.path,
    headers: { ...driver.session.headers, gmt: "0" },
  });
  expect(today.statusCode, today.body).toBe(200);
  const found = todayRoutesResponseSchema
    .parse(today.json())
    .response.find((item) => item.routeId === created.id);
  if (!found) throw new Error("the route is not on the driver's Hoy");
  route = found;
});
afterAll(() => app.close());

/** Metres from the line through the route's stops and its destination (the server's planned path). */
function metresFromPlannedPath(point: { latitude: number; longitude: number }) {
  const path = [
    ...route.stops,
    { latitude: route.destinationLatitude ?? 0, longitude: route.destinationLongitude ?? 0 },
  ];
  const toXY = (p: { latitude: number; longitude: number }) => [
    (p.longitude - point.longitude) * 111_320 * Math.cos((point.latitude * Math.PI) / 180),
    (p.latitude - point.latitude) * 110_574,
  ];
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < path.length; i++) {
    const [ax = 0, ay = 0] = toXY(path[i] as (typeof path)[number]);
    const [bx = 0, by = 0] = toXY(path[i + 1] as (typeof path)[number]);
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.min(1, Math.max(0, (-ax * dx - ay * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

const positions = (steps: TripStep[]) =>
  steps.filter((step): step is Extract<TripStep, { kind: "position" }> => step.kind === "position");
const NOW = Date.UTC(2026, 10, 27, 11, 0);
const plan = (faults: Parameters<typeof planTrip>[1]["faults"], seed: number) =>
  planTrip(route, { now: NOW, faults, seed, intervalSeconds: [5, 10] });

describe("npm run simulate: a trip along a real route's planned stops", () => {
  it("starts, sends positions with the phone's time, boards the stops' riders and ends", () => {
    const trip = plan([], 7);
    expect(trip.steps[0]?.kind).toBe("start");
    expect(trip.steps.at(-1)?.kind).toBe("end");
    const sent = positions(trip.steps);
    expect(sent.length).toBeGreaterThan(50);
    for (const step of sent) expect(step.recordedAt).toBeLessThanOrEqual(step.at);
    const boarded = trip.steps.flatMap((step) => (step.kind === "boarding" ? [step.riderId] : []));
    expect(boarded.length).toBeGreaterThan(0);
    for (const riderId of boarded) expect(employeeIds).toContain(riderId);
    // Departs now: the route's planned minutes are moved, not its day.
    expect(Math.abs((trip.steps[0]?.at ?? 0) - NOW)).toBeLessThanOrEqual(2 * 60_000);
  });

  it("a detour leaves the planned path by more than 300 m; its clean twin stays within GPS noise", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const clean = positions(plan([], seed).steps).map(metresFromPlannedPath);
      expect(Math.max(...clean), `seed ${seed}`).toBeLessThan(120);
      const detour = plan(["detour"], seed);
      expect(detour.truth).toEqual([expect.objectContaining({ fault: "detour", type: "OFF_ROUTE" })]);
      const far = positions(detour.steps).filter((step) => metresFromPlannedPath(step) > 300);
      expect(far.length, `seed ${seed}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("a GPS gap holds or loses 3.5 minutes of positions; a skipped stop is driven through", () => {
    const gap = positions(plan(["gps-gap"], 11).steps);
    const kept = gap.filter((step) => step.at - step.recordedAt > 60_000);
    const times = gap.map((step) => step.recordedAt).sort((a, b) => a - b);
    const longest = Math.max(...times.slice(1).map((at, i) => at - (times[i] ?? at)));
    expect(kept.length > 0 || longest >= 3.5 * 60_000).toBe(true);

    const skip = plan(["skip"], 11);
    const truth = skip.truth[0];
    expect(truth).toMatchObject({ fault: "skip", type: "SKIPPED_STOP" });
    expect(truth?.stopIndex).toBeGreaterThanOrEqual(1);
    expect(truth?.conditionAt).not.toBeNull();
  });
});
