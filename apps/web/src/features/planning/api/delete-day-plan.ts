import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DayPlanApplyRequest, DayPlanDeleteResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DAY_PLAN_KEY } from "./get-day-plan";

/** The date of a shift and workplace (the body of DELETE Planning/day). */
export type DayPlanDeleteBody = Pick<DayPlanApplyRequest, "shiftId" | "destinationId" | "date">;

/**
 * DELETE /api/v1/Planning/day → that date runs the standing plan again («Volver al plan fijo»); the
 * riders whose time or bus changes back, and their drivers, are told.
 */
export async function deleteDayPlan(body: DayPlanDeleteBody): Promise<DayPlanDeleteResponse> {
  const { data } = await http.delete<DayPlanDeleteResponse>(clientPath(API.planning.dayDelete), {
    data: body,
  });
  return data;
}

/** Removed: the day plans are reloaded. */
export function useDeleteDayPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDayPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DAY_PLAN_KEY }),
  });
}
