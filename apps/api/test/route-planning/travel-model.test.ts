import {
  PLANNING_DEFAULTS,
  type PlanningContext,
  type PlanningProposal,
  type RiderTripView,
  type ShiftListItem,
  scheduleStops,
} from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transportServices, tripPositions, tripTraces } from "../../src/db/schema.js";
import {
  insertTrip,
  routeWith,
  signedInCollaborator,
  signedInDriver,
} from "../helpers/operation-factories.js";
import { addDrivers, addRiders } from "../helpers/plan-factories.js";
import {
  createRider,
  createVehicleDriver,
  finishedTripWithTrace,
  near,
  planningSetting,
} from "../helpers/planning-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

// One travel model, honest at any site (issue 33, decision 0058). The positions job compacts and
// measures every trip of the database: this file's trips live in one of their own.
useOwnTestDatabase();

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const DAY = 86_400_000;
/**
 * The branch offices are on UTC here (buildTestApp): trips at 07:00Z (calibrateOffice's too) start
 * in the peak hours, and the shifts of these tests are at 08:00 (peak). The caller's `GMT` header
 * changes nothing in a calibration (decision 0063): these tests send either.
 */
const GMT = { gmt: "4" };
const UTC = { gmt: "0" };

async function contextOf(shiftId: number, gmt: { gmt: string } = GMT): Promise<PlanningContext> {
  const response = await app.inject({
    method: "GET",
    url: `${API.planning.context.path}?shiftId=${shiftId}`,
    headers: { ...admin.headers, ...gmt },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A trip's raw positions, one every 5 s: each leg drives `km` (south, toward the workplace) at 30 km/h or stands `seconds`. */
async function record(
  tripId: number,
  startedAt: Date,
  fromKm: number,
  legs: ({ km: number } | { seconds: number })[],
) {
  const { db } = await testDatabase();
  const rows: (typeof tripPositions.$inferInsert)[] = [];
  let at = startedAt.getTime();
  let km = fromKm;
  const fix = () => rows.push({ intermediateRouteId: tripId, ...near(km), recordedAt: new Date(at) });
  fix();
  for (const leg of legs) {
    const seconds = "seconds" in leg ? leg.seconds : (leg.km / 30) * 3600;
    for (let t = 5; t <= seconds + 1e-9; t += 5) {
      at += 5_000;
      if ("km" in leg) km -= (30 / 3600) * 5;
      fix();
    }
  }
  await db.insert(tripPositions).values(rows);
  return new Date(at);
}

/**
 * A morning trip as a bus drives it: 5 min waiting at the depot 6 km north, 3 km at 30 km/h to the
 * stop, 2 min boarding there, 3 km at 30 km/h to the workplace, 3 min there. 22 min for 6 km: the
 * whole-trip average is 16 km/h; the moving speed is 30.
 */
const MORNING = [{ seconds: 300 }, { km: 3 }, { seconds: 120 }, { km: 3 }, { seconds: 180 }];

describe("calibration per branch office (decision 0058)", () => {
  it("a branch office without trips of its own plans with the defaults, however many trips others have", async () => {
    const other = await planningSetting();
    const { office, shift, workplace } = await planningSetting();
    // Another branch office's shift route carried one of this office's riders: its trips are the
    // other office's, not this one's.
    const rider = await createRider(office.id, near(4));
    const route = await createRoute({ destinationId: workplace.id, shiftId: other.shift.id });
    const driver = await createVehicleDriver(20);
    for (let day = 1; day <= 6; day++) {
      const startedAt = new Date(Date.now() - day * DAY);
      startedAt.setUTCHours(7, 0, 0, 0);
      await finishedTripWithTrace({
        routeId: route.id,
        driver,
        startedAt,
        minutes: 20,
        km: 10,
        boardings: [{ employeeId: rider.id, ...near(6) }],
      });
    }

    const others = await contextOf(other.shift.id);
    expect(others.calibration).toMatchObject({ trips: 6, calibrated: true, peakSpeedKmh: 30 });

    const context = await contextOf(shift.id);
    expect(context.calibration).toMatchObject({
      trips: 0,
      calibrated: false,
      peakSpeedKmh: PLANNING_DEFAULTS.peakSpeedKmh,
      offPeakSpeedKmh: PLANNING_DEFAULTS.offPeakSpeedKmh,
      circuity: PLANNING_DEFAULTS.circuity,
      peakSpeedMedianKmh: null,
    });
    expect(context.travelModel).toMatchObject({
      speedKmh: PLANNING_DEFAULTS.peakSpeedKmh,
      speedSource: "default",
      circuitySource: "default",
      travelSpeedKmh: null,
    });
    expect(context.params.speedKmh).toBe(PLANNING_DEFAULTS.peakSpeedKmh);
  });

  it("four trips of its own are not enough: still the defaults, and the page is told how many it has", async () => {
    const { office, shift, workplace } = await planningSetting();
    const rider = await createRider(office.id, near(6));
    const route = await createRoute({ destinationId: workplace.id, shiftId: shift.id });
    const driver = await createVehicleDriver(20);
    for (let day = 1; day <= 4; day++) {
      const startedAt = new Date(Date.now() - day * DAY);
      startedAt.setUTCHours(7, 0, 0, 0);
      await finishedTripWithTrace({
        routeId: route.id,
        driver,
        startedAt,
        minutes: 60,
        km: 6,
        boardings: [{ employeeId: rider.id, ...near(6) }],
      });
    }
    const context = await contextOf(shift.id);
    expect(context.calibration).toMatchObject({ trips: 4, peakTrips: 4, calibrated: false });
    expect(context.params.speedKmh).toBe(PLANNING_DEFAULTS.peakSpeedKmh);
  });

  it("measures the moving speed: a trace with long stops plans at the speed the bus drove, not its average", async () => {
    const { office, shift, workplace } = await planningSetting();
    const rider = await createRider(office.id, near(3));
    const route = await createRoute({ destinationId: workplace.id, shiftId: shift.id });
    const driver = await createVehicleDriver(20);
    const { db } = await testDatabase();
    const ids: number[] = [];
    for (let day = 1; day <= 5; day++) {
      const startedAt = new Date(Date.now() - day * DAY);
      startedAt.setUTCHours(7, 0, 0, 0);
      const trip = await insertTrip({
        driverId: driver.id,
        supplierId: driver.supplierId,
        routeId: route.id,
        startedAt,
        endedAt: new Date(startedAt.getTime() + 23 * 60_000),
      });
      await record(trip.id, startedAt, 6, MORNING);
      await db.insert(transportServices).values({
        intermediateRouteId: trip.id,
        employeeId: rider.id,
        status: "Boarded",
        scannedAt: new Date(startedAt.getTime() + 12 * 60_000),
        boardingMethod: "qr",
        boardedLatitude: near(3).latitude,
        boardedLongitude: near(3).longitude,
      });
      ids.push(trip.id);
    }
    const result = await app.positionsJob.work();
    expect(result.compacted).toBe(5);
    for (const id of ids) {
      const [trace] = await db.select().from(tripTraces).where(eq(tripTraces.intermediateRouteId, id));
      expect(trace?.km).toBeCloseTo(6, 1);
      expect(trace?.movingKm).toBeCloseTo(6, 1);
      expect(trace?.movingSeconds).toBeCloseTo(720, -1);
    }
    const context = await contextOf(shift.id);
    expect(context.calibration).toMatchObject({ trips: 5, peakTrips: 5, calibrated: true });
    expect(context.calibration.peakSpeedKmh).toBeGreaterThan(29);
    expect(context.calibration.peakSpeedKmh).toBeLessThan(31);
    expect(context.calibration.peakSpeedMedianKmh).toBe(context.calibration.peakSpeedKmh);
    // 6 km of road for the 3 km straight from the stop to the workplace (the depot is no stop).
    expect(context.calibration.circuity).toBeCloseTo(2, 1);
    expect(context.travelModel).toMatchObject({ speedSource: "calibrated", circuitySource: "calibrated" });
    expect(context.params.speedKmh).toBe(context.calibration.peakSpeedKmh);
  });

  it("a slow median is clamped to 8 km/h and the page sees the median it came from", async () => {
    const { office, shift, workplace } = await planningSetting();
    const rider = await createRider(office.id, near(6));
    const route = await createRoute({ destinationId: workplace.id, shiftId: shift.id });
    const driver = await createVehicleDriver(20);
    for (let day = 1; day <= 5; day++) {
      const startedAt = new Date(Date.now() - day * DAY);
      startedAt.setUTCHours(7, 0, 0, 0);
      await finishedTripWithTrace({
        routeId: route.id,
        driver,
        startedAt,
        minutes: 60,
        km: 6,
        boardings: [{ employeeId: rider.id, ...near(6) }],
      });
    }
    const context = await contextOf(shift.id);
    expect(context.calibration).toMatchObject({ peakSpeedKmh: 8, peakSpeedMedianKmh: 6, calibrated: true });
  });
});

describe("the branch offices' clock splits the peak hours (decision 0063)", () => {
  it("one calibration whoever asks: the caller's zone changes nothing, the branch offices' does", async () => {
    const { office, shift, workplace } = await planningSetting();
    const rider = await createRider(office.id, near(6));
    const route = await createRoute({ destinationId: workplace.id, shiftId: shift.id });
    const driver = await createVehicleDriver(20);
    for (let day = 1; day <= 5; day++) {
      const startedAt = new Date(Date.now() - day * DAY);
      startedAt.setUTCHours(11, 0, 0, 0);
      await finishedTripWithTrace({
        routeId: route.id,
        driver,
        startedAt,
        minutes: 20,
        km: 10,
        boardings: [{ employeeId: rider.id, ...near(6) }],
      });
    }
    // 11:00Z is 11:00 at branch offices on UTC (off-peak), whatever the caller's zone.
    for (const gmt of [UTC, GMT]) {
      expect((await contextOf(shift.id, gmt)).calibration).toMatchObject({ peakTrips: 0, offPeakTrips: 5 });
    }
    // At branch offices on UTC−4 it is 07:00 there: peak, again whatever the caller's zone.
    const santoDomingo = await buildTestApp({ branchOfficeOffsetAt: () => 240 });
    try {
      const officeAdmin = await signedInAs(santoDomingo, "Admin");
      for (const gmt of [UTC, GMT]) {
        const response = await santoDomingo.inject({
          method: "GET",
          url: `${API.planning.context.path}?shiftId=${shift.id}`,
          headers: { ...officeAdmin.headers, ...gmt },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect((response.json() as PlanningContext).calibration).toMatchObject({
          peakTrips: 5,
          offPeakTrips: 0,
          peakSpeedKmh: 30,
        });
      }
    } finally {
      await santoDomingo.close();
    }
  });
});

describe("moving figures of a trace (decision 0058)", () => {
  it("End stores them with the compact trace", async () => {
    const { session, driver } = await signedInDriver(app);
    const route = await routeWith({ driverIds: [driver.id] });
    const started = await app.inject({
      method: "PUT",
      url: API.intermediateRoute.start.path,
      headers: session.headers,
      payload: { routeId: route.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const id: number = started.json().intermediateRoute.id;
    await record(id, new Date(Date.now() - 30 * 60_000), 6, MORNING);
    const ended = await app.inject({
      method: "PUT",
      url: API.intermediateRoute.end.path,
      headers: session.headers,
      payload: { intermediateRouteId: id },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const { db } = await testDatabase();
    const [trace] = await db.select().from(tripTraces).where(eq(tripTraces.intermediateRouteId, id));
    // No stop or boarding is known where the bus stood 2 min mid-way: that is traffic (its time
    // counts, no km); the waits at the start and the end are not.
    expect(trace?.movingKm).toBeCloseTo(6, 1);
    expect(trace?.movingSeconds).toBeCloseTo(720 + 120, -1);
  });

  it("the positions job measures a trace compacted before they existed, while its raw positions are kept", async () => {
    const driver = await createVehicleDriver(20);
    const route = await createRoute({});
    const startedAt = new Date(Date.now() - 2 * DAY);
    const trip = await finishedTripWithTrace({
      routeId: route.id,
      driver,
      startedAt,
      minutes: 23,
      km: 6,
      movingKm: null,
      movingMinutes: null,
      boardings: [],
    });
    await record(trip.id, startedAt, 6, MORNING);
    const result = await app.positionsJob.work();
    expect(result.measured).toBeGreaterThanOrEqual(1);
    const { db } = await testDatabase();
    const [trace] = await db.select().from(tripTraces).where(eq(tripTraces.intermediateRouteId, trip.id));
    expect(trace?.movingKm).toBeCloseTo(6, 1);
    expect(trace?.movingSeconds).toBeGreaterThan(700);
    expect((await app.positionsJob.work()).measured).toBe(0);
  });
});

describe("a shift's own travel model (decision 0058)", () => {
  const putShift = (shift: { id: number; branchOfficeId: number; name: string }, extra: object) =>
    app.inject({
      method: "PUT",
      url: API.shift.update.path,
      headers: admin.headers,
      payload: {
        id: shift.id,
        branchOfficeId: shift.branchOfficeId,
        name: shift.name,
        direction: "inbound",
        time: "08:00",
        dayIds: [1, 2, 3, 4, 5],
        ...extra,
      },
    });
  const listed = async (shift: { id: number; branchOfficeId: number }) => {
    const response = await app.inject({
      method: "GET",
      url: `${API.shift.list.path}?branchOfficeId=${shift.branchOfficeId}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().list as ShiftListItem[]).find((item) => item.id === shift.id);
  };

  it("replaces the calibration for the shift in propose and the planned times, and goes back to it with null", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const riders = [await createRider(office.id, near(4, 1)), await createRider(office.id, near(6))];
    const driver = await createVehicleDriver(10);
    expect((await contextOf(shift.id, UTC)).params).toMatchObject({ speedKmh: 30, circuity: 1.5 });

    const saved = await putShift(shift, { travelSpeedKmh: 15, travelCircuity: 1.2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await listed(shift)).toMatchObject({ travelSpeedKmh: 15, travelCircuity: 1.2 });
    const context = await contextOf(shift.id, UTC);
    expect(context.travelModel).toEqual({
      speedKmh: 15,
      circuity: 1.2,
      peak: true,
      speedSource: "override",
      circuitySource: "override",
      travelSpeedKmh: 15,
      travelCircuity: 1.2,
    });
    expect(context.params).toMatchObject({ speedKmh: 15, circuity: 1.2 });

    const proposed = await app.inject({
      method: "POST",
      url: API.planning.propose.path,
      headers: { ...admin.headers, ...UTC },
      payload: {
        shiftId: shift.id,
        destinationId: workplace.id,
        employeeIds: riders.map((rider) => rider.id),
        driverIds: [driver.id],
        seconds: 1,
      },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const proposal: PlanningProposal = proposed.json();
    expect(proposal.params).toMatchObject({ speedKmh: 15, circuity: 1.2 });
    const [planned] = proposal.routes;
    expect(planned?.stops.map((stop) => stop.plannedTime)).toEqual(
      scheduleStops(planned?.stops ?? [], proposal.params).stops.map((stop) => stop.plannedTime),
    );

    // Absent keeps the override (the spec's shift form does not send it); out of range is refused.
    expect((await putShift(shift, {})).statusCode).toBe(200);
    expect(await listed(shift)).toMatchObject({ travelSpeedKmh: 15, travelCircuity: 1.2 });
    const slow = await putShift(shift, { travelSpeedKmh: 5 });
    expect(slow.statusCode).toBe(400);
    expect(slow.json().errors).toMatchObject({ travelSpeedKmh: "La velocidad debe estar entre 8 y 80 km/h" });
    const winding = await putShift(shift, { travelCircuity: 3 });
    expect(winding.json().errors).toMatchObject({ travelCircuity: "El desvío debe estar entre 1 y 2.5" });

    // «Volver a los valores calculados».
    expect((await putShift(shift, { travelSpeedKmh: null, travelCircuity: null })).statusCode).toBe(200);
    expect(await listed(shift)).toMatchObject({ travelSpeedKmh: null, travelCircuity: null });
    const back = await contextOf(shift.id, UTC);
    expect(back.params).toMatchObject({ speedKmh: 30, circuity: 1.5 });
    expect(back.travelModel).toMatchObject({ speedSource: "calibrated", circuitySource: "calibrated" });
  });

  it("«Mi bus» gets the model of the trip's shift, the one its planned times use", async () => {
    const { shift, workplace } = await planningSetting();
    expect((await putShift(shift, { travelSpeedKmh: 18.5 })).statusCode).toBe(200);
    const route = await createRoute({ destinationId: workplace.id, shiftId: shift.id });
    const { employee, session } = await signedInCollaborator(app);
    await addRiders(route.id, [employee.id]);
    const driver = await createVehicleDriver(10);
    await addDrivers(route.id, [driver.id]);
    const trip = await insertTrip({
      driverId: driver.id,
      supplierId: driver.supplierId,
      routeId: route.id,
      startedAt: new Date(),
      endedAt: null,
    });
    const response = await app.inject({
      method: "GET",
      url: apiPath(API.intermediateRoute.current, { id: trip.id }),
      headers: { ...session.headers, ...GMT },
    });
    expect(response.statusCode, response.body).toBe(200);
    const view: RiderTripView = response.json();
    expect(view.travelModel).toEqual({
      speedKmh: 18.5,
      circuity: PLANNING_DEFAULTS.circuity,
      serviceMinutes: PLANNING_DEFAULTS.serviceMinutes,
      speedSource: "override",
    });
  });
});
