import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DriverUpdateRequest, MessageResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DRIVERS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/driver */
export async function updateDriver(body: DriverUpdateRequest): Promise<MessageResponse> {
  const { data } = await http.put<MessageResponse>(clientPath(API.driver.update), body);
  return data;
}

export function useUpdateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDriver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVERS_KEY }),
  });
}
