import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";
import type { RecordStatus } from "../../../shared/components/data-table";
import { COLLABORATORS_KEY } from "./collaborator-keys";

/** PUT /api/v1/Employee/status (id of the employee). */
export async function setCollaboratorStatus(body: { id: number; status: RecordStatus }): Promise<void> {
  await http.put("/Employee/status", body);
}

export function useSetCollaboratorStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCollaboratorStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY }),
  });
}
