import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";
import { invalidateAssignments } from "./invalidate-assignments";

export interface EmployeeRouteAssignment {
  employeeId: number;
  routeId: number;
}

/** PUT /api/v1/Employee/addRoute?employeeId&routeId (query parameters). */
export async function addEmployeeRoute(assignment: EmployeeRouteAssignment): Promise<void> {
  await http.put("/Employee/addRoute", undefined, { params: assignment });
}

export function useAddEmployeeRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmployeeRoute,
    onSuccess: () => invalidateAssignments(queryClient),
  });
}
