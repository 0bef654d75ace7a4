import { greatCircleMeters } from "@treiber/contract/geo";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { type BookingClock, runsOn } from "../bookings/booking-clock.js";
import { bookingManifest } from "../bookings/booking-manifest.js";
import { stopFor, stopsOf } from "../bookings/booking-stops.js";
import type { BookingRoute } from "../bookings/bookings-repository.js";
import { loadScene, type PlanningScene, type SceneDriver } from "../planning/planning-scene.js";
import { stopsOfRoutes } from "../route-stops/route-stops-repository.js";
import { routeTimings } from "./day-plans-repository.js";

/** A stored stop of a standing route, with its riders (all assigned ones) and planned time. */
export type StandingStop = Awaited<ReturnType<typeof stopsOfRoutes>>[number];

/** A standing route of the shift to the workplace that runs on the date. */
export type StandingRoute = PlanningScene["routes"][number] & {
  timing: BookingRoute;
  driver: SceneDriver | null;
  stops: StandingStop[];
};

/** Where a rider boards on the date, as the bookings module picks it (their stop, or the nearest). */
export type RiderStop = Pick<
  StandingStop,
  "id" | "routeId" | "name" | "address" | "latitude" | "longitude"
> & {
  plannedTime: string | null;
};

/** Someone who rides the date (CONFIRMED) or waits for a seat (WAITLISTED) on a standing route. */
export type DayRider = {
  employeeId: number;
  userId: number;
  name: string;
  lastname: string;
  status: "CONFIRMED" | "WAITLISTED";
  /** The route of their booking (their own, or where they asked for a seat). */
  routeId: number;
  waitlistPosition: number | null;
  stop: RiderStop | null;
};

export type DayScene = {
  scene: PlanningScene;
  date: string;
  /** The standing routes to the workplace that run on the date (active, that weekday). */
  routes: StandingRoute[];
  riders: DayRider[];
};

/** The bookings' view of a day is an admin's: a driver-only check does not apply here. */
const PLANNER = { id: 0, role: "Admin" as const };

/** A stop within this many metres of a rider's own stop is that stop. */
export const SAME_STOP_METERS = 30;
export const sameSpot = (
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) => greatCircleMeters(a, b) <= SAME_STOP_METERS;

/** Each route's riders of the date from the bookings' manifest, the confirmed first on a tie. */
async function ridersOfDay(
  db: Db,
  clock: BookingClock,
  scene: PlanningScene,
  routes: StandingRoute[],
  date: string,
): Promise<DayRider[]> {
  const ids = routes.map((route) => route.id);
  const stops = await stopsOf(db, ids);
  const people = new Map(scene.riders.map((rider) => [rider.employeeId, rider]));
  const chosen = new Map<number, DayRider>();
  for (const route of routes) {
    const manifest = await bookingManifest(db, clock, PLANNER, { routeId: route.id, date });
    for (const item of manifest.list) {
      if (item.status !== "CONFIRMED" && item.status !== "WAITLISTED") continue;
      const person = people.get(item.employeeId);
      if (!person) continue;
      const was = chosen.get(item.employeeId);
      if (was && (was.status === "CONFIRMED" || item.status === "WAITLISTED")) continue;
      const row = stopFor(route.id, stops.stops, stops.riderStops, person, item.assigned);
      const stored = row ? route.stops.find((stop) => stop.id === row.id) : undefined;
      chosen.set(item.employeeId, {
        employeeId: item.employeeId,
        userId: person.userId,
        name: person.name,
        lastname: person.lastname,
        status: item.status,
        routeId: route.id,
        waitlistPosition: item.waitlistPosition,
        stop: row ? { ...row, address: stored?.address ?? null } : null,
      });
    }
  }
  return [...chosen.values()].sort((a, b) => a.employeeId - b.employeeId);
}

/**
 * Everything the plan of one date reads: the shift's scene (planning), the standing routes there
 * that run that weekday with their driver and stops, and who rides them that date.
 */
export async function loadDayScene(
  db: Db,
  clock: BookingClock,
  time: BranchOfficeTime,
  input: { shiftId: number; destinationId: number; date: string },
): Promise<DayScene> {
  const scene = await loadScene(db, { shiftId: input.shiftId, destinationId: input.destinationId, time });
  const ids = scene.routes.map((route) => route.id);
  const timings = await routeTimings(db, ids);
  const stored = await stopsOfRoutes(db, ids);
  const drivers = new Map(scene.drivers.map((driver) => [driver.driverId, driver]));
  const routes = scene.routes.flatMap((route): StandingRoute[] => {
    const timing = timings.find((row) => row.id === route.id);
    if (!timing || !runsOn(timing, input.date)) return [];
    const driver = route.driverIds.map((id) => drivers.get(id)).find(Boolean) ?? null;
    return [{ ...route, timing, driver, stops: stored.filter((stop) => stop.routeId === route.id) }];
  });
  const riders = await ridersOfDay(db, clock, scene, routes, input.date);
  return { scene, date: input.date, routes, riders };
}
