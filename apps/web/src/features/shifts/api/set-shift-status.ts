import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatusChange } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SHIFTS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Shift/status */
export async function setShiftStatus(body: StatusChange): Promise<void> {
  await http.put(clientPath(API.shift.status), body);
}

export function useSetShiftStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShiftStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHIFTS_KEY }),
  });
}
