import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DriverNameItem } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { ASSIGNABLE_DRIVERS_KEY } from "./route-assignment-keys";

/** GET /api/v1/Driver/listName → the active drivers (inactive ones cannot be assigned). */
export async function listAssignableDrivers(): Promise<DriverNameItem[]> {
  const { data } = await http.get<DriverNameItem[]>("/Driver/listName");
  return data;
}

export function assignableDriversQueryOptions() {
  return queryOptions({
    queryKey: ASSIGNABLE_DRIVERS_KEY,
    queryFn: listAssignableDrivers,
    staleTime: 30_000,
  });
}

export function useAssignableDrivers(enabled = true) {
  return useQuery({ ...assignableDriversQueryOptions(), enabled });
}
