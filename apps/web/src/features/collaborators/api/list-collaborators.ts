import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { EmployeeListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** GET /api/v1/Employee/list (paging, search, creation dates MM/DD/YYYY). */
export async function listCollaborators(request: ListRequest): Promise<EmployeeListResponse> {
  const { data } = await http.get<EmployeeListResponse>(clientPath(API.employee.list), { params: request });
  return data;
}

export function collaboratorsQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...COLLABORATORS_KEY, "list", request],
    queryFn: () => listCollaborators(request),
    placeholderData: keepPreviousData,
  });
}

export function useCollaborators(request: ListRequest) {
  return useQuery(collaboratorsQueryOptions(request));
}
