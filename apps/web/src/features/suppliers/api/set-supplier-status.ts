import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatusChange } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SUPPLIERS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Supplier/status */
export async function setSupplierStatus(body: StatusChange): Promise<void> {
  await http.put(clientPath(API.supplier.status), body);
}

export function useSetSupplierStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSupplierStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
  });
}
