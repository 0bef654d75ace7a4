import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { DriverListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DRIVERS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** The driver search ignores hyphens (spec §5): '001-1234567-8' finds '00112345678' too. */
export function driverCriterion(criterion: string | undefined): string | undefined {
  const stripped = criterion?.replaceAll("-", "").trim();
  return stripped || undefined;
}

/** GET /api/v1/Driver/list (paging, search without hyphens, creation dates, sorting). */
export async function listDrivers(request: ListRequest): Promise<DriverListResponse> {
  const { criterion: typed, ...rest } = request;
  const criterion = driverCriterion(typed);
  const { data } = await http.get<DriverListResponse>(clientPath(API.driver.list), {
    params: { ...rest, ...(criterion && { criterion }) },
  });
  return data;
}

export function driversQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...DRIVERS_KEY, "list", request],
    queryFn: () => listDrivers(request),
    placeholderData: keepPreviousData,
  });
}

export function useDrivers(request: ListRequest) {
  return useQuery(driversQueryOptions(request));
}
