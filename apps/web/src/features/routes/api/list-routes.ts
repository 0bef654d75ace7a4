import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { RouteListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { ROUTES_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** GET /api/v1/Route/list (amount, skip 1-based, criterion, creation dates, sorting). */
export async function listRoutes(request: ListRequest): Promise<RouteListResponse> {
  const { data } = await http.get<RouteListResponse>(clientPath(API.route.list), { params: request });
  return data;
}

export function routesQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...ROUTES_KEY, "list", request],
    queryFn: () => listRoutes(request),
    placeholderData: keepPreviousData,
  });
}

export function useRoutes(request: ListRequest) {
  return useQuery(routesQueryOptions(request));
}
