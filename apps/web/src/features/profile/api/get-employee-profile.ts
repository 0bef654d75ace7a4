import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EmployeeProfile } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** GET /api/v1/Employee/Profile: the signed-in employee's own profile (with its QR payload). */
export async function getEmployeeProfile(): Promise<EmployeeProfile> {
  const { data } = await http.get<EmployeeProfile>(clientPath(API.employee.profile));
  return data;
}

export function employeeProfileQueryOptions() {
  return queryOptions({ queryKey: ["employee", "profile"], queryFn: getEmployeeProfile });
}

export function useEmployeeProfile() {
  return useQuery(employeeProfileQueryOptions());
}
