import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RouteUpdateRequest } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { ROUTES_KEY } from "./route-keys";

/** PUT /api/v1/Route */
export async function updateRoute(body: RouteUpdateRequest): Promise<{ id: number }> {
  const { data } = await http.put<{ id: number }>("/Route", body);
  return data;
}

export function useUpdateRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROUTES_KEY }),
  });
}
