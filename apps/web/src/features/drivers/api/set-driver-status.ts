import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatusChange } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DRIVERS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Driver/status */
export async function setDriverStatus(body: StatusChange): Promise<void> {
  await http.put(clientPath(API.driver.status), body);
}

export function useSetDriverStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDriverStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVERS_KEY }),
  });
}
