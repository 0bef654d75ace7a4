import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CatalogIdResponse, DestinationCreate } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DESTINATIONS_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Destination */
export async function createDestination(body: DestinationCreate): Promise<CatalogIdResponse> {
  const { data } = await http.post<CatalogIdResponse>(clientPath(API.destination.create), body);
  return data;
}

export function useCreateDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDestination,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DESTINATIONS_KEY }),
  });
}
