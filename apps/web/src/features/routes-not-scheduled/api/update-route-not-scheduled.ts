import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RouteNotScheduledUpdateRequest, RouteSavedResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { ROUTES_NOT_SCHEDULED_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/RouteNotScheduled */
export async function updateRouteNotScheduled(
  body: RouteNotScheduledUpdateRequest,
): Promise<RouteSavedResponse> {
  const { data } = await http.put<RouteSavedResponse>(clientPath(API.routeNotScheduled.update), body);
  return data;
}

export function useUpdateRouteNotScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRouteNotScheduled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROUTES_NOT_SCHEDULED_KEY }),
  });
}
