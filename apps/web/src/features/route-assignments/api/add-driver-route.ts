import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DriverRouteAssignment } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { invalidateAssignments } from "./invalidate-assignments";

/** PUT /api/v1/Driver/addRoute?driverId&routeId (query parameters). */
export async function addDriverRoute(assignment: DriverRouteAssignment): Promise<void> {
  await http.put("/Driver/addRoute", undefined, { params: assignment });
}

export function useAddDriverRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDriverRoute,
    onSuccess: () => invalidateAssignments(queryClient),
  });
}
