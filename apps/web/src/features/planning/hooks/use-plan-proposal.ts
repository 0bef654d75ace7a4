import type { PlanningProposeRequest } from "@treiber/contract";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useProposePlan } from "../api/propose-plan";
import { planDraftReducer } from "../lib/plan-draft";

/**
 * Asking the planner and editing its answer: `propose` sends the request (a new one aborts the
 * one in flight), `cancel` aborts it (the server stops searching when the request closes), and
 * the draft holds the proposal with the admin's moves until it is applied or discarded. Leaving
 * the page aborts a search in flight too.
 */
export function usePlanProposal() {
  const mutation = useProposePlan();
  const controller = useRef<AbortController | null>(null);
  const serial = useRef(0);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [draft, dispatch] = useReducer(planDraftReducer, null);

  const propose = useCallback(
    (body: PlanningProposeRequest) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setStartedAt(Date.now());
      mutation.mutate(
        { body, signal: current.signal },
        {
          onSuccess: (proposal) => {
            if (controller.current !== current) return;
            serial.current += 1;
            dispatch({ type: "load", proposal, serial: serial.current });
          },
          onSettled: () => {
            if (controller.current === current) controller.current = null;
          },
        },
      );
    },
    [mutation.mutate],
  );

  const { reset } = mutation;
  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    reset();
  }, [reset]);

  useEffect(() => () => controller.current?.abort(), []);

  return {
    propose,
    cancel,
    pending: mutation.isPending,
    error: mutation.error,
    startedAt,
    draft,
    dispatch,
    /** Drops the proposal and forgets a failed request. */
    discard: useCallback(() => {
      dispatch({ type: "discard" });
      reset();
    }, [reset]),
  };
}
