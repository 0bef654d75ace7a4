import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { IncidentThresholdValues } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { INCIDENT_THRESHOLDS_KEY } from "../../../shared/api/query-keys";

export type IncidentThresholdsSave = IncidentThresholdValues & { branchOfficeId: number };

/** PUT /api/v1/Incident/thresholds { branchOfficeId, …thresholds } (Admin, SuperAdmin). */
export async function saveIncidentThresholds(body: IncidentThresholdsSave): Promise<void> {
  await http.put(clientPath(API.incident.saveThresholds), body);
}

export function useSaveIncidentThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIncidentThresholds,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INCIDENT_THRESHOLDS_KEY }),
  });
}
