import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";
import type { RecordStatus } from "../../../shared/components/data-table";
import { ROUTES_NOT_SCHEDULED_KEY } from "./route-not-scheduled-keys";

/** PUT /api/v1/RouteNotScheduled/status */
export async function setRouteNotScheduledStatus(body: { id: number; status: RecordStatus }): Promise<void> {
  await http.put("/RouteNotScheduled/status", body);
}

export function useSetRouteNotScheduledStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRouteNotScheduledStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROUTES_NOT_SCHEDULED_KEY }),
  });
}
