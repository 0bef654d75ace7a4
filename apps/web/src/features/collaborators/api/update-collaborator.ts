import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmployeeUpdateRequest, MessageResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Employee */
export async function updateCollaborator(body: EmployeeUpdateRequest): Promise<MessageResponse> {
  const { data } = await http.put<MessageResponse>(clientPath(API.employee.update), body);
  return data;
}

export function useUpdateCollaborator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCollaborator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY }),
  });
}
