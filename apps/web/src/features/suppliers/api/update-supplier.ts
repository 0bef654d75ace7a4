import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SupplierSavedResponse, SupplierUpdate } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SUPPLIERS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Supplier */
export async function updateSupplier(body: SupplierUpdate): Promise<SupplierSavedResponse> {
  const { data } = await http.put<SupplierSavedResponse>(clientPath(API.supplier.update), body);
  return data;
}

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
  });
}
