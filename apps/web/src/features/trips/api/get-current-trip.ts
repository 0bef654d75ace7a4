import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TripDetail } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { TRIP_DETAIL_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/IntermediateRoute/current/{id}: a trip in progress with its trail and riders. */
export async function getCurrentTrip(id: number): Promise<TripDetail> {
  const { data } = await http.get<TripDetail>(clientPath(API.intermediateRoute.current, { id }));
  return data;
}

export function currentTripQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...TRIP_DETAIL_KEY, "current", id],
    queryFn: () => getCurrentTrip(id),
    staleTime: 0,
  });
}

export function useCurrentTrip(id: number | null) {
  return useQuery({ ...currentTripQueryOptions(id ?? 0), enabled: id !== null });
}
