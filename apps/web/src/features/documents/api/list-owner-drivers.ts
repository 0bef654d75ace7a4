import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { DriverListItem, DriverListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DRIVERS_KEY } from "../../../shared/api/query-keys";

/** How many drivers the owner select offers at once (a search narrows them). */
export const OWNER_DRIVERS_PAGE = 20;

/**
 * GET /api/v1/Driver/list: the drivers a paper can be uploaded for (a supplier's user gets only
 * theirs, filtered on the server), searched by name as typed. A vehicle's paper is its driver's.
 */
export async function listOwnerDrivers(criterion: string): Promise<DriverListItem[]> {
  const { data } = await http.get<DriverListResponse>(clientPath(API.driver.list), {
    params: { amount: OWNER_DRIVERS_PAGE, skip: 1, ...(criterion && { criterion }) },
  });
  return data.list;
}

export function ownerDriversQueryOptions(criterion: string) {
  return queryOptions({
    queryKey: [...DRIVERS_KEY, "document-owners", criterion],
    queryFn: () => listOwnerDrivers(criterion),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useOwnerDrivers(criterion: string, enabled: boolean) {
  return useQuery({ ...ownerDriversQueryOptions(criterion), enabled });
}
