import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";
import type { RecordStatus } from "../../../shared/components/data-table";
import { USERS_KEY } from "./user-keys";

/** PUT /api/v1/User/status */
export async function setUserStatus(body: { id: number; status: RecordStatus }): Promise<void> {
  await http.put("/User/status", body);
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
