import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { DestinationListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DESTINATIONS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** GET /api/v1/Destination/list (paging, search). */
export async function listDestinations(request: ListRequest): Promise<DestinationListResponse> {
  const { data } = await http.get<DestinationListResponse>(clientPath(API.destination.list), {
    params: request,
  });
  return data;
}

export function destinationsQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...DESTINATIONS_KEY, "list", request],
    queryFn: () => listDestinations(request),
    placeholderData: keepPreviousData,
  });
}

export function useDestinations(request: ListRequest) {
  return useQuery(destinationsQueryOptions(request));
}
