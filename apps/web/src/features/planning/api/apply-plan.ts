import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanningApplyRequest, PlanningApplyResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { PLANNING_KEY, ROUTE_ASSIGNMENTS_KEY, ROUTES_KEY } from "../../../shared/api/query-keys";

/**
 * POST /api/v1/Planning/apply → writes the plan in one transaction. 409 with
 * PLAN_CHANGED_MESSAGE when the shift's routes changed since the proposal's `version`.
 */
export async function applyPlan(body: PlanningApplyRequest): Promise<PlanningApplyResponse> {
  const { data } = await http.post<PlanningApplyResponse>(clientPath(API.planning.apply), body);
  return data;
}

/** Applied: the routes, their assignments and the planning context are reloaded. */
export function useApplyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROUTES_KEY }),
        queryClient.invalidateQueries({ queryKey: ROUTE_ASSIGNMENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
      ]),
  });
}
