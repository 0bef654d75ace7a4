import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DriverRouteAssignment } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { invalidateAssignments } from "./invalidate-assignments";

/** PUT /api/v1/Driver/addRoute?driverId&routeId (query parameters). */
export async function addDriverRoute(assignment: DriverRouteAssignment): Promise<void> {
  await http.put(clientPath(API.driver.addRoute), undefined, { params: assignment });
}

export function useAddDriverRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDriverRoute,
    onSuccess: () => invalidateAssignments(queryClient),
  });
}
