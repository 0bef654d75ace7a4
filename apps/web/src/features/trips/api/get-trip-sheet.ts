import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TripSheet } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { TRIPS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/IntermediateRoute/sheet?intermediateRouteId: the evidence behind one trip. */
export async function getTripSheet(intermediateRouteId: number): Promise<TripSheet> {
  const { data } = await http.get<TripSheet>(clientPath(API.intermediateRoute.sheet), {
    params: { intermediateRouteId },
  });
  return data;
}

export function tripSheetQueryOptions(intermediateRouteId: number) {
  return queryOptions({
    queryKey: [...TRIPS_KEY, "sheet", intermediateRouteId],
    queryFn: () => getTripSheet(intermediateRouteId),
  });
}

export function useTripSheet(intermediateRouteId: number) {
  return useQuery(tripSheetQueryOptions(intermediateRouteId));
}
