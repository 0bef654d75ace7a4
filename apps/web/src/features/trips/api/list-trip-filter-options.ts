import { queryOptions, useQuery } from "@tanstack/react-query";
import { TRIP_FILTER_OPTIONS_KEY } from "../../../shared/api/query-keys";
import { listDriversWithSupplier } from "../../../shared/lookups/list-drivers-with-supplier";
import { listRouteNames } from "../../../shared/lookups/list-route-names";

export interface FilterOption {
  id: number;
  label: string;
}

/** Makes sure the synthetic 'all' entry (id 0) comes first, whether the API sent it or not. */
export function withAllOption(options: FilterOption[], label: string): FilterOption[] {
  return [{ id: 0, label }, ...options.filter((option) => option.id !== 0)];
}

/** GET /api/v1/Driver/withSupplier/list: drivers with their supplier, first 'Todas' (id 0). */
export async function listDriverFilterOptions(): Promise<FilterOption[]> {
  const data = await listDriversWithSupplier();
  const options = (Array.isArray(data) ? data : []).map((driver) => ({
    id: driver.id,
    label:
      `${driver.name} ${driver.lastname}`.trim() + (driver.supplierName ? ` (${driver.supplierName})` : ""),
  }));
  return withAllOption(options, "Todas");
}

/** GET /api/v1/Route/listName: route names, first 'Todas las rutas' (id 0). */
export async function listRouteFilterOptions(): Promise<FilterOption[]> {
  const data = await listRouteNames();
  const options = (Array.isArray(data) ? data : []).map((route) => ({ id: route.id, label: route.name }));
  return withAllOption(options, "Todas las rutas");
}

export function driverFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...TRIP_FILTER_OPTIONS_KEY, "drivers"],
    queryFn: listDriverFilterOptions,
    staleTime: 60_000,
  });
}

export function routeFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...TRIP_FILTER_OPTIONS_KEY, "routes"],
    queryFn: listRouteFilterOptions,
    staleTime: 60_000,
  });
}

export function useDriverFilterOptions() {
  return useQuery(driverFilterOptionsQueryOptions());
}

/** `enabled` false: a supplier's user has no route names to pick from (issue 37). */
export function useRouteFilterOptions(enabled = true) {
  return useQuery({ ...routeFilterOptionsQueryOptions(), enabled });
}
