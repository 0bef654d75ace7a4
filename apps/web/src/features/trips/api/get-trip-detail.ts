import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TripDetail } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { TRIP_DETAIL_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/IntermediateRoute/detail?intermediateRouteId: any trip with its trail and riders. */
export async function getTripDetail(intermediateRouteId: number): Promise<TripDetail> {
  const { data } = await http.get<TripDetail>(clientPath(API.intermediateRoute.detail), {
    params: { intermediateRouteId },
  });
  return data;
}

export function tripDetailQueryOptions(intermediateRouteId: number) {
  return queryOptions({
    queryKey: [...TRIP_DETAIL_KEY, "any", intermediateRouteId],
    queryFn: () => getTripDetail(intermediateRouteId),
  });
}

export function useTripDetail(intermediateRouteId: number | null) {
  return useQuery({
    ...tripDetailQueryOptions(intermediateRouteId ?? 0),
    enabled: intermediateRouteId !== null,
  });
}
