import {
  DAY_PLAN_CHANGED_MESSAGE,
  DAY_PLAN_STARTED_MESSAGE,
  type DayPlanApplyRequest,
  type DayPlanApplyResponse,
  type PlanRoute,
  planRouteCost,
  safeStopAddress,
  safeStopName,
} from "@treiber/contract";
import type { Tx } from "../../db/client.js";
import { conflict } from "../../lib/http-error.js";
import { bookingNotices } from "../bookings/booking-notices.js";
import { lockRouteDays } from "../bookings/bookings-repository.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { driverUsersOf } from "../planning/plan-apply-repository.js";
import { findPlanningShift } from "../planning/planning-repository.js";
import { withKnownRoads } from "../planning/road-timing.js";
import { emissionFactors } from "../savings/emission-factors-repository.js";
import { bookedPlaces, dayTotals, placesIn, standingRoutesOf } from "./day-figures.js";
import { driverDayNotices, riderDayNotices } from "./day-plan-notices.js";
import { routeStatesAfter, routeStatesOf, storedPlaces } from "./day-plan-states.js";
import { dayPlanVersion } from "./day-plan-version.js";
import {
  confirmSeated,
  dayPlanContent,
  deleteDayPlan,
  findDayPlan,
  insertDayPlan,
  tripStarted,
} from "./day-plans-repository.js";
import { dayVehicles } from "./day-problem.js";
import type { DayScene } from "./day-scene.js";
import { checkNotPast, type DayPlanDeps, dayContext } from "./propose-day-plan.js";
import { type CheckedDayRoute, validateDayPlan } from "./validate-day-plan.js";

export const DAY_PLAN_APPLIED_MESSAGE = "Plan del día aplicado";
type Pusher = Pick<Notifier, "storeNotices" | "pushNotices">;
export type ApplyOptions = { source: "auto" | "admin"; userId: number | null };

/** The checked routes as plan routes: cleaned stop names, times as checked (model or road legs). */
function dayRoutesOf(routes: CheckedDayRoute[]): PlanRoute[] {
  return routes.map((route) => ({
    key: `route-${route.routeId}`,
    routeId: route.routeId,
    name: route.standing.name,
    driverId: route.standing.driver?.driverId ?? null,
    driverName: null,
    supplierName: null,
    vehiclePlate: null,
    seats: route.standing.seatsUsed ?? route.standing.driver?.seats ?? null,
    cost: 0,
    stops: route.stops.map((stop, j) => ({
      key: `stop-${j}`,
      name: safeStopName(stop.name, j + 1),
      address: safeStopAddress(stop.address),
      latitude: stop.latitude,
      longitude: stop.longitude,
      plannedTime: route.schedule.stops[j]?.plannedTime ?? "00:00",
      employeeIds: stop.employeeIds,
    })),
  }));
}

/** Trips of the date's routes started: the day can no longer change (409). */
async function checkNotStarted(conn: Parameters<typeof tripStarted>[0], deps: DayPlanDeps, day: DayScene) {
  const windows = day.routes.map((route) => ({
    routeId: route.id,
    ...deps.clock.tripWindow(route.timing, day.date),
  }));
  if (await tripStarted(conn, windows)) throw conflict(DAY_PLAN_STARTED_MESSAGE);
}

/**
 * Locks the shift, then the date of each of its routes as booking changes do (decision 0064: a
 * booking change in flight commits first and changes the version), and checks the date did not
 * change since `version`; the day plan it replaces.
 */
export async function lockDay(tx: Tx, deps: DayPlanDeps, day: DayScene, version: string) {
  const { shift, workplace } = day.scene;
  const locked = await findPlanningShift(tx, shift.id, { lock: true });
  const ids = day.routes.map((route) => route.id);
  await lockRouteDays(tx, ids, day.date);
  if (!locked || (await dayPlanVersion(tx, locked, workplace.id, ids, day.date)) !== version) {
    throw conflict(DAY_PLAN_CHANGED_MESSAGE);
  }
  await checkNotStarted(tx, deps, day);
  const previous = await findDayPlan(tx, shift.id, workplace.id, day.date);
  const content = previous ? await dayPlanContent(tx, [previous.id]) : null;
  if (previous) await deleteDayPlan(tx, previous.id);
  return content;
}

/** The notices of an apply: riders moved or seated, drivers whose route changed that date. */
async function noticesOf(
  tx: Tx,
  day: DayScene,
  told: Awaited<ReturnType<typeof lockDay>>,
  routes: PlanRoute[],
  seated: Awaited<ReturnType<typeof confirmSeated>>,
) {
  const before = told ? storedPlaces(day, told) : bookedPlaces(day);
  const riders = riderDayNotices(day.riders, before, placesIn(routes), day.date);
  const names = new Map(day.routes.map((route) => [route.id, route.name]));
  const seats = seated.map((rider) =>
    bookingNotices.seatGranted(rider, names.get(rider.routeId) ?? "", day.date),
  );
  const running = new Map(routes.map((route) => [route.routeId as number, route.stops]));
  const statesBefore = routeStatesOf(day, told);
  const statesAfter = routeStatesAfter(day, running);
  const users = await driverUsersOf(
    tx,
    day.routes.flatMap((route) => route.driverIds),
  );
  const drivers = driverDayNotices(
    statesBefore,
    statesAfter,
    new Map(users.map((u) => [u.driverId, u])),
    day.date,
  );
  return { riders: [...riders, ...seats], drivers, told: riders.length };
}

/**
 * `POST Planning/day/apply` (and «Automático»): timed as the proposal was (the road legs it
 * learned with a routing server, else the model); in one transaction under the shift's row lock,
 * checks the date did not change (409), no trip of it started (409), replaces the date's day plan,
 * seats the waitlisted riders it carries (CONFIRMED, «Tienes asiento») and tells riders whose bus
 * or time moved more than DAY_PLAN_NOTIFY_MINUTES, and drivers whose route that date changed.
 */
export async function applyDayPlan(
  deps: DayPlanDeps,
  notifier: Pusher,
  input: DayPlanApplyRequest,
  options: ApplyOptions,
): Promise<DayPlanApplyResponse> {
  checkNotPast(deps.clock, input.date);
  const context = await dayContext(deps, input);
  const { day, version } = context;
  if (version !== input.version) throw conflict(DAY_PLAN_CHANGED_MESSAGE);
  const vehicles = dayVehicles(day.routes);
  // The road legs the proposal learned (no request here): the times written are those shown.
  const stored = standingRoutesOf(day, vehicles, context.params);
  const params = withKnownRoads(deps.routing, context.params, [...input.routes, ...stored]);
  const checked = validateDayPlan(day, input, params);
  await checkNotStarted(deps.db, deps, day);
  const routes = dayRoutesOf(checked).map((route) => {
    const vehicle = vehicles.find((v) => v.routeId === route.routeId);
    return {
      ...route,
      seats: vehicle?.seats ?? route.seats,
      cost: planRouteCost(route, vehicle?.pricing, params),
    };
  });
  const standing = params === context.params ? stored : standingRoutesOf(day, vehicles, params);
  const running = new Set(routes.map((route) => route.routeId));
  const waiting = new Map(
    day.riders.filter((r) => r.status === "WAITLISTED").map((r) => [r.employeeId, r.routeId]),
  );
  const result = await deps.db.transaction(async (tx) => {
    const told = await lockDay(tx, deps, day, version);
    const factors = await emissionFactors(tx);
    const dayPlanId = await insertDayPlan(tx, {
      shiftId: day.scene.shift.id,
      destinationId: day.scene.workplace.id,
      date: day.date,
      source: options.source,
      appliedByUserId: options.userId,
      standing: dayTotals(standing, params, factors),
      day: dayTotals(routes, params, factors),
      routes: day.routes.map((route) => ({ routeId: route.id, runs: running.has(route.id) })),
      stops: routes.map((route) =>
        route.stops.map((stop) => ({ ...stop, routeId: route.routeId as number })),
      ),
    });
    const seatedIds = routes
      .flatMap((route) => route.stops.flatMap((stop) => stop.employeeIds))
      .filter((id) => waiting.has(id));
    const seated = await confirmSeated(
      tx,
      day.date,
      seatedIds.map((id) => ({ employeeId: id, routeId: waiting.get(id) as number })),
      new Date(deps.clock.now()),
    );
    const notices = await noticesOf(tx, day, told, routes, seated);
    const all: UserNotice[] = [...notices.riders, ...notices.drivers];
    const stored = all.length > 0 ? await notifier.storeNotices(tx, all) : [];
    return { dayPlanId, stored, notices };
  });
  await notifier.pushNotices(result.stored);
  return {
    message: DAY_PLAN_APPLIED_MESSAGE,
    dayPlanId: result.dayPlanId,
    date: day.date,
    running: routes.length,
    released: day.routes.length - routes.length,
    notified: result.notices.told,
    driversNotified: new Set(result.notices.drivers.map((notice) => notice.userId)).size,
  };
}
