import type {
  CompanyPlanInput,
  PlanningApplyRequest,
  PlanningContextQuery,
  PlanningProposeRequest,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import type { BookingClock } from "../bookings/booking-clock.js";
import type { Notifier } from "../notifications/notification-service.js";
import type { RoadRouting } from "../routing/road-routing.js";
import { applyPlan } from "./apply-plan.js";
import { proposeCompany } from "./company/propose-company.js";
import { withPlannerSlot } from "./planner-gate.js";
import { planningContext } from "./planning-context.js";
import { proposeForShift } from "./propose-for-shift.js";

export type PlanningService = ReturnType<typeof createPlanningService>;

/**
 * Planificación (issue 23): the context of a shift and workplace, a proposal from the planner and
 * applying a plan. The service binds what the three share (the database, the notifier, the branch
 * offices' clock that splits the calibration's trips into peak and off-peak, decision 0063) and
 * holds the planner's place around a proposal; the steps live in their own files so the demo seed
 * and the commands call them without HTTP.
 */
export function createPlanningService(
  db: Db,
  notifier: Notifier,
  time: BranchOfficeTime,
  /** The app's bookings clock: applying keeps the coming bookings and waitlists in step (issue 35). */
  bookings: BookingClock,
  /** The road network (ROUTING_URL, issue 36): proposals are timed on it; undefined: the model. */
  routing?: RoadRouting,
) {
  return {
    context: (query: PlanningContextQuery) => planningContext(db, query, time),

    /**
     * The planner's place is taken first, before the scene is read: a proposal beyond the places
     * is answered 503 at once, without loading anything, and the place is freed whatever happens.
     */
    propose: (input: PlanningProposeRequest, signal?: AbortSignal) =>
      withPlannerSlot((slot) => proposeForShift(db, input, { time, signal, slot, routing })),

    /** «Toda la sucursal»: every proposal and the chaining on one planner place. */
    proposeCompany: (input: CompanyPlanInput, signal?: AbortSignal) =>
      withPlannerSlot((slot) => proposeCompany(db, input, { time, signal, slot, routing })),

    apply: (input: PlanningApplyRequest) => applyPlan(db, notifier, input, { time, bookings }, routing),
  };
}
