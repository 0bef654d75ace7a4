import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse, RoleUserRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** POST /api/v1/Auth/roleUser */
export async function setUserRole(body: RoleUserRequest): Promise<MessageResponse> {
  const { data } = await http.post<MessageResponse>(clientPath(API.auth.roleUser), body);
  return data;
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    // The role shows in the users and the collaborators lists.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
