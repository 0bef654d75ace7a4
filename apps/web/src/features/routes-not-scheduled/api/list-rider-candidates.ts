import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { EmployeeForRouteNotScheduleItem } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { RIDER_CANDIDATES_KEY } from "./route-not-scheduled-keys";

/** GET /api/v1/Employee/list/forRouteNotSchedule?criterion → active collaborators (max. 50). */
export async function listRiderCandidates(criterion: string): Promise<EmployeeForRouteNotScheduleItem[]> {
  const { data } = await http.get<EmployeeForRouteNotScheduleItem[]>("/Employee/list/forRouteNotSchedule", {
    params: criterion ? { criterion } : {},
  });
  return data;
}

export function riderCandidatesQueryOptions(criterion: string) {
  return queryOptions({
    queryKey: [...RIDER_CANDIDATES_KEY, criterion],
    queryFn: () => listRiderCandidates(criterion),
    placeholderData: keepPreviousData,
  });
}

export function useRiderCandidates(criterion: string, enabled = true) {
  return useQuery({ ...riderCandidatesQueryOptions(criterion), enabled });
}
