import type { Db, Tx } from "../../db/client.js";

/** A route's stop on a date under a plan of the day (issue 36), as bookings read it. */
export type DayVersionStop = { position: number; name: string; plannedTime: string; employeeIds: number[] };
/** The routes of the plans of the day of a date, by route id: released, or their stops and riders. */
export type DayVersions = Map<number, { released: boolean; stops: DayVersionStop[] }>;

/**
 * Reads every route of the plans of the day that hold any of the routes on the date; null when
 * none has one (the standing plan runs). Bound in routes.ts to day-plans' `dayPlanRoutesOf`:
 * day-plans depends on bookings, never the other way.
 */
export type DayVersionReader = (
  conn: Db | Tx,
  routeIds: number[],
  date: string,
) => Promise<DayVersions | null>;

/** Without plans of the day (a caller that never reads them). */
export const noDayVersions: DayVersionReader = async () => null;

/**
 * `DayVersionReader` for several dates in one read: each date's versions by date, a date none of
 * whose routes has a plan of the day absent. Bound in routes.ts to day-plans' `dayPlanRoutesOn`.
 */
export type DayVersionsReader = (
  conn: Db | Tx,
  wanted: { date: string; routeIds: number[] }[],
) => Promise<Map<string, DayVersions>>;

/** Without plans of the day, for several dates. */
export const noDayVersionsOn: DayVersionsReader = async () => new Map();

/** One date through a `DayVersionsReader`: as a `DayVersionReader` answers. */
export const oneDayVersions = async (
  readDays: DayVersionsReader,
  conn: Db | Tx,
  routeIds: number[],
  date: string,
) => (await readDays(conn, [{ date, routeIds }])).get(date) ?? null;

/** Where the plan of the day seats a rider that date: the route and stop, or undefined. */
export function dayPlaceOf(versions: DayVersions | null, employeeId: number) {
  if (!versions) return undefined;
  for (const [routeId, version] of versions) {
    const stop = version.stops.find((row) => row.employeeIds.includes(employeeId));
    if (stop) return { routeId, stop };
  }
  return undefined;
}
