import { queryOptions, useQuery } from "@tanstack/react-query";
import type { IncidentTripView } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { INCIDENT_TRIP_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/Incident/trip/{intermediateRouteId}: the trip against its plan, with its incidents. */
export async function getIncidentTrip(intermediateRouteId: number): Promise<IncidentTripView> {
  const { data } = await http.get<IncidentTripView>(clientPath(API.incident.trip, { intermediateRouteId }));
  return {
    ...data,
    plannedPath: Array.isArray(data?.plannedPath) ? data.plannedPath : [],
    stops: Array.isArray(data?.stops) ? data.stops : [],
    trace: Array.isArray(data?.trace) ? data.trace : [],
    incidents: Array.isArray(data?.incidents) ? data.incidents : [],
  };
}

export const incidentTripKey = (intermediateRouteId: number) =>
  [...INCIDENT_TRIP_KEY, intermediateRouteId] as const;

export function incidentTripQueryOptions(intermediateRouteId: number) {
  return queryOptions({
    queryKey: incidentTripKey(intermediateRouteId),
    queryFn: () => getIncidentTrip(intermediateRouteId),
  });
}

export function useIncidentTrip(intermediateRouteId: number | null) {
  return useQuery({
    ...incidentTripQueryOptions(intermediateRouteId ?? 0),
    enabled: intermediateRouteId !== null,
  });
}
