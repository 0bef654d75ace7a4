import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatusChange } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { USERS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/User/status */
export async function setUserStatus(body: StatusChange): Promise<void> {
  await http.put(clientPath(API.user.status), body);
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
