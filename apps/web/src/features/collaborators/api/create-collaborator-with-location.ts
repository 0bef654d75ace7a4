import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmployeeLocationSignupRequest, SignupResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Auth/employeeLocationSignup (collaborator with home location). */
export async function createCollaboratorWithLocation(
  body: EmployeeLocationSignupRequest,
): Promise<SignupResponse> {
  const { data } = await http.post<SignupResponse>(clientPath(API.auth.employeeLocationSignup), body);
  return data;
}

export function useCreateCollaboratorWithLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollaboratorWithLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY }),
  });
}
