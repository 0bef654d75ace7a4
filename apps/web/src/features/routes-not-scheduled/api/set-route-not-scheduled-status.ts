import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatusChange } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { ROUTES_NOT_SCHEDULED_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/RouteNotScheduled/status */
export async function setRouteNotScheduledStatus(body: StatusChange): Promise<void> {
  await http.put(clientPath(API.routeNotScheduled.status), body);
}

export function useSetRouteNotScheduledStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRouteNotScheduledStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROUTES_NOT_SCHEDULED_KEY }),
  });
}
