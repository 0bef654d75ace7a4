import type { DayPlanApplyRequest, DayPlanProposeRequest, DayPlanQuery } from "@treiber/contract";
import type { Notifier } from "../notifications/notification-service.js";
import { withPlannerSlot } from "../planning/planner-gate.js";
import { applyDayPlan } from "./apply-day-plan.js";
import { type DayPlanDeps, proposeDayPlan } from "./propose-day-plan.js";
import { readDayPlan } from "./read-day-plan.js";
import { removeDayPlan } from "./remove-day-plan.js";

export type DayPlansService = ReturnType<typeof createDayPlansService>;

/**
 * The plan of the day (issue 36): propose a date's plan for who rides (in the planner's places,
 * 503 beyond), apply it, read it, go back to the standing plan.
 */
export function createDayPlansService(deps: DayPlanDeps, notifier: Notifier) {
  return {
    propose: (input: DayPlanProposeRequest, signal?: AbortSignal) =>
      withPlannerSlot((slot) => proposeDayPlan(deps, input, { signal, slot })),
    apply: (input: DayPlanApplyRequest, userId: number) =>
      applyDayPlan(deps, notifier, input, { source: "admin", userId }),
    read: (query: DayPlanQuery) => readDayPlan(deps.db, deps.time, query),
    remove: (query: DayPlanQuery) => removeDayPlan(deps, notifier, query),
  };
}
