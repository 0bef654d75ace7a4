import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RouteNameItem } from "@treiber/contract";
import { ASSIGNABLE_ROUTES_KEY } from "../../../shared/api/query-keys";
import { listRouteNames } from "../../../shared/lookups/list-route-names";

/** GET /api/v1/Route/listName → the active routes, without the synthetic 'Todas las rutas' (id 0). */
export async function listAssignableRoutes(): Promise<RouteNameItem[]> {
  return (await listRouteNames()).filter((route) => route.id !== 0);
}

export function assignableRoutesQueryOptions() {
  return queryOptions({ queryKey: ASSIGNABLE_ROUTES_KEY, queryFn: listAssignableRoutes, staleTime: 30_000 });
}

export function useAssignableRoutes(enabled = true) {
  return useQuery({ ...assignableRoutesQueryOptions(), enabled });
}
