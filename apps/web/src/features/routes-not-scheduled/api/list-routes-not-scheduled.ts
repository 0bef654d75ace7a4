import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { RouteNotScheduledListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { ROUTES_NOT_SCHEDULED_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** GET /api/v1/RouteNotScheduled/list (amount, skip 1-based, criterion, sinceDate/untilDate MM/DD/YYYY). */
export async function listRoutesNotScheduled(request: ListRequest): Promise<RouteNotScheduledListResponse> {
  const { data } = await http.get<RouteNotScheduledListResponse>(clientPath(API.routeNotScheduled.list), {
    params: request,
  });
  return data;
}

export function routesNotScheduledQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...ROUTES_NOT_SCHEDULED_KEY, "list", request],
    queryFn: () => listRoutesNotScheduled(request),
    placeholderData: keepPreviousData,
  });
}

export function useRoutesNotScheduled(request: ListRequest) {
  return useQuery(routesNotScheduledQueryOptions(request));
}
