import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DriverSignupRequest, SignupResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DRIVERS_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Auth/driverSignup */
export async function createDriver(body: DriverSignupRequest): Promise<SignupResponse> {
  const { data } = await http.post<SignupResponse>(clientPath(API.auth.driverSignup), body);
  return data;
}

export function useCreateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDriver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVERS_KEY }),
  });
}
