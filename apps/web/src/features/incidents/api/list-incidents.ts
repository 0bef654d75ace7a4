import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { IncidentListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { INCIDENT_LIST_KEY } from "../../../shared/api/query-keys";

/**
 * What the panel asks for: page (`skip`, 1-based) and size, optional type and status (`OPEN` = the
 * unclosed ones, ordered by severity) and an optional local-day range (MM/DD/YYYY, both or neither).
 */
export interface IncidentListRequest {
  amount: number;
  skip: number;
  type?: string;
  status?: string;
  sinceDate?: string;
  untilDate?: string;
  intermediateRouteId?: number;
}

/** GET /api/v1/Incident/list → { amount, list, openCount } */
export async function listIncidents(request: IncidentListRequest): Promise<IncidentListResponse> {
  const { data } = await http.get<IncidentListResponse>(clientPath(API.incident.list), { params: request });
  return {
    amount: data?.amount ?? 0,
    list: Array.isArray(data?.list) ? data.list : [],
    openCount: data?.openCount ?? 0,
  };
}

/** The list's cache key: its request is the last element (the live updates read it back). */
export const incidentListKey = (request: IncidentListRequest) => [...INCIDENT_LIST_KEY, request] as const;

export function incidentListQueryOptions(request: IncidentListRequest) {
  return queryOptions({
    queryKey: incidentListKey(request),
    queryFn: () => listIncidents(request),
    placeholderData: keepPreviousData,
    // Changes arrive by the hub (ReceiveIncident); this reload catches what a lost connection missed.
    refetchInterval: 120_000,
  });
}

export function useIncidents(request: IncidentListRequest) {
  return useQuery(incidentListQueryOptions(request));
}
