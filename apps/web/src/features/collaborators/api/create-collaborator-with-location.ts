import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmployeeSignupRequest } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "./collaborator-keys";
import type { SignupResponse } from "./create-collaborator";

export interface CollaboratorLocation {
  address: string;
  latitude: number;
  longitude: number;
}

export type EmployeeLocationSignupBody = EmployeeSignupRequest & { location: CollaboratorLocation };

/** POST /api/v1/Auth/employeeLocationSignup (collaborator with home location). */
export async function createCollaboratorWithLocation(
  body: EmployeeLocationSignupBody,
): Promise<SignupResponse> {
  const { data } = await http.post<SignupResponse>("/Auth/employeeLocationSignup", body);
  return data;
}

export function useCreateCollaboratorWithLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollaboratorWithLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY }),
  });
}
