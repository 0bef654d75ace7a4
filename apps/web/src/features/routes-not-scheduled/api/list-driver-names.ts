import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DriverNameItem } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { DRIVER_NAMES_KEY } from "./route-not-scheduled-keys";

/** GET /api/v1/Driver/listName → the active drivers. */
export async function listDriverNames(): Promise<DriverNameItem[]> {
  const { data } = await http.get<DriverNameItem[]>("/Driver/listName");
  return data;
}

export function driverNamesQueryOptions() {
  return queryOptions({ queryKey: DRIVER_NAMES_KEY, queryFn: listDriverNames, staleTime: 60_000 });
}

export function useDriverNames(enabled = true) {
  return useQuery({ ...driverNamesQueryOptions(), enabled });
}
