import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CutRecordListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../../shared/api/http-client";
import { CUTS_KEY } from "../../../../shared/api/query-keys";
import type { ListRequest } from "../../../../shared/components/data-table";

/** GET /api/v1/Cut/list (amount, skip, optional sinceDate/untilDate): the cuts, newest first. */
export async function listCuts(request: ListRequest): Promise<CutRecordListResponse> {
  const { data } = await http.get<CutRecordListResponse>(clientPath(API.cut.list), { params: request });
  return data;
}

export function listCutsQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...CUTS_KEY, "list", request],
    queryFn: () => listCuts(request),
    placeholderData: keepPreviousData,
  });
}

export function useCuts(request: ListRequest) {
  return useQuery(listCutsQueryOptions(request));
}
