import type { DayPlanProposal } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { bookings } from "../../src/db/schema.js";
import { ALL_DAYS, bookingRoute, call } from "./booking-factories.js";
import { createShift } from "./plan-factories.js";
import { createRider, createVehicleDriver, near, WORKPLACE } from "./planning-factories.js";
import { createDestination } from "./route-factories.js";
import { createBranchOffice, type SignedIn, testDatabase } from "./test-app.js";

/** A Monday well after the test clock's «today». */
export const DAY = "2030-12-09";
export const NEXT_DAY = "2030-12-10";

/**
 * A city of standing routes for one inbound 08:00 shift (every day) to a workplace: `routes`
 * parallel routes 1 km apart heading north, each with `stops` stops 1.2 km apart and
 * `ridersPerStop` riders on each, a driver whose vehicle has `seats` seats. Stop times as stored
 * are given by `time(route, stop)` (default: 06:40 + 6 min per stop); `northKm` moves the city north.
 */
export async function dayPlanCity(options: {
  routes: number;
  stops: number;
  ridersPerStop: number;
  seats: number;
  dayPlanAuto?: boolean;
  /** Km every stop is moved north (stops never asked for before, for a routing client that caches). */
  northKm?: number;
}) {
  const office = await createBranchOffice();
  const shift = await createShift({
    branchOfficeId: office.id,
    direction: "inbound",
    time: "08:00",
    dayIds: ALL_DAYS,
    dayPlanAuto: options.dayPlanAuto ?? false,
  });
  const workplace = await createDestination({ ...WORKPLACE });
  const routes = [];
  /** Each rider's sign-in e-mail (the test password). */
  const emails = new Map<number, string>();
  for (let r = 0; r < options.routes; r++) {
    const east = r - (options.routes - 1) / 2;
    const driver = await createVehicleDriver(options.seats);
    const stops = [];
    const riders: number[] = [];
    for (let j = 0; j < options.stops; j++) {
      const point = near((options.northKm ?? 0) + 3 + (options.stops - 1 - j) * 1.2, east);
      const stopRiders = [];
      for (let k = 0; k < options.ridersPerStop; k++) {
        const rider = await createRider(office.id, point);
        emails.set(rider.id, rider.user.email);
        stopRiders.push(rider.id);
      }
      riders.push(...stopRiders);
      const minutes = 6 * 60 + 40 + j * 6;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      stops.push({ name: `Parada ${r + 1}.${j + 1}`, time, ...point, riders: stopRiders });
    }
    const route = await bookingRoute({
      shiftId: shift.id,
      seats: options.seats,
      drivers: [driver.id],
      stops,
      destinationId: workplace.id,
    });
    routes.push({ ...route, driver, riders, stops });
  }
  return { office, shift, workplace, routes, emails };
}

/** Rows cancelling the riders' bookings of the date on their route (as «No viajaré» leaves them). */
export async function cancelRides(routeId: number, employeeIds: number[], date: string) {
  if (employeeIds.length === 0) return;
  const { db } = await testDatabase();
  await db.insert(bookings).values(
    employeeIds.map((employeeId) => ({
      routeId,
      serviceDate: date,
      employeeId,
      status: "CANCELLED",
      assigned: true,
      reason: "No viajaré",
    })),
  );
}

/** The proposal's day routes as Planning/day/apply takes them. */
export const applyBody = (
  proposal: DayPlanProposal,
  ids: { shiftId: number; destinationId: number; date: string },
  extra: object = {},
) => ({
  ...ids,
  version: proposal.version,
  routes: proposal.day.routes.map((route) => ({
    routeId: route.routeId,
    stops: route.stops.map((stop) => ({
      name: stop.name,
      address: stop.address,
      latitude: stop.latitude,
      longitude: stop.longitude,
      employeeIds: stop.employeeIds,
    })),
  })),
  ...extra,
});

/** Proposes the date's plan (200 expected); the proposal. */
export async function proposeDay(
  app: FastifyInstance,
  admin: SignedIn,
  ids: { shiftId: number; destinationId: number; date: string },
): Promise<DayPlanProposal> {
  const answer = await call(app, admin, API.planning.dayPropose, { body: ids });
  if (answer.status !== 200) throw new Error(`propose ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as DayPlanProposal;
}
