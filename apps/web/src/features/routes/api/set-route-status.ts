import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatusChange } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { ROUTES_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Route/status */
export async function setRouteStatus(body: StatusChange): Promise<void> {
  await http.put(clientPath(API.route.status), body);
}

export function useSetRouteStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRouteStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROUTES_KEY }),
  });
}
