import type { DayPlanFigures } from "../../src/db/schema.js";
import { dayPlanRoutes, dayPlans, tripTraces } from "../../src/db/schema.js";
import { bookingRoute, bookingShift } from "./booking-factories.js";
import { insertTrip } from "./operation-factories.js";
import { createVehicleDriver, WORKPLACE } from "./planning-factories.js";
import { createDestination } from "./route-factories.js";
import { testDatabase } from "./test-app.js";

/** Figures as a day plan stores them (riders, seat fill and the longest ride are not reported). */
export const planFigures = (values: Pick<DayPlanFigures, "vehicles" | "km" | "cost" | "co2Kg">) => ({
  riders: 30,
  seatFill: 0.8,
  longestRideMinutes: 45,
  ...values,
});

/**
 * An inbound 08:00 shift (every day) to a workplace with two standing routes (stop at 06:00): `a`
 * with a 20-seat minibus, `b` with a 40-seat bus.
 */
export async function savingsShift(branchOfficeId?: number) {
  const shift = await bookingShift({
    direction: "inbound",
    time: "08:00",
    ...(branchOfficeId && { branchOfficeId }),
  });
  const workplace = await createDestination({ ...WORKPLACE });
  const route = async (seats: number) => {
    const driver = await createVehicleDriver(seats);
    const row = await bookingRoute({
      shiftId: shift.id,
      drivers: [driver.id],
      destinationId: workplace.id,
      stops: [{ name: "Km 9", time: "06:00" }],
    });
    return { ...row, driver };
  };
  return { shift, workplace, a: await route(20), b: await route(40) };
}

/** A day plan row as Planning/day/apply stores it: which routes run that date and the figures. */
export async function insertDayPlan(values: {
  shiftId: number;
  destinationId: number;
  date: string;
  standing: DayPlanFigures;
  day: DayPlanFigures;
  runs: number[];
  released: number[];
}) {
  const { db } = await testDatabase();
  const [plan] = await db
    .insert(dayPlans)
    .values({
      shiftId: values.shiftId,
      destinationId: values.destinationId,
      serviceDate: values.date,
      source: "auto",
      standing: values.standing,
      day: values.day,
    })
    .returning();
  if (!plan) throw new Error("no day plan");
  const routes = [
    ...values.runs.map((routeId) => ({ routeId, runs: true })),
    ...values.released.map((routeId) => ({ routeId, runs: false })),
  ];
  await db
    .insert(dayPlanRoutes)
    .values(routes.map((route) => ({ ...route, dayPlanId: plan.id, serviceDate: values.date })));
  return plan;
}

/** A finished trip of the route by its driver with the km its compact trace froze. */
export async function ranTrip(
  route: { id: number; driver: { id: number; supplierId: number | null } },
  startedAt: string,
  km: number,
  cost: string,
) {
  if (!route.driver.supplierId) throw new Error("driver without supplier");
  const trip = await insertTrip({
    driverId: route.driver.id,
    supplierId: route.driver.supplierId,
    routeId: route.id,
    startedAt: new Date(startedAt),
    cost,
  });
  const { db } = await testDatabase();
  await db.insert(tripTraces).values({
    intermediateRouteId: trip.id,
    km,
    pointCount: 0,
    points: [],
    endedAt: trip.endedAt ?? new Date(startedAt),
  });
  return trip;
}
