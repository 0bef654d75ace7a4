import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RouteCreateRequest, RouteSavedResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { ROUTES_KEY, SHIFTS_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Route */
export async function createRoute(body: RouteCreateRequest): Promise<RouteSavedResponse> {
  const { data } = await http.post<RouteSavedResponse>(clientPath(API.route.create), body);
  return data;
}

export function useCreateRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoute,
    // A route's shift counts in the shifts' «Rutas».
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROUTES_KEY }),
        queryClient.invalidateQueries({ queryKey: SHIFTS_KEY }),
      ]),
  });
}
