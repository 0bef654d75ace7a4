import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DestinationForListItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORT_OPTIONS_KEY } from "../../../shared/api/query-keys";
import { listDriversWithSupplier } from "../../../shared/lookups/list-drivers-with-supplier";
import { listRouteNames } from "../../../shared/lookups/list-route-names";
import { listSupplierNames } from "../../../shared/lookups/list-supplier-names";

/** GET /api/v1/Destination/ForList → every destination. */
export async function listDestinations(): Promise<DestinationForListItem[]> {
  const { data } = await http.get<DestinationForListItem[]>(clientPath(API.destination.forList));
  return data;
}

/** The options of one report filter, kept a minute under the report options key. */
export const reportOptionsQueryOptions = <T>(name: string, queryFn: () => Promise<T>) =>
  queryOptions({ queryKey: [...REPORT_OPTIONS_KEY, name], queryFn, staleTime: 60_000 });

export const useSupplierNameOptions = () =>
  useQuery(reportOptionsQueryOptions("suppliers", listSupplierNames));
export const useRouteNameOptions = () => useQuery(reportOptionsQueryOptions("routes", listRouteNames));
export const useDriverOptions = () => useQuery(reportOptionsQueryOptions("drivers", listDriversWithSupplier));
export const useDestinationOptions = () =>
  useQuery(reportOptionsQueryOptions("destinations", listDestinations));
