import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type IncidentCloseRequest, incidentItemSchema } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { INCIDENTS_KEY } from "../../../shared/api/query-keys";
import { applyIncidentToCache } from "../lib/incident-cache";

/**
 * PUT /api/v1/Incident/close { id, note, outcome } (Admin, SuperAdmin; SOS and
 * SAFE_ARRIVAL_UNCONFIRMED only, issue 38); answers the closed incident when it can.
 */
export async function closeIncident(body: IncidentCloseRequest): Promise<unknown> {
  const { data } = await http.put<unknown>(clientPath(API.incident.close), body);
  return data;
}

/** Closes; the answer (when it is the incident) updates the lists at once, then they reload. */
export function useCloseIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeIncident,
    onSuccess: (data) => {
      const parsed = incidentItemSchema.safeParse(data);
      if (parsed.success) applyIncidentToCache(queryClient, parsed.data);
      return queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY });
    },
  });
}
