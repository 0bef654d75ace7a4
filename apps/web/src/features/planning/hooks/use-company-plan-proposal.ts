import type { CompanyPlan } from "@treiber/contract";
import { useState } from "react";
import { useProposeCompanyPlan } from "../api/propose-company-plan";
import { usePlannerSearch } from "./use-planner-search";

/** Asking for «Toda la sucursal» (issue 36): the search as `usePlannerSearch`, and its answer. */
export function useCompanyPlanProposal() {
  const [plan, setPlan] = useState<CompanyPlan | null>(null);
  const { abort: _abort, reset: _reset, ...search } = usePlannerSearch(useProposeCompanyPlan(), setPlan);
  return { ...search, plan };
}
