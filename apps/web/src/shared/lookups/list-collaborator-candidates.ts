import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { EmployeeForRouteNotScheduleItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../api/http-client";
import { COLLABORATOR_CANDIDATES_KEY } from "../api/query-keys";

/** GET /api/v1/Employee/list/forRouteNotSchedule?criterion → active collaborators (max. 50). */
export async function listCollaboratorCandidates(
  criterion: string,
): Promise<EmployeeForRouteNotScheduleItem[]> {
  const { data } = await http.get<EmployeeForRouteNotScheduleItem[]>(
    clientPath(API.employee.forRouteNotSchedule),
    {
      params: criterion ? { criterion } : {},
    },
  );
  return data;
}

export function collaboratorCandidatesQueryOptions(criterion: string) {
  return queryOptions({
    queryKey: [...COLLABORATOR_CANDIDATES_KEY, criterion],
    queryFn: () => listCollaboratorCandidates(criterion),
    placeholderData: keepPreviousData,
  });
}

export function useCollaboratorCandidates(criterion: string, enabled = true) {
  return useQuery({ ...collaboratorCandidatesQueryOptions(criterion), enabled });
}
