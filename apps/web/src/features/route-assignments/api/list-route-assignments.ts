import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RouteAssignments } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { routeAssignmentsKey } from "../../../shared/api/query-keys";

/** GET /api/v1/Route/assignments?routeId → the drivers and collaborators of one route. */
export async function listRouteAssignments(routeId: number): Promise<RouteAssignments> {
  const { data } = await http.get<RouteAssignments>(clientPath(API.route.assignments), {
    params: { routeId },
  });
  return data;
}

export function routeAssignmentsQueryOptions(routeId: number) {
  return queryOptions({
    queryKey: routeAssignmentsKey(routeId),
    queryFn: () => listRouteAssignments(routeId),
  });
}

export function useRouteAssignments(routeId: number | null) {
  return useQuery({ ...routeAssignmentsQueryOptions(routeId ?? 0), enabled: routeId !== null });
}
