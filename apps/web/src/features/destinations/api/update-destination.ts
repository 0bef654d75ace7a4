import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CatalogIdResponse, DestinationUpdate } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DESTINATIONS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Destination */
export async function updateDestination(body: DestinationUpdate): Promise<CatalogIdResponse> {
  const { data } = await http.put<CatalogIdResponse>(clientPath(API.destination.update), body);
  return data;
}

export function useUpdateDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDestination,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DESTINATIONS_KEY }),
  });
}
