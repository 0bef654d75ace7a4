import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CutRecord } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../../shared/api/http-client";
import { CUTS_KEY } from "../../../../shared/api/query-keys";

/** GET /api/v1/Cut/{id}: one cut as it was made (period, who, when, totals). */
export async function getCut(id: number): Promise<CutRecord> {
  const { data } = await http.get<CutRecord>(clientPath(API.cut.get, { id }));
  return data;
}

export function cutQueryOptions(id: number) {
  return queryOptions({ queryKey: [...CUTS_KEY, "record", id], queryFn: () => getCut(id) });
}

export function useCut(id: number) {
  return useQuery(cutQueryOptions(id));
}
