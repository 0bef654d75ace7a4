import type { DayPlanProposal, DayPlanProposeRequest } from "@treiber/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useProposeDayPlan } from "../api/propose-day-plan";

/**
 * Asking the planner for the plan of one date (issue 36): `propose` sends the request (a new one
 * aborts the one in flight), `cancel` aborts it (the server stops searching when the request
 * closes), and the answer stays until it is applied, discarded or another date is chosen.
 */
export function useDayPlanProposal() {
  const mutation = useProposeDayPlan();
  const controller = useRef<AbortController | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [proposal, setProposal] = useState<DayPlanProposal | null>(null);

  const propose = useCallback(
    (body: DayPlanProposeRequest) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setStartedAt(Date.now());
      mutation.mutate(
        { body, signal: current.signal },
        {
          onSuccess: (answer) => {
            if (controller.current === current) setProposal(answer);
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
    proposal,
    /** Drops the proposal (and a search in flight) and forgets a failed request. */
    discard: useCallback(() => {
      controller.current?.abort();
      controller.current = null;
      setProposal(null);
      reset();
    }, [reset]),
  };
}
