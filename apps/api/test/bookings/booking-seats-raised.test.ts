import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, suppliers, users } from "../../src/db/schema.js";
import {
  bookingApp,
  bookingRider,
  bookingRoute,
  bookingShift,
  call,
  type TestClock,
} from "../helpers/booking-factories.js";
import {
  cardDigits,
  csvOf,
  DRIVER_IMPORT_COLUMNS,
  driverCells,
  hyphenated,
  importForm,
} from "../helpers/import-factories.js";
import { signedInDriver } from "../helpers/operation-factories.js";
import { createVehicleDriver } from "../helpers/planning-factories.js";
import { type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";
import { subscribedWebhook } from "../helpers/webhook-subscription.js";

// Monday 2 December 2030 on UTC−4, 04:00 local: the 06:40 route's cut-off (04:40) is still ahead.
const DATE = "2030-12-02";
const clock: TestClock = { now: Date.parse(`${DATE}T08:00:00.000Z`) };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

type Rider = Awaited<ReturnType<typeof bookingRider>>;

/** A full route (one seat taken by its assigned rider) and three riders waiting on DATE, in order. */
async function fullRoute(options: { seats: number | null; drivers?: number[] }) {
  const shift = await bookingShift({ direction: "inbound", time: "08:00" });
  const assigned = await bookingRider(app, shift.branchOfficeId, { name: "Asignada" });
  const route = await bookingRoute({
    shiftId: shift.id,
    seats: options.seats,
    drivers: options.drivers ?? [],
    departureTime: "06:40",
    stops: [{ name: "Parada Los Prados", time: "06:40", riders: [assigned.employee.id] }],
  });
  const waiting: Rider[] = [];
  for (const name of ["Ana", "Bea", "Carla"]) {
    const rider = await bookingRider(app, shift.branchOfficeId, { name });
    const asked = await call(app, rider.session, API.booking.confirm, {
      body: { routeId: route.id, date: DATE },
    });
    expect(asked.body).toMatchObject({ status: "WAITLISTED", waitlistPosition: waiting.length + 1 });
    waiting.push(rider);
  }
  return { route, waiting };
}

const statusOn = async (rider: Rider, routeId: number) => {
  const mine = await call(app, rider.session, API.booking.my, {
    query: { sinceDate: DATE, untilDate: DATE },
  });
  return mine.body.list.find((row: { routeId: number }) => row.routeId === routeId);
};
const told = async (rider: Rider) =>
  ((await call(app, rider.session, API.notification.unread)).body as { title: string }[]).map((n) => n.title);

/** PUT Route: the full route of `fullRoute`, now with 3 seats. */
const raiseToThreeSeats = (route: Awaited<ReturnType<typeof fullRoute>>["route"]) =>
  call(app, admin, API.route.update, {
    body: {
      id: route.id,
      name: route.name,
      destinationId: route.destinationId,
      dayIds: [1, 2, 3, 4, 5, 6, 7],
      departureTime: "06:40",
      cost: 30,
      seats: 3,
    },
  });

describe("more seats promote the waitlist of the open days, in order", () => {
  it("PUT Route from 1 to 3 seats confirms the first two waiting and tells them", async () => {
    const { route, waiting } = await fullRoute({ seats: 1 });
    const [ana, bea, carla] = waiting as [Rider, Rider, Rider];
    const updated = await raiseToThreeSeats(route);
    expect(updated.status).toBe(200);
    expect(await statusOn(ana, route.id)).toMatchObject({ status: "CONFIRMED" });
    expect(await statusOn(bea, route.id)).toMatchObject({ status: "CONFIRMED" });
    expect(await statusOn(carla, route.id)).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
    expect(await told(ana)).toContain("Tienes asiento");
    expect(await told(carla)).not.toContain("Tienes asiento");
  });

  it("each promotion is announced to webhooks as booking.changed by the waitlist", async () => {
    const webhook = await subscribedWebhook(["booking.changed"]);
    try {
      const { route, waiting } = await fullRoute({ seats: 1 });
      const [ana, bea] = waiting as [Rider, Rider, Rider];
      const updated = await raiseToThreeSeats(route);
      expect(updated.status).toBe(200);
      const promoted = (await webhook.queuedData()).filter(
        (data) => data.routeId === route.id && data.by === "waitlist",
      );
      expect(promoted.map((data) => data.employeeId).sort()).toEqual(
        [ana.employee.id, bea.employee.id].sort(),
      );
      expect(promoted.every((data) => data.status === "CONFIRMED" && data.date === DATE)).toBe(true);
    } finally {
      await webhook.remove();
    }
  });

  it("a driver's vehicle growing from 1 to 2 seats confirms the first waiting on its routes", async () => {
    const driver = await signedInDriver(app);
    const { db } = await testDatabase();
    await db.update(drivers).set({ vehicleCapacity: 1 }).where(eq(drivers.id, driver.driver.id));
    const { route, waiting } = await fullRoute({ seats: null, drivers: [driver.driver.id] });
    const [ana, bea] = waiting as [Rider, Rider, Rider];
    const d = driver.driver;
    const updated = await call(app, admin, API.driver.update, {
      body: {
        id: d.id,
        name: d.name,
        lastname: d.lastname,
        identityCard: d.identityCard,
        telephone: "(809) 555-2222",
        licenseNumber: "LIC-1",
        supplierId: d.supplierId,
        vehiclePlate: "A123456",
        vehicleModel: "Toyota Hiace",
        vehicleCapacity: 2,
      },
    });
    expect(updated.status).toBe(200);
    expect(await statusOn(ana, route.id)).toMatchObject({ status: "CONFIRMED" });
    expect(await statusOn(bea, route.id)).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
    expect(await told(ana)).toContain("Tienes asiento");
  });

  it("a driver import raising the vehicle from 1 to 2 seats confirms the first waiting on its routes", async () => {
    const driver = await createVehicleDriver(1);
    const card = hyphenated(cardDigits());
    const { db } = await testDatabase();
    await db.update(drivers).set({ identityCard: card }).where(eq(drivers.id, driver.id));
    const [account] = await db.select().from(users).where(eq(users.id, driver.userId));
    const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, driver.supplierId));
    if (!account || !supplier) throw new Error("no account or supplier");
    const { route, waiting } = await fullRoute({ seats: null, drivers: [driver.id] });
    const [ana, bea] = waiting as [Rider, Rider, Rider];
    const row = driverCells(supplier.name, {
      identityCard: card,
      email: account.email,
      vehicleCapacity: "2",
    });
    const imported = await app.inject({
      method: "POST",
      url: API.driver.import.path,
      headers: admin.headers,
      payload: importForm(csvOf(DRIVER_IMPORT_COLUMNS, [row])),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().rows).toEqual([expect.objectContaining({ action: "update" })]);
    expect(await statusOn(ana, route.id)).toMatchObject({ status: "CONFIRMED" });
    expect(await statusOn(bea, route.id)).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
    expect(await told(ana)).toContain("Tienes asiento");
    expect(await told(bea)).not.toContain("Tienes asiento");
  });

  it("Driver/removeRoute of the smallest vehicle confirms the first waiting, once; Driver/addRoute of a bigger one changes nothing", async () => {
    const [small, big] = [await createVehicleDriver(1), await createVehicleDriver(3)];
    const { route, waiting } = await fullRoute({ seats: null, drivers: [small.id, big.id] });
    const [ana, bea, carla] = waiting as [Rider, Rider, Rider];
    const removed = await call(app, admin, API.driver.removeRoute, {
      query: { driverId: small.id, routeId: route.id },
    });
    expect(removed.status).toBe(200);
    expect(await statusOn(ana, route.id)).toMatchObject({ status: "CONFIRMED" });
    expect(await statusOn(bea, route.id)).toMatchObject({ status: "CONFIRMED" });
    expect(await statusOn(carla, route.id)).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
    const bigger = await createVehicleDriver(10);
    const added = await call(app, admin, API.driver.addRoute, {
      query: { driverId: bigger.id, routeId: route.id },
    });
    expect(added.status).toBe(200);
    expect(await statusOn(carla, route.id)).toMatchObject({ status: "WAITLISTED", waitlistPosition: 1 });
    const granted = (titles: string[]) => titles.filter((title) => title === "Tienes asiento").length;
    expect(granted(await told(ana))).toBe(1);
    expect(granted(await told(bea))).toBe(1);
    expect(granted(await told(carla))).toBe(0);
  });

  it("Driver/removeRoute of the route's only driver lifts the limit: everyone waiting is confirmed", async () => {
    const only = await createVehicleDriver(1);
    const { route, waiting } = await fullRoute({ seats: null, drivers: [only.id] });
    const removed = await call(app, admin, API.driver.removeRoute, {
      query: { driverId: only.id, routeId: route.id },
    });
    expect(removed.status).toBe(200);
    for (const rider of waiting) {
      expect(await statusOn(rider, route.id)).toMatchObject({ status: "CONFIRMED", waitlistPosition: null });
      expect(await told(rider)).toContain("Tienes asiento");
    }
  });
});
