import { randomUUID } from "node:crypto";
import {
  ALREADY_NO_SHOW_MESSAGE,
  NO_SHOW_BOARDED_MESSAGE,
  NO_SHOW_NOT_EXPECTED_MESSAGE,
  NOT_TRIP_DRIVER_MESSAGE,
  noShowWaitMessage,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchOffices, transportServices, tripPositions } from "../../src/db/schema.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
  take,
} from "../helpers/booking-factories.js";
import { insertTrip, signedInDriver } from "../helpers/operation-factories.js";
import { createDestination } from "../helpers/route-factories.js";
import { type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

// Monday 2 December 2030 on UTC−4: the stop is planned at 06:40 local (10:40Z).
const DATE = "2030-12-02";
const STOP = { latitude: 18.47, longitude: -69.94 };
const at = (hhmmss: string) => `${DATE}T${hhmmss}.000Z`;
const clock: TestClock = { now: Date.parse(at("11:30:00")) };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

/** A driver's trip in progress on an inbound route with one stop (06:40) and `count` riders on it. */
async function tripWith(
  count: number,
  options: { direction?: "inbound" | "outbound"; arrivedAt?: string } = {},
) {
  const shift = await bookingShift({
    direction: options.direction ?? "inbound",
    time: options.direction === "outbound" ? "17:00" : "08:00",
  });
  const driver = await signedInDriver(app);
  const riders = [];
  for (let i = 0; i < count; i++) riders.push(await bookingRider(app, shift.branchOfficeId));
  const workplace = await createDestination({ latitude: 18.5, longitude: -69.9 });
  const route = await bookingRoute({
    shiftId: shift.id,
    destinationId: workplace.id,
    drivers: [driver.driver.id],
    departureTime: options.direction === "outbound" ? "17:00" : "06:40",
    stops: [
      {
        name: "Parada Los Prados",
        time: options.direction === "outbound" ? "17:30" : "06:40",
        ...STOP,
        riders: riders.map((r) => r.employee.id),
      },
    ],
  });
  const startedAt = options.direction === "outbound" ? "20:50:00" : "10:20:00";
  const trip = await insertTrip({
    driverId: driver.driver.id,
    supplierId: driver.supplier.id,
    routeId: route.id,
    startedAt: new Date(at(startedAt)),
    endedAt: null,
  });
  if (options.arrivedAt) {
    const { db } = await testDatabase();
    await db.insert(tripPositions).values([
      {
        intermediateRouteId: trip.id,
        latitude: 18.3,
        longitude: -69.94,
        recordedAt: new Date(at("10:30:00")),
      },
      { intermediateRouteId: trip.id, ...STOP, recordedAt: new Date(at(options.arrivedAt)) },
    ]);
  }
  return { driver, riders, route, trip, workplace, shift };
}

const noShow = (session: SignedIn, body: Record<string, unknown>) =>
  call(app, session, API.transportService.noShow, { body });

describe("«Ausente» at the stop: 150 m and 2 minutes after the later of arriving and the planned time", () => {
  it("waits for the later of arriving (06:41) and the planned time (06:40), plus 2 minutes: 06:43", async () => {
    const { driver, riders, trip } = await tripWith(1, { arrivedAt: "10:41:00" });
    const rider = take(riders, 1)[0];
    const body = { intermediateRouteId: trip.id, employeeId: rider.employee.id, ...STOP };
    const early = await noShow(driver.session, { ...body, recordedAt: at("10:42:59") });
    expect(early).toMatchObject({ status: 409, body: { message: noShowWaitMessage("06:43") } });
    expect(early.body.message).toBe("Espere hasta las 06:43 en la parada");
    const actionId = randomUUID();
    const done = await noShow(driver.session, { ...body, recordedAt: at("10:43:00"), actionId });
    expect(done).toEqual({
      status: 200,
      body: {
        status: "NO_SHOW",
        intermediateRouteId: trip.id,
        employeeId: rider.employee.id,
        date: DATE,
        recordedAt: at("10:43:00"),
        message: "Ausencia registrada",
      },
    });
    // The same action again is the first answer; another press (another phone, another actionId,
    // even from elsewhere) is already done: 200 with the record as it was, and nobody told twice.
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:43:00"), actionId })).toEqual(done);
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:44:00") })).toEqual(done);
    expect(
      await noShow(driver.session, {
        ...body,
        latitude: 18.6,
        recordedAt: at("10:45:00"),
        actionId: randomUUID(),
      }),
    ).toEqual(done);
    const told = (await call(app, rider.session, API.notification.unread)).body;
    expect(told).toEqual([
      expect.objectContaining({
        title: "Marcado como ausente",
        message: expect.stringContaining("a las 06:43"),
      }),
    ]);
    const manifest = await call(app, driver.session, API.booking.manifest, {
      query: { routeId: trip.routeId as number, date: DATE },
    });
    expect(manifest.body).toMatchObject({ noShow: 1, confirmed: 0 });
  });

  it("with no position near the stop, the first press there is the arrival: the wait counts from it", async () => {
    const { driver, riders, trip } = await tripWith(2);
    const [ana, bea] = take(riders, 2);
    const body = { intermediateRouteId: trip.id, employeeId: ana.employee.id, ...STOP };
    // A press 200 m away is refused for the distance and is no arrival.
    const far = { ...body, latitude: STOP.latitude + 0.0018, recordedAt: at("10:30:00") };
    expect((await noShow(driver.session, far)).status).toBe(409);
    // Arriving is the first press at the stop (06:41), later than the plan (06:40): 06:43.
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:41:00") })).toMatchObject({
      status: 409,
      body: { message: noShowWaitMessage("06:43") },
    });
    // Pressing again does not move the arrival: still 06:43, for this rider or another at the stop.
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:42:30") })).toMatchObject({
      status: 409,
      body: { message: noShowWaitMessage("06:43") },
    });
    const other = { ...body, employeeId: bea.employee.id };
    expect(await noShow(driver.session, { ...other, recordedAt: at("10:42:00") })).toMatchObject({
      status: 409,
      body: { message: noShowWaitMessage("06:43") },
    });
    // After the wait, at the stop, it is recorded.
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:43:00") })).toMatchObject({
      status: 200,
      body: { status: "NO_SHOW", recordedAt: at("10:43:00") },
    });
    expect(await noShow(driver.session, { ...other, recordedAt: at("10:45:00") })).toMatchObject({
      status: 200,
      body: { status: "NO_SHOW" },
    });
  });

  it("before the planned time, the plan counts: a first press at 06:39 waits until 06:42", async () => {
    const { driver, riders, trip } = await tripWith(1);
    const body = { intermediateRouteId: trip.id, employeeId: take(riders, 1)[0].employee.id, ...STOP };
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:39:00") })).toMatchObject({
      status: 409,
      body: { message: noShowWaitMessage("06:42") },
    });
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:42:00") })).toMatchObject({
      status: 200,
      body: { status: "NO_SHOW" },
    });
  });

  it("waits the minutes an admin set on the branch office (PUT BranchOffice): 5, then 0", async () => {
    const { driver, riders, trip, shift } = await tripWith(1, { arrivedAt: "10:41:00" });
    const { db } = await testDatabase();
    const [office] = await db.select().from(branchOffices).where(eq(branchOffices.id, shift.branchOfficeId));
    if (!office) throw new Error("no office");
    const setWait = (noShowWaitMinutes: number) =>
      call(app, admin, API.branchOffice.update, {
        body: { id: office.id, name: office.name, address: office.address, noShowWaitMinutes },
      });
    expect((await setWait(5)).status).toBe(200);
    const body = { intermediateRouteId: trip.id, employeeId: take(riders, 1)[0].employee.id, ...STOP };
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:45:59") })).toMatchObject({
      status: 409,
      body: { message: noShowWaitMessage("06:46") },
    });
    expect((await setWait(0)).status).toBe(200);
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:41:00") })).toMatchObject({
      status: 200,
      body: { status: "NO_SHOW" },
    });
  });

  it("more than 150 m from the stop is refused with the distance", async () => {
    const { driver, riders, trip } = await tripWith(1, { arrivedAt: "10:38:00" });
    const far = { latitude: STOP.latitude + 0.0018, longitude: STOP.longitude };
    const refused = await noShow(driver.session, {
      intermediateRouteId: trip.id,
      employeeId: take(riders, 1)[0].employee.id,
      ...far,
      recordedAt: at("10:50:00"),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Está a 200 m de la parada «Parada Los Prados»: acérquese a menos de 150 m para marcar ausente",
    );
    const near = { latitude: STOP.latitude + 0.0013, longitude: STOP.longitude };
    const accepted = await noShow(driver.session, {
      intermediateRouteId: trip.id,
      employeeId: take(riders, 1)[0].employee.id,
      ...near,
      recordedAt: at("10:50:00"),
    });
    expect(accepted.status).toBe(200);
  });

  it("only a confirmed rider who has not boarded, on the driver's own trip", async () => {
    const { driver, riders, trip } = await tripWith(3, { arrivedAt: "10:38:00" });
    const [cancelled, boarded, other] = take(riders, 3);
    clock.now = Date.parse("2030-11-30T12:00:00Z");
    await call(app, cancelled.session, API.booking.cancel, { body: { routeId: trip.routeId, date: DATE } });
    clock.now = Date.parse(at("11:30:00"));
    const { db } = await testDatabase();
    await db.insert(transportServices).values({
      intermediateRouteId: trip.id,
      employeeId: boarded.employee.id,
      status: "Boarded",
      scannedAt: new Date(at("10:38:00")),
      boardingMethod: "qr",
    });
    const body = (employeeId: number) => ({
      intermediateRouteId: trip.id,
      employeeId,
      ...STOP,
      recordedAt: at("10:50:00"),
    });
    expect(await noShow(driver.session, body(cancelled.employee.id))).toMatchObject({
      status: 409,
      body: { message: NO_SHOW_NOT_EXPECTED_MESSAGE },
    });
    expect(await noShow(driver.session, body(boarded.employee.id))).toMatchObject({
      status: 409,
      body: { message: NO_SHOW_BOARDED_MESSAGE },
    });
    const stranger = await signedInDriver(app);
    expect(await noShow(stranger.session, body(other.employee.id))).toMatchObject({
      status: 403,
      body: { message: NOT_TRIP_DRIVER_MESSAGE },
    });
    expect((await noShow(other.session, body(other.employee.id))).status).toBe(403);
    const manifest = (
      await call(app, admin, API.booking.manifest, { query: { routeId: trip.routeId as number, date: DATE } })
    ).body;
    expect(manifest).toMatchObject({ confirmed: 1, cancelled: 1, ridden: 1, noShow: 0 });
  });

  it("on an outbound route the riders board at the workplace, at the departure", async () => {
    const { driver, riders, trip, workplace } = await tripWith(1, { direction: "outbound" });
    clock.now = Date.parse(at("21:10:00"));
    const body = { intermediateRouteId: trip.id, employeeId: take(riders, 1)[0].employee.id };
    const atStop = await noShow(driver.session, { ...body, ...STOP, recordedAt: at("21:05:00") });
    expect(atStop.status).toBe(409);
    expect(atStop.body.message).toContain(`de la parada «${workplace.name}»`);
    const point = { latitude: 18.5, longitude: -69.9 };
    // Departure 17:00 local = 21:00Z; nothing known near the workplace: arriving is the press (17:01).
    expect(await noShow(driver.session, { ...body, ...point, recordedAt: at("21:01:00") })).toMatchObject({
      status: 409,
      body: { message: noShowWaitMessage("17:03") },
    });
    clock.now = Date.parse(at("11:30:00"));
  });
});

describe("«Ausente» already recorded otherwise", () => {
  it("an absence set by an admin (not on this trip) is still refused as already recorded", async () => {
    const { driver, riders, trip } = await tripWith(1, { arrivedAt: "10:41:00" });
    const rider = take(riders, 1)[0];
    const changed = await call(app, admin, API.booking.admin, {
      body: {
        employeeId: rider.employee.id,
        routeId: trip.routeId as number,
        date: DATE,
        status: "NO_SHOW",
        reason: "Avisó al supervisor",
      },
    });
    expect(changed.status).toBe(200);
    const body = { intermediateRouteId: trip.id, employeeId: rider.employee.id, ...STOP };
    expect(await noShow(driver.session, { ...body, recordedAt: at("10:44:00") })).toMatchObject({
      status: 409,
      body: { message: ALREADY_NO_SHOW_MESSAGE },
    });
  });
});
