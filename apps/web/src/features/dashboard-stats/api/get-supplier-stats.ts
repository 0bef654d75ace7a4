import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { StatsQuery, SupplierStatsItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { STATS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/Supplier/service/stats (sinceDate, untilDate MM/DD/YYYY) → amount per supplier. */
export async function getSupplierStats(request: StatsQuery): Promise<SupplierStatsItem[]> {
  const { data } = await http.get<SupplierStatsItem[]>(clientPath(API.supplier.serviceStats), {
    params: request,
  });
  return data;
}

export function supplierStatsQueryOptions(request: StatsQuery) {
  return queryOptions({
    queryKey: [...STATS_KEY, "suppliers", request],
    queryFn: () => getSupplierStats(request),
    placeholderData: keepPreviousData,
  });
}

export function useSupplierStats(request: StatsQuery) {
  return useQuery(supplierStatsQueryOptions(request));
}
