import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignupResponse, SupplierSignupRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { USERS_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Auth/supplierSignup: a user of a supplier's portal (issue 37); Admin and SuperAdmin. */
export async function createSupplierUser(body: SupplierSignupRequest): Promise<SignupResponse> {
  const { data } = await http.post<SignupResponse>(clientPath(API.auth.supplierSignup), body);
  return data;
}

export function useCreateSupplierUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplierUser,
    // The new user shows in «Usuarios» with the «Suplidor» role.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
