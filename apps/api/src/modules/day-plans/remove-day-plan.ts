import {
  DAY_PLAN_NOT_FOUND_MESSAGE,
  DAY_PLAN_REMOVED_MESSAGE,
  type DayPlanDeleteResponse,
  type DayPlanQuery,
} from "@treiber/contract";
import { notFound } from "../../lib/http-error.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { driverUsersOf } from "../planning/plan-apply-repository.js";
import { lockDay } from "./apply-day-plan.js";
import { bookedPlaces } from "./day-figures.js";
import { driverDayNotices, riderDayNotices } from "./day-plan-notices.js";
import { routeStatesOf, storedPlaces } from "./day-plan-states.js";
import { checkNotPast, type DayPlanDeps, dayContext } from "./propose-day-plan.js";

/**
 * `DELETE Planning/day`: the date goes back to the standing plan (404 without a day plan), in one
 * transaction under the shift's lock; riders whose bus or time changes back by more than
 * DAY_PLAN_NOTIFY_MINUTES and drivers whose route that date changes are told.
 */
export async function removeDayPlan(
  deps: DayPlanDeps,
  notifier: Pick<Notifier, "storeNotices" | "pushNotices">,
  input: DayPlanQuery,
): Promise<DayPlanDeleteResponse> {
  checkNotPast(deps.clock, input.date);
  const { day, version } = await dayContext(deps, input);
  const result = await deps.db.transaction(async (tx) => {
    const told = await lockDay(tx, deps, day, version);
    if (!told) throw notFound(DAY_PLAN_NOT_FOUND_MESSAGE);
    const riders = riderDayNotices(day.riders, storedPlaces(day, told), bookedPlaces(day), day.date);
    const users = await driverUsersOf(
      tx,
      day.routes.flatMap((route) => route.driverIds),
    );
    const drivers = driverDayNotices(
      routeStatesOf(day, told),
      routeStatesOf(day, null),
      new Map(users.map((user) => [user.driverId, user])),
      day.date,
    );
    const all: UserNotice[] = [...riders, ...drivers];
    return { riders, drivers, stored: all.length > 0 ? await notifier.storeNotices(tx, all) : [] };
  });
  await notifier.pushNotices(result.stored);
  return {
    message: DAY_PLAN_REMOVED_MESSAGE,
    notified: result.riders.length,
    driversNotified: new Set(result.drivers.map((notice) => notice.userId)).size,
  };
}
