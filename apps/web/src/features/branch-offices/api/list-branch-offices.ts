import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { BranchOfficeListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { BRANCH_OFFICES_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** GET /api/v1/BranchOffice/list (paging, search, creation dates). */
export async function listBranchOffices(request: ListRequest): Promise<BranchOfficeListResponse> {
  const { data } = await http.get<BranchOfficeListResponse>(clientPath(API.branchOffice.list), {
    params: request,
  });
  return data;
}

export function branchOfficesQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...BRANCH_OFFICES_KEY, "list", request],
    queryFn: () => listBranchOffices(request),
    placeholderData: keepPreviousData,
  });
}

export function useBranchOffices(request: ListRequest) {
  return useQuery(branchOfficesQueryOptions(request));
}
