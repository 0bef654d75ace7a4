import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ActiveTrip, ActiveTripListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { ACTIVE_TRIPS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/IntermediateRoute/listActive: every trip in progress, read from `response.response`. */
export async function listActiveTrips(): Promise<ActiveTrip[]> {
  const { data } = await http.get<ActiveTripListResponse>(clientPath(API.intermediateRoute.listActive));
  return Array.isArray(data?.response) ? data.response : [];
}

export function activeTripsQueryOptions() {
  return queryOptions({
    queryKey: ACTIVE_TRIPS_KEY,
    queryFn: listActiveTrips,
    // Positions arrive by the hub; this reload only catches trips that started or ended.
    refetchInterval: 60_000,
  });
}

export function useActiveTrips() {
  return useQuery(activeTripsQueryOptions());
}
