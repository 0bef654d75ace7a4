import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogNameItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../api/http-client";
import { DAYS_KEY } from "../api/query-keys";

/** GET /api/v1/Day → the days of the week. */
export async function listDays(): Promise<CatalogNameItem[]> {
  const { data } = await http.get<CatalogNameItem[]>(clientPath(API.day.list));
  return data;
}

export function daysQueryOptions() {
  return queryOptions({ queryKey: DAYS_KEY, queryFn: listDays, staleTime: Number.POSITIVE_INFINITY });
}

export function useDays() {
  return useQuery(daysQueryOptions());
}
