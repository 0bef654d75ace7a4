import { useCallback, useReducer, useRef } from "react";
import { useProposePlan } from "../api/propose-plan";
import { planDraftReducer } from "../lib/plan-draft";
import { usePlannerSearch } from "./use-planner-search";

/**
 * Asking the planner and editing its answer: the search as `usePlannerSearch`, and the draft holds
 * the proposal with the admin's moves until it is applied or discarded.
 */
export function usePlanProposal() {
  const serial = useRef(0);
  const [draft, dispatch] = useReducer(planDraftReducer, null);
  const {
    abort: _abort,
    reset,
    ...search
  } = usePlannerSearch(useProposePlan(), (proposal) => {
    serial.current += 1;
    dispatch({ type: "load", proposal, serial: serial.current });
  });
  return {
    ...search,
    draft,
    dispatch,
    /** Drops the proposal and forgets a failed request. */
    discard: useCallback(() => {
      dispatch({ type: "discard" });
      reset();
    }, [reset]),
  };
}
