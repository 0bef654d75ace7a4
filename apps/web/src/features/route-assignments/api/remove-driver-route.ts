import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DriverRouteAssignment } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { invalidateAssignments } from "./invalidate-assignments";

/** DELETE /api/v1/Driver/removeRoute?driverId&routeId (query parameters). */
export async function removeDriverRoute(assignment: DriverRouteAssignment): Promise<void> {
  await http.delete(clientPath(API.driver.removeRoute), { params: assignment });
}

export function useRemoveDriverRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDriverRoute,
    onSuccess: () => invalidateAssignments(queryClient),
  });
}
