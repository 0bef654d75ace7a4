import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentTripListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { CURRENT_TRIPS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** GET /api/v1/IntermediateRoute/current/list (amount, skip, criterion) → { amount, list } */
export async function listCurrentTrips(request: ListRequest): Promise<CurrentTripListResponse> {
  const { data } = await http.get<CurrentTripListResponse>(clientPath(API.intermediateRoute.currentList), {
    params: { amount: request.amount, skip: request.skip, criterion: request.criterion },
  });
  return { amount: data?.amount ?? 0, list: Array.isArray(data?.list) ? data.list : [] };
}

export function currentTripsQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...CURRENT_TRIPS_KEY, request],
    queryFn: () => listCurrentTrips(request),
    placeholderData: keepPreviousData,
    // Trips start and end all day: keep the list fresh while the page is open.
    refetchInterval: 30_000,
  });
}

export function useCurrentTrips(request: ListRequest) {
  return useQuery(currentTripsQueryOptions(request));
}
