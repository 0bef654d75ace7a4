import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { EmployeeListQuery, EmployeeListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** The list's request: the table's, and `location=missing` for «Sin ubicación». */
export type CollaboratorListRequest = ListRequest & Pick<EmployeeListQuery, "location">;

/** GET /api/v1/Employee/list (paging, search, creation dates MM/DD/YYYY, location filter). */
export async function listCollaborators(request: CollaboratorListRequest): Promise<EmployeeListResponse> {
  const { data } = await http.get<EmployeeListResponse>(clientPath(API.employee.list), { params: request });
  return data;
}

export function collaboratorsQueryOptions(request: CollaboratorListRequest) {
  return queryOptions({
    queryKey: [...COLLABORATORS_KEY, "list", request],
    queryFn: () => listCollaborators(request),
    placeholderData: keepPreviousData,
  });
}

export function useCollaborators(request: CollaboratorListRequest) {
  return useQuery(collaboratorsQueryOptions(request));
}
