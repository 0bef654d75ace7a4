import {
  PLAN_CHANGED_MESSAGE,
  type PlanningApplyRequest,
  type PlanningApplyResponse,
  type PlanParams,
  planRouteCost,
  ROUTE_NAME_DUPLICATE_MESSAGE,
  safeStopAddress,
  safeStopName,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { isForeignKeyViolation, uniqueViolation } from "../../lib/db-errors.js";
import { conflict } from "../../lib/http-error.js";
import { alignBookingsWithRiders, rebalanceWaitlists } from "../bookings/booking-assignments.js";
import type { BookingClock } from "../bookings/booking-clock.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { replaceStops, stopsOfRoutes } from "../route-stops/route-stops-repository.js";
import { insertRoute, type RouteValues, replaceRouteDays, updateRoute } from "../routes/routes-repository.js";
import type { RoadRouting } from "../routing/road-routing.js";
import { type DriverRouteState, driverChangeNotices } from "./driver-plan-notices.js";
import { planParams } from "./load-calibration.js";
import {
  driverUsersOf,
  retireRoute,
  routesNamed,
  setRouteDrivers,
  setRouteRiders,
} from "./plan-apply-repository.js";
import { changeNotices, type RiderPlace } from "./plan-notices.js";
import { planVersion } from "./plan-version.js";
import { loadScene, type PlanningScene } from "./planning-scene.js";
import { checkRideLimits } from "./ride-limits.js";
import { withKnownRoads } from "./road-timing.js";
import { type CheckedRoute, validatePlan } from "./validate-plan.js";

export const PLAN_APPLIED_MESSAGE = "Plan aplicado";
export const SHIFT_INACTIVE_MESSAGE = "El turno está inactivo: actívelo para aplicar el plan";

type StoredStops = Awaited<ReturnType<typeof stopsOfRoutes>>;

/**
 * The clocks an apply reads: the branch offices' wall clock (the scene's peak hours) and the app's
 * bookings clock (which bookings are coming and whether a day's cut-off passed, issue 35).
 */
export type PlanClocks = { time: BranchOfficeTime; bookings: BookingClock };

/** Where each rider of the shift's routes to the workplace rides now (their stored stop, if any). */
function placesNow(scene: PlanningScene, stops: StoredStops) {
  const drivers = new Map(scene.drivers.map((driver) => [driver.driverId, driver]));
  const places = new Map<number, RiderPlace>();
  for (const route of scene.routes) {
    const driver = route.driverIds.map((id) => drivers.get(id)).find(Boolean) ?? null;
    for (const employeeId of route.employeeIds) {
      const stop = stops.find((s) => s.routeId === route.id && s.employeeIds.includes(employeeId));
      places.set(employeeId, {
        routeId: route.id,
        routeName: route.name,
        stopName: stop?.name ?? null,
        plannedTime: stop?.plannedTime ?? null,
        latitude: stop?.latitude ?? null,
        longitude: stop?.longitude ?? null,
        driver,
      });
    }
  }
  return places;
}

/** A name of the plan already used by a route outside it (case-insensitive): 409 naming it. */
async function checkNamesFree(tx: Tx, routes: CheckedRoute[]) {
  const own = new Set(routes.flatMap((route) => (route.routeId === null ? [] : [route.routeId])));
  const clash = (
    await routesNamed(
      tx,
      routes.map((route) => route.name),
    )
  ).find((row) => !own.has(row.id));
  if (!clash) return;
  const index = routes.findIndex((route) => route.name.toLowerCase() === clash.name.toLowerCase());
  const message = `${ROUTE_NAME_DUPLICATE_MESSAGE}: ${clash.name}`;
  throw conflict(message, { [`routes.${index}.name`]: message });
}

/** A plan route as it is written: its cost per trip and stops named without a home. */
type WrittenRoute = CheckedRoute & { cost: number };

/**
 * The route priced by its driver's supplier rate (else the driver's own cost here, else 0: issue
 * 33), its stops' names and addresses without a house number (a client may send a rider's home).
 */
function priced(route: CheckedRoute, params: PlanParams): WrittenRoute {
  const { driver } = route;
  return {
    ...route,
    cost: planRouteCost(route, { seats: driver.seats, rate: driver.rate, cost: driver.cost }, params),
    stops: route.stops.map((stop, j) => ({
      ...stop,
      name: safeStopName(stop.name, j + 1),
      address: safeStopAddress(stop.address),
    })),
  };
}

/** Creates or updates one plan route: fields, days, riders, driver and stops with planned times. */
async function writeRoute(
  tx: Tx,
  scene: PlanningScene,
  route: WrittenRoute,
  input: PlanningApplyRequest,
  version: Date,
) {
  const existing = scene.routes.find((own) => own.id === route.routeId);
  const inbound = scene.shift.direction === "inbound";
  const values: RouteValues = {
    name: route.name,
    description: existing?.description ?? null,
    destinationId: scene.workplace.id,
    departureTime: inbound ? (route.schedule.stops[0]?.plannedTime ?? scene.shift.time) : scene.shift.time,
    cost: route.cost,
    costFromPlan: true,
    shiftId: scene.shift.id,
    seats: route.seats,
  };
  const id = existing ? existing.id : await insertRoute(tx, values);
  if (existing) await updateRoute(tx, id, values);
  await replaceRouteDays(tx, id, input.dayIds);
  await setRouteRiders(
    tx,
    id,
    route.stops.flatMap((stop) => stop.employeeIds),
  );
  await setRouteDrivers(tx, id, [route.driverId]);
  const stops = route.stops.map((stop, i) => ({
    ...stop,
    position: i + 1,
    plannedTime: route.schedule.stops[i]?.plannedTime ?? scene.shift.time,
  }));
  await replaceStops(tx, id, stops, version);
  return id;
}

/** Where each rider rides once the plan is written. */
function placesAfter(routes: CheckedRoute[], ids: number[]) {
  const places = new Map<number, RiderPlace>();
  routes.forEach((route, i) => {
    route.stops.forEach((stop, j) => {
      for (const employeeId of stop.employeeIds) {
        places.set(employeeId, {
          routeId: ids[i] as number,
          routeName: route.name,
          stopName: stop.name,
          plannedTime: route.schedule.stops[j]?.plannedTime ?? null,
          latitude: stop.latitude,
          longitude: stop.longitude,
          driver: route.driver,
        });
      }
    });
  });
  return places;
}

/** The shift's routes to the workplace as their drivers know them now, with their stored stops. */
const driverRoutesNow = (scene: PlanningScene, stops: StoredStops): DriverRouteState[] =>
  scene.routes.map((route) => ({
    routeId: route.id,
    name: route.name,
    driverIds: route.driverIds,
    stops: stops.filter((stop) => stop.routeId === route.id),
  }));

/** The plan's routes as their drivers will know them: their ids, cleaned stops and planned times. */
const driverRoutesAfter = (routes: WrittenRoute[], ids: number[]): DriverRouteState[] =>
  routes.map((route, i) => ({
    routeId: ids[i] as number,
    name: route.name,
    driverIds: [route.driverId],
    stops: route.stops.map((stop, j) => ({
      ...stop,
      plannedTime: route.schedule.stops[j]?.plannedTime ?? null,
    })),
  }));

/** Riders and drivers whose route changed (decision 0067), each with their notice. */
async function noticesOf(
  tx: Tx,
  scene: PlanningScene,
  stops: StoredStops,
  routes: WrittenRoute[],
  ids: number[],
) {
  const riders = changeNotices(
    scene.riders,
    placesNow(scene, stops),
    placesAfter(routes, ids),
    scene.shift.name,
  );
  const before = driverRoutesNow(scene, stops);
  const after = driverRoutesAfter(routes, ids);
  const users = await driverUsersOf(
    tx,
    [...before, ...after].flatMap((route) => route.driverIds),
  );
  const byDriver = new Map(users.map((user) => [user.driverId, user]));
  return { riders, drivers: driverChangeNotices(before, after, byDriver, scene.shift.name) };
}

/** The transaction of Planning/apply: what it wrote and the notices to push once committed. */
async function applyInTransaction(
  tx: Tx,
  input: PlanningApplyRequest,
  { time, bookings }: PlanClocks,
  routing: RoadRouting | undefined,
) {
  const scene = await loadScene(tx, { ...input, time, lock: true });
  if (scene.shift.status !== "active") throw conflict(SHIFT_INACTIVE_MESSAGE);
  if ((await planVersion(tx, scene.shift, scene.workplace.id)) !== input.version) {
    throw conflict(PLAN_CHANGED_MESSAGE);
  }
  const params = withKnownRoads(
    routing,
    planParams(scene.shift, scene.workplace, scene.calibration, input),
    input.routes,
  );
  const routes = validatePlan(scene, input.routes, params);
  checkRideLimits(routes, params.maxRideMinutes, input.acceptBrokenLimits === true);
  await checkNamesFree(tx, routes);
  const written = routes.map((route) => priced(route, params));
  const storedStops = await stopsOfRoutes(
    tx,
    scene.routes.map((route) => route.id),
  );
  // Strictly later than every version read, even within the same millisecond.
  const latest = Math.max(0, ...scene.routes.map((route) => route.updatedAt.getTime()));
  const version = new Date(Math.max(Date.now(), latest + 1));
  const kept = new Set(routes.map((route) => route.routeId));
  const retired = scene.routes.filter((route) => !kept.has(route.id));
  for (const route of retired) await retireRoute(tx, route.id, version);
  const ids: number[] = [];
  for (const route of written) ids.push(await writeRoute(tx, scene, route, input, version));
  await alignBookingsWithRiders(tx, [...ids, ...retired.map((route) => route.id)], bookings);
  const notices = await noticesOf(tx, scene, storedStops, written, ids);
  return {
    routeIds: ids,
    zeroCostRoutes: written.flatMap((route, i) =>
      route.cost <= 0 ? [{ routeId: ids[i] as number, name: route.name }] : [],
    ),
    created: routes.filter((route) => route.routeId === null).length,
    updated: routes.filter((route) => route.routeId !== null).length,
    deactivated: retired.length,
    notices,
  };
}

/**
 * `POST Planning/apply`: writes the plan of one shift to one workplace in one transaction, the
 * shift's row locked first so two admins applying at once serialize; the second finds a new
 * version and gets 409 with nothing written. Riders whose route, stop or time changed are notified,
 * and drivers whose route is new, changed or gone (decision 0067).
 */
export async function applyPlan(
  db: Db,
  notifier: Pick<Notifier, "storeNotices" | "pushNotices">,
  input: PlanningApplyRequest,
  clocks: PlanClocks,
  /** The road network (issue 36): the planned times use the road legs the proposal learned. */
  routing?: RoadRouting,
): Promise<PlanningApplyResponse> {
  let result: Awaited<ReturnType<typeof applyInTransaction>> & { stored: UserNotice[] };
  try {
    result = await db.transaction(async (tx) => {
      const applied = await applyInTransaction(tx, input, clocks, routing);
      const all = [...applied.notices.riders, ...applied.notices.drivers];
      if (all.length === 0) return { ...applied, stored: [] };
      return { ...applied, stored: await notifier.storeNotices(tx, all) };
    });
  } catch (error) {
    if (uniqueViolation(error) === "routes_name_key") throw conflict(ROUTE_NAME_DUPLICATE_MESSAGE);
    if (isForeignKeyViolation(error)) throw conflict(PLAN_CHANGED_MESSAGE);
    throw error;
  }
  await notifier.pushNotices(result.stored);
  await rebalanceWaitlists(db, notifier, result.routeIds, clocks.bookings);
  const { notices, stored: _stored, ...counts } = result;
  return {
    message: PLAN_APPLIED_MESSAGE,
    ...counts,
    notified: notices.riders.length,
    driversNotified: new Set(notices.drivers.map((notice) => notice.userId)).size,
  };
}
