import { TRIP_SHEET_MAX_TRACE_POINTS, type TripSheet } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, drivers, transportServices, tripPositions } from "../../src/db/schema.js";
import {
  createDestination,
  createRider,
  createRoute,
  createRouteNotScheduled,
  createSupplierDriver,
  createTrip,
  localTime,
  uniqueDay,
} from "../helpers/reporting-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const GMT = 4;
const sheet = (id: number, headers: Record<string, string> = { ...admin.headers, gmt: String(GMT) }) =>
  app.inject({
    method: "GET",
    url: `${API.intermediateRoute.sheet.path}?intermediateRouteId=${id}`,
    headers,
  });

/** `count` positions going north from (18.40, -69.90), `step` degrees of latitude apart, a minute each. */
async function drive(tripId: number, from: Date, count: number, step: number) {
  const { db } = await testDatabase();
  const rows = Array.from({ length: count }, (_, i) => ({
    intermediateRouteId: tripId,
    latitude: 18.4 + i * step,
    longitude: -69.9,
    recordedAt: new Date(from.getTime() + i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 1_000)
    await db.insert(tripPositions).values(rows.slice(i, i + 1_000));
}

describe("GET /api/v1/IntermediateRoute/sheet", () => {
  it("shows the evidence of a scheduled trip: plan vs start, duration, km, trace, riders, cancellations", async () => {
    const { db } = await testDatabase();
    const day = await uniqueDay();
    const destination = await createDestination();
    const route = await createRoute({ departureTime: "07:30", cost: "30.00", destinationId: destination.id });
    const { driver, supplier } = await createSupplierDriver({ name: "Ramón", lastname: "Ulloa" });
    await db
      .update(drivers)
      .set({ vehiclePlate: "A123456", vehicleModel: "Toyota Coaster", vehicleCapacity: 30 })
      .where(eq(drivers.id, driver.id));
    const [ana, beto, carla] = [
      await createRider({ name: "Ana", lastname: "Abreu" }),
      await createRider({ name: "Beto", lastname: "Báez" }),
      await createRider({ name: "Carla", lastname: "Cruz" }),
    ];
    const startedAt = localTime(day, 7.7, GMT); // 07:42 local, 12 minutes late
    const trip = await createTrip({
      routeId: route.id,
      driver,
      cost: "30.00",
      startedAt,
      endedAt: localTime(day, 8.45, GMT), // 08:27 local: 45 minutes
      riders: [ana.id, beto.id],
      canceled: [carla.id],
    });
    await db
      .update(transportServices)
      .set({
        boardingMethod: "manual",
        boardingReason: "Teléfono sin batería",
        boardedLatitude: 18.45,
        boardedLongitude: -69.9,
      })
      .where(eq(transportServices.employeeId, beto.id));
    await db
      .update(transportServices)
      .set({ boardingMethod: "qr", boardedLatitude: 18.41, boardedLongitude: -69.9 })
      .where(eq(transportServices.employeeId, ana.id));
    await db
      .insert(comments)
      .values({ intermediateRouteId: trip.id, employeeId: ana.id, text: "Muy puntual" });
    // 11 positions 0.01° of latitude apart: 10 × 1.111951 km (haversine, mean Earth radius).
    await drive(trip.id, startedAt, 11, 0.01);

    const response = await sheet(trip.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as TripSheet;
    expect(body).toMatchObject({
      id: trip.id,
      kind: "scheduled",
      status: "Finished",
      routeId: route.id,
      routeNotScheduledId: null,
      routeName: route.name,
      supplierId: supplier.id,
      supplierName: supplier.name,
      driverId: driver.id,
      driverName: "Ramón",
      driverLastname: "Ulloa",
      vehicle: { plate: "A123456", model: "Toyota Coaster", capacity: 30 },
      destinationName: destination.name,
      plannedDate: localTime(day, 7.5, GMT).toISOString(),
      startedDate: startedAt.toISOString(),
      minutesLate: 12,
      durationMinutes: 45,
      km: 11.12,
      cost: 30,
      cutId: null,
      tracePositions: 11,
      traceSimplified: false,
    });
    expect(body.trace).toHaveLength(11);
    expect(body.trace[0]).toEqual([18.4, -69.9]);
    expect(body.riders).toEqual([
      {
        employeeId: ana.id,
        name: "Ana",
        lastname: "Abreu",
        codeEmployee: ana.codeEmployee,
        scannedDate: new Date(startedAt.getTime() + 60_000).toISOString(),
        method: "qr",
        reason: null,
        latitude: 18.41,
        longitude: -69.9,
      },
      {
        employeeId: beto.id,
        name: "Beto",
        lastname: "Báez",
        codeEmployee: beto.codeEmployee,
        scannedDate: new Date(startedAt.getTime() + 120_000).toISOString(),
        method: "manual",
        reason: "Teléfono sin batería",
        latitude: 18.45,
        longitude: -69.9,
      },
    ]);
    expect(body.cancellations).toEqual([
      {
        employeeId: carla.id,
        name: "Carla",
        lastname: "Cruz",
        codeEmployee: carla.codeEmployee,
        canceledDate: new Date(startedAt.getTime() - 3_600_000).toISOString(),
        comment: "No puedo asistir",
      },
    ]);
    expect(body.comments).toMatchObject([{ employeeId: ana.id, name: "Ana", comment: "Muy puntual" }]);
  });

  it("plans a not-scheduled trip by its date, shows a trip in progress, and simplifies a long trace", async () => {
    const day = await uniqueDay();
    const { driver } = await createSupplierDriver();
    const scheduledAt = localTime(day, 15, GMT);
    const special = await createRouteNotScheduled({ driverId: driver.id, scheduledAt, cost: "40.00" });
    const startedAt = localTime(day, 14.9, GMT); // 6 minutes early
    const trip = await createTrip({ routeNotScheduledId: special.id, driver, cost: "40.00", startedAt });
    await drive(trip.id, startedAt, 2_500, 0.0001);

    const response = await sheet(trip.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as TripSheet;
    expect(body).toMatchObject({
      kind: "notScheduled",
      status: "InProgress",
      routeNotScheduledId: special.id,
      routeName: special.name,
      plannedDate: scheduledAt.toISOString(),
      minutesLate: -6,
      endedDate: null,
      durationMinutes: null,
      vehicle: null,
      destinationName: null,
      tracePositions: 2_500,
      traceSimplified: true,
      riders: [],
      cancellations: [],
    });
    expect(body.trace).toHaveLength(TRIP_SHEET_MAX_TRACE_POINTS);
    expect(body.trace[0]).toEqual([18.4, -69.9]);
    expect(body.trace.at(-1)?.[0]).toBeCloseTo(18.4 + 2_499 * 0.0001, 9);
    expect(body.km).toBeCloseTo(2_499 * 0.0111195, 1);
  });

  it("is for administrators only, 404 in Spanish for a missing trip, and needs the GMT header", async () => {
    const { driver } = await createSupplierDriver();
    const trip = await createTrip({
      routeId: (await createRoute()).id,
      driver,
      cost: "10.00",
      startedAt: new Date(Date.UTC(2020, 0, 1, 12)),
      endedAt: new Date(Date.UTC(2020, 0, 1, 13)),
    });
    for (const role of ["Driver", "Collaborator"] as const) {
      const other = await signedInAs(app, role);
      expect((await sheet(trip.id, other.headers)).statusCode, role).toBe(403);
    }
    expect((await sheet(trip.id, {})).statusCode).toBe(401);
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await sheet(trip.id, superAdmin.headers)).statusCode).toBe(200);
    const missing = await sheet(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, message: "Ruta intermedia no encontrada" });
    const { gmt: _gmt, ...noGmt } = admin.headers;
    expect((await sheet(trip.id, noGmt)).statusCode).toBe(400);
    expect((await sheet(0)).statusCode).toBe(400);
  });
});
