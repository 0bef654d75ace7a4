import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EmployeeLocationItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/Employee/list/locationInfo → active collaborators with a home location. */
export async function listCollaboratorLocations(): Promise<EmployeeLocationItem[]> {
  const { data } = await http.get<EmployeeLocationItem[]>(clientPath(API.employee.locationInfo));
  return data;
}

export function collaboratorLocationsQueryOptions() {
  return queryOptions({
    queryKey: [...COLLABORATORS_KEY, "locations"],
    queryFn: listCollaboratorLocations,
    staleTime: 30_000,
  });
}

export function useCollaboratorLocations(enabled = true) {
  return useQuery({ ...collaboratorLocationsQueryOptions(), enabled });
}
