import type { CompanyPlan, CompanyPlanRequest } from "@treiber/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useProposeCompanyPlan } from "../api/propose-company-plan";

/**
 * Asking for «Toda la sucursal» (issue 36): `propose` sends the request (a new one aborts the one in
 * flight), `cancel` aborts it (the server stops its planner when the request closes).
 */
export function useCompanyPlanProposal() {
  const mutation = useProposeCompanyPlan();
  const controller = useRef<AbortController | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [plan, setPlan] = useState<CompanyPlan | null>(null);

  const propose = useCallback(
    (body: CompanyPlanRequest) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setStartedAt(Date.now());
      mutation.mutate(
        { body, signal: current.signal },
        {
          onSuccess: (answer) => {
            if (controller.current === current) setPlan(answer);
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

  return { propose, cancel, pending: mutation.isPending, error: mutation.error, startedAt, plan };
}
