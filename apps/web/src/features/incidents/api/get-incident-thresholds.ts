import { queryOptions, useQuery } from "@tanstack/react-query";
import type { IncidentThresholdsResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { INCIDENT_THRESHOLDS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/Incident/thresholds?branchOfficeId: the branch office's effective thresholds. */
export async function getIncidentThresholds(branchOfficeId: number): Promise<IncidentThresholdsResponse> {
  const { data } = await http.get<IncidentThresholdsResponse>(clientPath(API.incident.thresholds), {
    params: { branchOfficeId },
  });
  return data;
}

export const incidentThresholdsKey = (branchOfficeId: number) =>
  [...INCIDENT_THRESHOLDS_KEY, branchOfficeId] as const;

export function incidentThresholdsQueryOptions(branchOfficeId: number) {
  return queryOptions({
    queryKey: incidentThresholdsKey(branchOfficeId),
    queryFn: () => getIncidentThresholds(branchOfficeId),
  });
}

export function useIncidentThresholds(branchOfficeId: number | null) {
  return useQuery({
    ...incidentThresholdsQueryOptions(branchOfficeId ?? 0),
    enabled: branchOfficeId !== null,
  });
}
