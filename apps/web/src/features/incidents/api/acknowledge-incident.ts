import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type IncidentAcknowledgeRequest, incidentItemSchema } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { INCIDENTS_KEY } from "../../../shared/api/query-keys";
import { applyIncidentToCache } from "../lib/incident-cache";

/** PUT /api/v1/Incident/acknowledge { id, note } (Admin, SuperAdmin); answers the incident when it can. */
export async function acknowledgeIncident(body: IncidentAcknowledgeRequest): Promise<unknown> {
  const { data } = await http.put<unknown>(clientPath(API.incident.acknowledge), body);
  return data;
}

/**
 * Acknowledges; the answer (when it is the incident) updates the lists at once, and everything
 * incident-related reloads (the hub's ReceiveIncident brings the same change to other admins).
 */
export function useAcknowledgeIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeIncident,
    onSuccess: (data) => {
      const parsed = incidentItemSchema.safeParse(data);
      if (parsed.success) applyIncidentToCache(queryClient, parsed.data);
      return queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY });
    },
  });
}
