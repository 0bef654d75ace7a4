import { queryOptions, useQuery } from "@tanstack/react-query";
import type {
  CatalogNameItem,
  DestinationForListItem,
  DriverWithSupplierItem,
  RouteNameItem,
} from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { REPORT_OPTIONS_KEY } from "./report-keys";

/** GET /api/v1/Supplier/listName → active suppliers. */
export async function listSupplierNames(): Promise<CatalogNameItem[]> {
  const { data } = await http.get<CatalogNameItem[]>("/Supplier/listName");
  return data;
}

/** GET /api/v1/Route/listName → active routes, first 'Todas las rutas' (id 0). */
export async function listRouteNames(): Promise<RouteNameItem[]> {
  const { data } = await http.get<RouteNameItem[]>("/Route/listName");
  return data;
}

/** GET /api/v1/Driver/withSupplier/list → drivers with their supplier, first 'Todas' (id 0). */
export async function listDriversWithSupplier(): Promise<DriverWithSupplierItem[]> {
  const { data } = await http.get<DriverWithSupplierItem[]>("/Driver/withSupplier/list");
  return data;
}

/** GET /api/v1/Destination/ForList → every destination. */
export async function listDestinations(): Promise<DestinationForListItem[]> {
  const { data } = await http.get<DestinationForListItem[]>("/Destination/ForList");
  return data;
}

const options = <T>(name: string, queryFn: () => Promise<T>) =>
  queryOptions({ queryKey: [...REPORT_OPTIONS_KEY, name], queryFn, staleTime: 60_000 });

export const useSupplierNameOptions = () => useQuery(options("suppliers", listSupplierNames));
export const useRouteNameOptions = () => useQuery(options("routes", listRouteNames));
export const useDriverOptions = () => useQuery(options("drivers", listDriversWithSupplier));
export const useDestinationOptions = () => useQuery(options("destinations", listDestinations));
