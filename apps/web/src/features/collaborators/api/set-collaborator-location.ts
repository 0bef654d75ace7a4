import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmployeeLocationRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "../../../shared/api/query-keys";

/**
 * POST /api/v1/Employee/addLocation for a collaborator without a home location yet,
 * PUT /api/v1/Employee/updateLocation otherwise.
 */
export async function setCollaboratorLocation(
  body: EmployeeLocationRequest & { hasLocation: boolean },
): Promise<void> {
  const { hasLocation, ...location } = body;
  if (hasLocation) await http.put(clientPath(API.employee.updateLocation), location);
  else await http.post(clientPath(API.employee.addLocation), location);
}

export function useSetCollaboratorLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCollaboratorLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY }),
  });
}
