import type { QueryClient } from "@tanstack/react-query";
import { ROUTES_KEY } from "../../routes/api/route-keys";
import { ROUTE_ASSIGNMENTS_KEY } from "./route-assignment-keys";

/** After an assignment changes: every assignment list and the route list (its counts). */
export function invalidateAssignments(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ROUTE_ASSIGNMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: [...ROUTES_KEY, "list"] }),
  ]);
}
