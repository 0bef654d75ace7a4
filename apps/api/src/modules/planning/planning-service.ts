import type { PlanningApplyRequest, PlanningContextQuery, PlanningProposeRequest } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import type { Notifier } from "../notifications/notification-service.js";
import { applyPlan } from "./apply-plan.js";
import { withPlannerSlot } from "./planner-gate.js";
import { planningContext } from "./planning-context.js";
import { proposeForShift } from "./propose-for-shift.js";

export type PlanningService = ReturnType<typeof createPlanningService>;

/**
 * Planificación (issue 23): the context of a shift and workplace, a proposal from the planner and
 * applying a plan. The caller's clock splits the finished trips into peak and off-peak hours.
 */
export function createPlanningService(db: Db, notifier: Notifier) {
  return {
    context: (query: PlanningContextQuery, clock: CallerClock) =>
      planningContext(db, query, clock.offsetMinutes),

    /**
     * The planner's place is taken first, before the scene is read: a proposal beyond the places
     * is answered 503 at once, without loading anything, and the place is freed whatever happens.
     */
    propose: (input: PlanningProposeRequest, clock: CallerClock, signal?: AbortSignal) =>
      withPlannerSlot((slot) =>
        proposeForShift(db, input, { offsetMinutes: clock.offsetMinutes, signal, slot }),
      ),

    apply: (input: PlanningApplyRequest, clock: CallerClock) =>
      applyPlan(db, notifier, input, clock.offsetMinutes),
  };
}
