import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TripRider } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { TRIP_RIDERS_KEY } from "../../../shared/api/query-keys";

/**
 * GET /api/v1/TransportService/listEmployee (trip in progress) or
 * /TransportService/finished/listEmployee (finished trip): the riders, boarded and cancelled.
 */
export async function listTripRiders(intermediateRouteId: number, finished: boolean): Promise<TripRider[]> {
  const path = finished
    ? clientPath(API.transportService.finishedListEmployee)
    : clientPath(API.transportService.listEmployee);
  const { data } = await http.get<TripRider[]>(path, { params: { intermediateRouteId } });
  return Array.isArray(data) ? data : [];
}

export function tripRidersQueryOptions(intermediateRouteId: number, finished: boolean) {
  return queryOptions({
    queryKey: [...TRIP_RIDERS_KEY, intermediateRouteId, finished ? "finished" : "current"],
    queryFn: () => listTripRiders(intermediateRouteId, finished),
  });
}

export function useTripRiders(intermediateRouteId: number | null, finished: boolean) {
  return useQuery({
    ...tripRidersQueryOptions(intermediateRouteId ?? 0, finished),
    enabled: intermediateRouteId !== null,
    // While the trip runs, riders board and cancel: keep the list fresh.
    refetchInterval: finished ? false : 30_000,
  });
}
