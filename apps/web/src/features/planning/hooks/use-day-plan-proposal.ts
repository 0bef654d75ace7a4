import type { DayPlanProposal } from "@treiber/contract";
import { useCallback, useState } from "react";
import { useProposeDayPlan } from "../api/propose-day-plan";
import { usePlannerSearch } from "./use-planner-search";

/**
 * Asking the planner for the plan of one date (issue 36): the search as `usePlannerSearch`, and
 * the answer stays until it is applied, discarded or another date is chosen.
 */
export function useDayPlanProposal() {
  const [proposal, setProposal] = useState<DayPlanProposal | null>(null);
  const { abort, reset, ...search } = usePlannerSearch(useProposeDayPlan(), setProposal);
  return {
    ...search,
    proposal,
    /** Drops the proposal (and a search in flight) and forgets a failed request. */
    discard: useCallback(() => {
      abort();
      setProposal(null);
      reset();
    }, [abort, reset]),
  };
}
