import type { HubConnection } from "@microsoft/signalr";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_YOUR_TRIP } from "../../src/modules/trips/trip-access.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
} from "../helpers/booking-factories.js";
import { insertTrip, signedInDriver } from "../helpers/operation-factories.js";
import type { SignedIn } from "../helpers/test-app.js";
import { officialClient } from "../hub/hub-test-kit.js";

// Monday 23 November 2026 on UTC−4: the stop is planned at 06:40 local (10:40Z), cut-off 04:40 (08:40Z).
const DATE = "2026-11-23";
const at = (hhmmss: string) => `${DATE}T${hhmmss}.000Z`;
const clock: TestClock = { now: Date.parse(at("08:00:00")) };
let app: FastifyInstance;
let baseUrl: string;
const hubs: HubConnection[] = [];

beforeAll(async () => {
  app = await bookingApp(clock);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.stop()));
  await app.close();
});

type Rider = Awaited<ReturnType<typeof bookingRider>>;

/**
 * A route of 3 seats (1 assigned rider) in progress; «seated» and «leaver» took the other two,
 * «first» and «second» waited; then «leaver» cancelled, so «first» was promoted.
 */
async function tripWithSeats() {
  const shift = await bookingShift({ direction: "inbound", time: "08:00" });
  const driver = await signedInDriver(app);
  const assigned = await bookingRider(app, shift.branchOfficeId, { name: "Asignada" });
  const riders: Record<string, Rider> = {};
  for (const name of ["seated", "leaver", "first", "second", "stranger"]) {
    riders[name] = await bookingRider(app, shift.branchOfficeId, { name });
  }
  const route = await bookingRoute({
    shiftId: shift.id,
    seats: 3,
    drivers: [driver.driver.id],
    departureTime: "06:40",
    stops: [{ name: "Parada Los Prados", time: "06:40", riders: [assigned.employee.id] }],
  });
  const { seated, leaver, first, second, stranger } = riders as Record<string, Rider>;
  if (!seated || !leaver || !first || !second || !stranger) throw new Error("riders");
  const ask = (rider: Rider) =>
    call(app, rider.session, API.booking.confirm, { body: { routeId: route.id, date: DATE } });
  expect((await ask(seated)).body).toMatchObject({ status: "CONFIRMED" });
  expect((await ask(leaver)).body).toMatchObject({ status: "CONFIRMED" });
  expect((await ask(first)).body).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
  expect((await ask(second)).body).toMatchObject({ status: "WAITLISTED", waitlistPosition: 2 });
  const cancelled = await call(app, leaver.session, API.booking.cancel, {
    body: { routeId: route.id, date: DATE },
  });
  expect(cancelled.body).toEqual({ status: "CANCELLED" });
  const trip = await insertTrip({
    driverId: driver.driver.id,
    supplierId: driver.supplier.id,
    routeId: route.id,
    startedAt: new Date(at("10:20:00")),
    endedAt: null,
  });
  return { trip, route, assigned, seated, leaver, first, second, stranger };
}

const current = (session: SignedIn, tripId: number) =>
  call(app, session, {
    ...API.intermediateRoute.current,
    path: `/api/v1/IntermediateRoute/current/${tripId}`,
  });

describe("«Mi bus» for a rider with a seat booked on another route that day (issue 35)", () => {
  it("a CONFIRMED seat (asked or promoted) and a cancelled one see the trip as riders; the waitlisted and the unbooked do not", async () => {
    const { trip, route, assigned, seated, leaver, first, second, stranger } = await tripWithSeats();
    for (const rider of [assigned, seated, leaver, first]) {
      const seen = await current(rider.session, trip.id);
      expect(seen.status, rider.employee.name).toBe(200);
      expect(seen.body).toMatchObject({ view: "rider", id: trip.id, routeId: route.id });
    }
    for (const rider of [second, stranger]) {
      expect(await current(rider.session, trip.id)).toMatchObject({
        status: 403,
        body: { message: NOT_YOUR_TRIP },
      });
    }
  });

  it("the seat holder may follow the trip live on the hub; the unbooked may not", async () => {
    const { trip, seated, stranger } = await tripWithSeats();
    const group = `intermediate-group-${trip.id}`;
    const connect = async (rider: Rider) => {
      const hub = officialClient(baseUrl, rider.session.token);
      await hub.start();
      hubs.push(hub);
      return hub;
    };
    await expect((await connect(seated)).invoke("JoinGroupIntermediateRoute", group)).resolves.toBeNull();
    await expect((await connect(stranger)).invoke("JoinGroupIntermediateRoute", group)).rejects.toThrow(
      /permiso/,
    );
  });
});
