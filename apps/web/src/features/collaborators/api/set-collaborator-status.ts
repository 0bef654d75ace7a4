import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatusChange } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Employee/status (id of the employee). */
export async function setCollaboratorStatus(body: StatusChange): Promise<void> {
  await http.put(clientPath(API.employee.status), body);
}

export function useSetCollaboratorStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCollaboratorStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY }),
  });
}
