import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DayPlanApplyRequest, DayPlanApplyResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DAY_PLAN_KEY } from "./get-day-plan";

/**
 * POST /api/v1/Planning/day/apply → that date runs the day's routes; the others are released that
 * date only. 409 with DAY_PLAN_CHANGED_MESSAGE when the bookings or routes changed since `version`.
 */
export async function applyDayPlan(body: DayPlanApplyRequest): Promise<DayPlanApplyResponse> {
  const { data } = await http.post<DayPlanApplyResponse>(clientPath(API.planning.dayApply), body);
  return data;
}

/** Applied: the day plans are reloaded. */
export function useApplyDayPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyDayPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DAY_PLAN_KEY }),
  });
}
