import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CutCheckResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../../shared/api/http-client";
import { CUTS_KEY } from "../../../../shared/api/query-keys";

/** GET /api/v1/Cut/check: the billing invariant and where the next cut must start. */
export async function getCutCheck(): Promise<CutCheckResponse> {
  const { data } = await http.get<CutCheckResponse>(clientPath(API.cut.check));
  return data;
}

export function cutCheckQueryOptions() {
  return queryOptions({ queryKey: [...CUTS_KEY, "check"], queryFn: getCutCheck });
}

export function useCutCheck() {
  return useQuery(cutCheckQueryOptions());
}
