import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";

/** POST /api/v1/Auth/roleUser */
export async function setUserRole(body: { userId: number; role: Role }): Promise<{ message: string }> {
  const { data } = await http.post<{ message: string }>("/Auth/roleUser", body);
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
