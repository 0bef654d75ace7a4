import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmployeeSignupRequest, SignupResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Auth/employeeSignup */
export async function createCollaborator(body: EmployeeSignupRequest): Promise<SignupResponse> {
  const { data } = await http.post<SignupResponse>(clientPath(API.auth.employeeSignup), body);
  return data;
}

export function useCreateCollaborator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollaborator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY }),
  });
}
