import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogNameItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../api/http-client";
import { DESTINATION_NAMES_KEY } from "../api/query-keys";

/** GET /api/v1/Destination/listName?criterion (at most 20). */
export async function listDestinationNames(criterion: string): Promise<CatalogNameItem[]> {
  const { data } = await http.get<CatalogNameItem[]>(clientPath(API.destination.listName), {
    params: criterion ? { criterion } : {},
  });
  return data;
}

export function destinationNamesQueryOptions(criterion: string) {
  return queryOptions({
    queryKey: [...DESTINATION_NAMES_KEY, criterion],
    queryFn: () => listDestinationNames(criterion),
    placeholderData: keepPreviousData,
  });
}

export function useDestinationNames(criterion: string, enabled = true) {
  return useQuery({ ...destinationNamesQueryOptions(criterion), enabled });
}
