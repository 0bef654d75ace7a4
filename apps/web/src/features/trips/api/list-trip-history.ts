import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { RouteHistoryQuery, RouteHistoryResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { TRIP_HISTORY_KEY } from "../../../shared/api/query-keys";

/** Route history request (spec §3): every field sent; driverId and routeId 0 mean all; dates MM/DD/YYYY. */
export type TripHistoryRequest = Required<RouteHistoryQuery>;

/** GET /api/v1/IntermediateRoute/history → { amount, data } */
export async function listTripHistory(request: TripHistoryRequest): Promise<RouteHistoryResponse> {
  const { data } = await http.get<RouteHistoryResponse>(clientPath(API.intermediateRoute.history), {
    params: request,
  });
  return { amount: data?.amount ?? 0, data: Array.isArray(data?.data) ? data.data : [] };
}

export function tripHistoryQueryOptions(request: TripHistoryRequest) {
  return queryOptions({
    queryKey: [...TRIP_HISTORY_KEY, request],
    queryFn: () => listTripHistory(request),
    placeholderData: keepPreviousData,
  });
}

export function useTripHistory(request: TripHistoryRequest) {
  return useQuery(tripHistoryQueryOptions(request));
}
