import type { QueryClient } from "@tanstack/react-query";
import type { IncidentItem, IncidentListResponse, IncidentTripView } from "@treiber/contract";
import { INCIDENT_LIST_KEY, INCIDENT_TRIP_KEY } from "../../../shared/api/query-keys";
import type { IncidentListRequest } from "../api/list-incidents";
import { applyIncident, applyIncidentToTrip } from "./incident-order";

/**
 * Puts one changed incident into every cached incident list (each by its own request, the key's
 * last element) and into its trip's view, without a reload.
 */
export function applyIncidentToCache(queryClient: QueryClient, item: IncidentItem): void {
  for (const [key, data] of queryClient.getQueriesData<IncidentListResponse>({
    queryKey: INCIDENT_LIST_KEY,
  })) {
    const request = key.at(-1) as IncidentListRequest | undefined;
    if (!data || !request || typeof request !== "object") continue;
    queryClient.setQueryData<IncidentListResponse>(key, applyIncident(data, item, request));
  }
  if (item.intermediateRouteId === null) return;
  queryClient.setQueryData<IncidentTripView>([...INCIDENT_TRIP_KEY, item.intermediateRouteId], (view) =>
    view ? applyIncidentToTrip(view, item) : view,
  );
}
