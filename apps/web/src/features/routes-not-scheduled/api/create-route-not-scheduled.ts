import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RouteNotScheduledCreateRequest, RouteSavedResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { ROUTES_NOT_SCHEDULED_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/RouteNotScheduled */
export async function createRouteNotScheduled(
  body: RouteNotScheduledCreateRequest,
): Promise<RouteSavedResponse> {
  const { data } = await http.post<RouteSavedResponse>(clientPath(API.routeNotScheduled.create), body);
  return data;
}

export function useCreateRouteNotScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRouteNotScheduled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROUTES_NOT_SCHEDULED_KEY }),
  });
}
