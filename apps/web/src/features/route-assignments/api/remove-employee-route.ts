import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmployeeRouteAssignment } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { invalidateAssignments } from "./invalidate-assignments";

/** DELETE /api/v1/Employee/removeRoute?employeeId&routeId (query parameters). */
export async function removeEmployeeRoute(assignment: EmployeeRouteAssignment): Promise<void> {
  await http.delete(clientPath(API.employee.removeRoute), { params: assignment });
}

export function useRemoveEmployeeRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEmployeeRoute,
    onSuccess: () => invalidateAssignments(queryClient),
  });
}
