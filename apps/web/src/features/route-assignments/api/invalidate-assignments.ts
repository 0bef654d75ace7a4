import type { QueryClient } from "@tanstack/react-query";
import { ROUTE_ASSIGNMENTS_KEY, ROUTES_KEY } from "../../../shared/api/query-keys";

/** After an assignment changes: every assignment list and the route list (its counts). */
export function invalidateAssignments(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ROUTE_ASSIGNMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: [...ROUTES_KEY, "list"] }),
  ]);
}
