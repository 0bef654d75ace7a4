import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ServiceStatsResponse, StatsQuery } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { STATS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/IntermediateRoute/services/stats (sinceDate, untilDate MM/DD/YYYY). */
export async function getServiceStats(request: StatsQuery): Promise<ServiceStatsResponse> {
  const { data } = await http.get<ServiceStatsResponse>(clientPath(API.intermediateRoute.servicesStats), {
    params: request,
  });
  return data;
}

export function serviceStatsQueryOptions(request: StatsQuery) {
  return queryOptions({
    queryKey: [...STATS_KEY, "services", request],
    queryFn: () => getServiceStats(request),
    placeholderData: keepPreviousData,
  });
}

export function useServiceStats(request: StatsQuery) {
  return useQuery(serviceStatsQueryOptions(request));
}
