import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SupplierCreate, SupplierSavedResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SUPPLIERS_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Supplier */
export async function createSupplier(body: SupplierCreate): Promise<SupplierSavedResponse> {
  const { data } = await http.post<SupplierSavedResponse>(clientPath(API.supplier.create), body);
  return data;
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
  });
}
