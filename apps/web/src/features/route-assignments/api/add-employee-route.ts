import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmployeeRouteAssignment } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { invalidateAssignments } from "./invalidate-assignments";

/** PUT /api/v1/Employee/addRoute?employeeId&routeId (query parameters). */
export async function addEmployeeRoute(assignment: EmployeeRouteAssignment): Promise<void> {
  await http.put(clientPath(API.employee.addRoute), undefined, { params: assignment });
}

export function useAddEmployeeRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmployeeRoute,
    onSuccess: () => invalidateAssignments(queryClient),
  });
}
