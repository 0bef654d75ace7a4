import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { EmployeeForRouteNotScheduleItem } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { ASSIGNABLE_COLLABORATORS_KEY } from "./route-assignment-keys";

/** GET /api/v1/Employee/list/forRouteNotSchedule?criterion → active collaborators (max. 50). */
export async function listAssignableCollaborators(
  criterion: string,
): Promise<EmployeeForRouteNotScheduleItem[]> {
  const { data } = await http.get<EmployeeForRouteNotScheduleItem[]>("/Employee/list/forRouteNotSchedule", {
    params: criterion ? { criterion } : {},
  });
  return data;
}

export function assignableCollaboratorsQueryOptions(criterion: string) {
  return queryOptions({
    queryKey: [...ASSIGNABLE_COLLABORATORS_KEY, criterion],
    queryFn: () => listAssignableCollaborators(criterion),
    placeholderData: keepPreviousData,
  });
}

export function useAssignableCollaborators(criterion: string, enabled = true) {
  return useQuery({ ...assignableCollaboratorsQueryOptions(criterion), enabled });
}
