import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DriverNameItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../api/http-client";
import { DRIVER_NAMES_KEY } from "../api/query-keys";

/** GET /api/v1/Driver/listName → the active drivers (inactive ones cannot be picked or assigned). */
export async function listDriverNames(): Promise<DriverNameItem[]> {
  const { data } = await http.get<DriverNameItem[]>(clientPath(API.driver.listName));
  return data;
}

export function driverNamesQueryOptions(staleTime = 60_000) {
  return queryOptions({ queryKey: DRIVER_NAMES_KEY, queryFn: listDriverNames, staleTime });
}

export function useDriverNames(enabled = true, staleTime?: number) {
  return useQuery({ ...driverNamesQueryOptions(staleTime), enabled });
}
