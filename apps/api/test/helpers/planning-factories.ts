import { eq } from "drizzle-orm";
import { drivers, employees, transportServices, tripTraces } from "../../src/db/schema.js";
import { insertTrip } from "./operation-factories.js";
import { createShift } from "./plan-factories.js";
import { createDestination, createDriver, createEmployee, createRoute } from "./route-factories.js";
import { createBranchOffice, testDatabase, unique } from "./test-app.js";

/** The workplace of the planning tests: Piantini, Santo Domingo. */
export const WORKPLACE = { latitude: 18.4697, longitude: -69.9386 };

/** A point `north` and `east` km from the workplace (straight line). */
export function near(north: number, east = 0) {
  const latitude = WORKPLACE.latitude + north / 111.195;
  const longitude = WORKPLACE.longitude + east / (111.195 * Math.cos((WORKPLACE.latitude * Math.PI) / 180));
  return { latitude, longitude };
}

/** A collaborator of the branch office with a home (`null`: no location). */
export async function createRider(
  branchOfficeId: number,
  home: { latitude: number; longitude: number } | null,
  options: { name?: string; lastname?: string; address?: string | null; status?: "active" | "inactive" } = {},
) {
  const { db } = await testDatabase();
  const employee = await createEmployee({
    name: options.name,
    lastname: options.lastname,
    status: options.status,
  });
  const [row] = await db
    .update(employees)
    .set({
      branchOfficeId,
      address: options.address === undefined ? unique("Calle ") : options.address,
      latitude: home?.latitude ?? null,
      longitude: home?.longitude ?? null,
    })
    .where(eq(employees.id, employee.id))
    .returning();
  if (!row) throw new Error("no rider");
  return { ...row, user: employee.user };
}

/** A driver with a vehicle of `seats` (null: no capacity recorded). */
export async function createVehicleDriver(
  seats: number | null,
  options: { name?: string; lastname?: string; status?: "active" | "inactive"; supplierId?: number } = {},
) {
  const { db } = await testDatabase();
  const { supplierId, ...person } = options;
  const driver = await createDriver(person);
  const [row] = await db
    .update(drivers)
    .set({
      vehicleCapacity: seats,
      vehiclePlate: unique("A").slice(0, 8).toUpperCase(),
      vehicleModel: "Coaster",
      ...(supplierId ? { supplierId } : {}),
    })
    .where(eq(drivers.id, driver.id))
    .returning();
  if (!row) throw new Error("no driver");
  return { ...row, user: driver.user };
}

/**
 * A branch office with an active shift and a workplace with coordinates. `calibrated`: the office
 * gets its own finished trips (calibrateOffice); without, it plans with the defaults (a branch
 * office never borrows another's trips, decision 0058).
 */
export async function planningSetting(
  options: {
    direction?: "inbound" | "outbound";
    time?: string;
    calibrated?: boolean;
    /** The shift's name (default «Turno <unique>»). */
    shiftName?: string;
  } = {},
) {
  const office = await createBranchOffice();
  if (options.calibrated) await calibrateOffice(office.id);
  const shift = await createShift({
    branchOfficeId: office.id,
    direction: options.direction ?? "inbound",
    time: options.time ?? "08:00",
    ...(options.shiftName ? { name: options.shiftName } : {}),
  });
  const workplace = await createDestination({ ...WORKPLACE });
  return { office, shift, workplace };
}

/**
 * A finished trip of the route with its compact trace (`km`) and boardings in order: it started
 * at `startedAt` and took `minutes`. Its moving figures (decision 0058) are the whole trip unless
 * given (`movingKm`, `movingMinutes`; null: a trace compacted before they existed).
 */
export async function finishedTripWithTrace(options: {
  routeId: number;
  driver: { id: number; supplierId: number };
  startedAt: Date;
  minutes: number;
  km: number;
  movingKm?: number | null;
  movingMinutes?: number | null;
  boardings: { employeeId: number; latitude: number; longitude: number }[];
}) {
  const { db } = await testDatabase();
  const endedAt = new Date(options.startedAt.getTime() + options.minutes * 60_000);
  const trip = await insertTrip({
    driverId: options.driver.id,
    supplierId: options.driver.supplierId,
    routeId: options.routeId,
    startedAt: options.startedAt,
    endedAt,
  });
  await db.insert(tripTraces).values({
    intermediateRouteId: trip.id,
    km: options.km,
    movingKm: options.movingKm === undefined ? options.km : options.movingKm,
    movingSeconds:
      options.movingMinutes === undefined
        ? options.minutes * 60
        : options.movingMinutes === null
          ? null
          : options.movingMinutes * 60,
    pointCount: 2,
    points: [],
    endedAt,
  });
  for (const [i, boarding] of options.boardings.entries()) {
    await db.insert(transportServices).values({
      intermediateRouteId: trip.id,
      employeeId: boarding.employeeId,
      status: "Boarded",
      scannedAt: new Date(options.startedAt.getTime() + (i + 1) * 60_000),
      boardingMethod: "qr",
      boardedLatitude: boarding.latitude,
      boardedLongitude: boarding.longitude,
    });
  }
  return trip;
}

/**
 * Five finished trips of the branch office (its collaborators boarded), each started at 07:00 UTC
 * (peak for a caller at GMT 0): 15 km of trace in 30 min, boardings 10 and 5 km north of the
 * workplace. The office's travel model is then 30 km/h at peak hours with a circuity of 1.5.
 */
export async function calibrateOffice(branchOfficeId: number) {
  const riders = [await createRider(branchOfficeId, null), await createRider(branchOfficeId, null)];
  const destination = await createDestination({ ...WORKPLACE });
  const route = await createRoute({ destinationId: destination.id });
  const driver = await createVehicleDriver(20);
  for (let day = 1; day <= 5; day++) {
    const startedAt = new Date(Date.now() - day * 86_400_000);
    startedAt.setUTCHours(7, 0, 0, 0);
    await finishedTripWithTrace({
      routeId: route.id,
      driver,
      startedAt,
      minutes: 30,
      km: 15,
      boardings: [
        { employeeId: riders[0]?.id ?? 0, ...near(10) },
        { employeeId: riders[1]?.id ?? 0, ...near(5) },
      ],
    });
  }
}
