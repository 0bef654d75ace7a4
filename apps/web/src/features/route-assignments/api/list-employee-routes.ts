import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AssignedRoute } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { employeeRoutesKey } from "../../../shared/api/query-keys";

/** GET /api/v1/Employee/route?employeeId → the routes of a collaborator. */
export async function listEmployeeRoutes(employeeId: number): Promise<AssignedRoute[]> {
  const { data } = await http.get<AssignedRoute[]>(clientPath(API.employee.routes), {
    params: { employeeId },
  });
  return data;
}

export function employeeRoutesQueryOptions(employeeId: number) {
  return queryOptions({
    queryKey: employeeRoutesKey(employeeId),
    queryFn: () => listEmployeeRoutes(employeeId),
  });
}

export function useEmployeeRoutes(employeeId: number | null) {
  return useQuery({ ...employeeRoutesQueryOptions(employeeId ?? 0), enabled: employeeId !== null });
}
