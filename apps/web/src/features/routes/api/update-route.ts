import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RouteSavedResponse, RouteUpdateRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { ROUTES_KEY, SHIFTS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Route */
export async function updateRoute(body: RouteUpdateRequest): Promise<RouteSavedResponse> {
  const { data } = await http.put<RouteSavedResponse>(clientPath(API.route.update), body);
  return data;
}

export function useUpdateRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoute,
    // A route's shift counts in the shifts' «Rutas».
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROUTES_KEY }),
        queryClient.invalidateQueries({ queryKey: SHIFTS_KEY }),
      ]),
  });
}
