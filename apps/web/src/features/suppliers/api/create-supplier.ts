import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CatalogIdResponse, SupplierCreate } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SUPPLIERS_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Supplier */
export async function createSupplier(body: SupplierCreate): Promise<CatalogIdResponse> {
  const { data } = await http.post<CatalogIdResponse>(clientPath(API.supplier.create), body);
  return data;
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
  });
}
