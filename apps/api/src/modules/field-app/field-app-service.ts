import {
  type MyHomeLocation,
  type MyRoute,
  type ShiftDirection,
  safeStopAddress,
  safeStopName,
  TODAY_DATE_RANGE_MESSAGE,
  TODAY_DAYS_AHEAD,
  type TodayQuery,
  type TodayRoute,
  type TodayRouteState,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { type CallerClock, DAY_MS } from "../../lib/caller-clock.js";
import { badRequest } from "../../lib/http-error.js";
import { addDays, type BookingClock, bookingClock, dayOf } from "../bookings/booking-clock.js";
import { stopsOfRoutes } from "../route-stops/route-stops-repository.js";
import { driverOf, employeeOf } from "../trips/trip-access.js";
import { iso, toNotScheduledStartable, toScheduledStartable } from "../trips/trip-rows.js";
import { withDayVersions } from "./day-today.js";
import { toRider } from "./expected-rider.js";
import {
  daysOfRoutes,
  driverRoutesNotScheduledIn,
  driverRoutesOnDay,
  driversById,
  driversOfRoutes,
  employeeHomeOfUser,
  employeeRoutes,
  employeeRoutesNotScheduled,
  ridersOf,
  stopsOfEmployee,
  tripsOfRoutes,
} from "./field-app-repository.js";
import { runServiceDate } from "./run-service-date.js";

type Trip = Awaited<ReturnType<typeof tripsOfRoutes>>[number];

/** `HH:mm` of a `time` column. */
const hhmm = (time: string | null) => time?.slice(0, 5) ?? null;

/** A shift's direction as stored (`inbound` | `outbound`, checked by the database), or null. */
const directionOf = (value: string | null): ShiftDirection | null =>
  value === "inbound" || value === "outbound" ? value : null;

/** Groups rows by a key, keeping their order. */
function groupBy<T, K>(rows: T[], key: (row: T) => K) {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Today's trip of a route (newest first): the one in progress, else the last finished. */
const tripOf = (trips: Trip[] | undefined) =>
  trips?.find((trip) => trip.status === "InProgress") ?? trips?.[0];

/** A route's state today from its trips (newest first): one in progress, else one finished today. */
function stateOf(trips: Trip[] | undefined): { state: TodayRouteState; intermediateRouteId: number | null } {
  const trip = tripOf(trips);
  if (!trip) return { state: "Pendiente", intermediateRouteId: null };
  return { state: trip.status === "InProgress" ? "En curso" : "Finalizada", intermediateRouteId: trip.id };
}

/** A route's stops on «Hoy»: shown to the driver and every rider of the stop, never one rider's home (issue 33). */
const shownStops = (stops: Awaited<ReturnType<typeof stopsOfRoutes>>) =>
  stops.map(({ id: _id, routeId: _routeId, ...stop }) => ({
    ...stop,
    name: safeStopName(stop.name, stop.position),
    address: safeStopAddress(stop.address),
  }));

/**
 * A date ahead of today asked for («Mañana», issue 36): undefined for today (or none asked); 400
 * before today or after today + TODAY_DAYS_AHEAD on the branch offices' clock.
 */
function aheadDate(bookings: BookingClock, date: string | undefined) {
  const today = bookings.today();
  if (date === undefined || date === today) return undefined;
  if (date < today || date > addDays(today, TODAY_DAYS_AHEAD))
    throw badRequest(TODAY_DATE_RANGE_MESSAGE, { date: TODAY_DATE_RANGE_MESSAGE });
  return date;
}

export type FieldAppService = ReturnType<typeof createFieldAppService>;

/** `bookings`: the branch offices' clock of bookings, which decides a run's service date. */
export function createFieldAppService(db: Db, bookings: BookingClock = bookingClock()) {
  return {
    /**
     * The driver's "Hoy": its scheduled routes whose days include the caller's today and its
     * not-scheduled routes for today, by time of day, each with its expected riders and state. With
     * a later `date` («Mañana»): that date's routes, not started, its service date; the plan of the
     * day of each run's service date applies (issue 36).
     */
    async today(user: AuthUser, clock: CallerClock, now = Date.now(), query: TodayQuery = {}) {
      const driver = await driverOf(db, user);
      const ahead = aheadDate(bookings, query.date);
      const today = ahead ? dayOf(ahead) : clock.today(now);
      const range = clock.dayBounds(today);
      const weekDay = new Date(today).getUTCDay();
      const [scheduled, notScheduled] = await Promise.all([
        driverRoutesOnDay(db, driver.id, weekDay === 0 ? 7 : weekDay),
        driverRoutesNotScheduledIn(db, driver.id, range),
      ]);
      const routeIds = scheduled.map((row) => row.routeId);
      const notScheduledIds = notScheduled.map((row) => row.routeNotScheduledId);
      const [riders, trips, stops] = await Promise.all([
        ridersOf(db, routeIds, notScheduledIds),
        ahead ? [] : tripsOfRoutes(db, routeIds, notScheduledIds, { since: range.from, driverId: driver.id }),
        stopsOfRoutes(db, routeIds),
      ]);
      const ridersByRoute = groupBy(riders.scheduled, (row) => row.routeId);
      const stopsByRoute = groupBy(stops, (row) => row.routeId);
      const ridersByNotScheduled = groupBy(riders.notScheduled, (row) => row.routeNotScheduledId);
      const tripsByRoute = groupBy(
        trips.filter((trip) => trip.routeId !== null),
        (trip) => trip.routeId,
      );
      const tripsByNotScheduled = groupBy(
        trips.filter((trip) => trip.routeNotScheduledId !== null),
        (trip) => trip.routeNotScheduledId,
      );
      const entries: { minutes: number; route: TodayRoute }[] = [
        ...scheduled.map((row) => {
          const list = (ridersByRoute.get(row.routeId) ?? []).map(toRider);
          const routeStops = stopsByRoute.get(row.routeId) ?? [];
          const trips = tripsByRoute.get(row.routeId);
          const direction = directionOf(row.direction);
          const firstStopTime = routeStops[0]?.plannedTime ?? null;
          const [h = 0, m = 0] = (row.departureTime ?? "00:00").split(":").map(Number);
          return {
            minutes: h * 60 + m,
            route: {
              ...toScheduledStartable(row),
              ...stateOf(trips),
              amountRiders: list.length,
              riders: list,
              direction,
              stops: shownStops(routeStops),
              serviceDate:
                ahead ?? runServiceDate(bookings, { ...row, direction, firstStopTime }, tripOf(trips)),
            },
          };
        }),
        ...notScheduled.map((row) => {
          const list = (ridersByNotScheduled.get(row.routeNotScheduledId) ?? []).map(toRider);
          const local = clock.wallClock(row.scheduledAt);
          return {
            minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
            route: {
              ...toNotScheduledStartable(row),
              ...stateOf(tripsByNotScheduled.get(row.routeNotScheduledId)),
              amountRiders: list.length,
              riders: list,
              direction: null,
              stops: [],
              serviceDate: null,
            },
          };
        }),
      ];
      entries.sort((a, b) => a.minutes - b.minutes);
      return {
        response: await withDayVersions(
          db,
          entries.map((entry) => entry.route),
        ),
      };
    },

    /**
     * The collaborator's "Mis rutas": its active scheduled routes and its not-scheduled routes from
     * yesterday on, with days, destination, driver(s), vehicle, supplier and the trip in progress.
     */
    async myRoutes(user: AuthUser, now = Date.now()) {
      const employee = await employeeOf(db, user);
      const [scheduled, notScheduled] = await Promise.all([
        employeeRoutes(db, employee.id),
        employeeRoutesNotScheduled(db, employee.id, new Date(now - DAY_MS)),
      ]);
      const routeIds = scheduled.map((row) => row.routeId);
      const notScheduledIds = notScheduled.map((row) => row.routeNotScheduledId);
      const [routeDays, routeDrivers, notScheduledDrivers, trips, myStops] = await Promise.all([
        daysOfRoutes(db, routeIds),
        driversOfRoutes(db, routeIds),
        driversById(db, [...new Set(notScheduled.map((row) => row.driverId))]),
        tripsOfRoutes(db, routeIds, notScheduledIds, {}),
        stopsOfEmployee(db, employee.id, routeIds),
      ]);
      const stopByRoute = new Map(
        myStops.map(({ routeId, ...stop }) => [
          routeId,
          { ...stop, plannedTime: stop.plannedTime.slice(0, 5) },
        ]),
      );
      const daysByRoute = groupBy(routeDays, (row) => row.routeId);
      const driversByRoute = groupBy(routeDrivers, (row) => row.routeId);
      const driverById = new Map(notScheduledDrivers.map((row) => [row.id, row]));
      const currentTrip = (trip: Trip | undefined): MyRoute["currentTrip"] =>
        trip
          ? {
              intermediateRouteId: trip.id,
              startedDate: trip.startedAt.toISOString(),
              driverId: trip.driverId,
              lastLatitude: trip.lastLatitude,
              lastLongitude: trip.lastLongitude,
              lastPositionDate: iso(trip.lastPositionAt),
            }
          : null;
      const toDriver = ({ routeId: _routeId, ...driver }: (typeof routeDrivers)[number]) => driver;
      const response: MyRoute[] = [
        ...scheduled.map((row) => ({
          routeId: row.routeId,
          routeNotScheduledId: null,
          name: row.name,
          description: row.description,
          days: (daysByRoute.get(row.routeId) ?? []).map(({ id, name }) => ({ id, name })),
          departureTime: hhmm(row.departureTime),
          scheduledDate: null,
          destinationName: row.destinationName,
          destinationLatitude: row.destinationLatitude,
          destinationLongitude: row.destinationLongitude,
          drivers: (driversByRoute.get(row.routeId) ?? []).map(toDriver),
          stop: stopByRoute.get(row.routeId) ?? null,
          currentTrip: currentTrip(trips.find((trip) => trip.routeId === row.routeId)),
        })),
        ...notScheduled.map((row) => {
          const driver = driverById.get(row.driverId);
          return {
            routeId: null,
            routeNotScheduledId: row.routeNotScheduledId,
            name: row.name,
            description: row.description,
            days: [],
            departureTime: null,
            scheduledDate: row.scheduledAt.toISOString(),
            destinationName: row.destinationName,
            destinationLatitude: row.destinationLatitude,
            destinationLongitude: row.destinationLongitude,
            drivers: driver ? [driver] : [],
            stop: null,
            currentTrip: currentTrip(
              trips.find((trip) => trip.routeNotScheduledId === row.routeNotScheduledId),
            ),
          };
        }),
      ];
      return { response };
    },

    /** The collaborator's home on record ("Mi bus" measures the distance from it); nulls when none. */
    async myLocation(user: AuthUser): Promise<MyHomeLocation> {
      await employeeOf(db, user);
      const home = await employeeHomeOfUser(db, user.id);
      return {
        address: home?.address ?? null,
        latitude: home?.latitude ?? null,
        longitude: home?.longitude ?? null,
      };
    },
  };
}
