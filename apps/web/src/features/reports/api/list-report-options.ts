import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DestinationForListItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { listDriversWithSupplier } from "../../drivers/api/list-drivers-with-supplier";
import { listRouteNames } from "../../routes/api/list-route-names";
import { listSupplierNames } from "../../suppliers/api/list-supplier-names";
import { REPORT_OPTIONS_KEY } from "./report-keys";

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
